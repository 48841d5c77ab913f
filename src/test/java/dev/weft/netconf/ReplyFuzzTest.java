package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.fuzz.Fuzz;
import dev.weft.git.BackupFile;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The NETCONF reply readers beyond the hello, on any bytes: the {@code <rpc-reply>} check (root and
 * message-id), the {@code <rpc-error>} reader and its one-line summary, the {@code <data>} and
 * {@code <ok/>} lookups, and the backup writer that turns a reply's {@code <data>} into the file
 * kept in Git. A reply is read or refused with a typed error, never another exception. The seeds
 * (ReplyFuzzTestInputs/) are replies as netconfd and the vendors send them: data, ok, errors with
 * and without warnings, a wrong message-id, a notification.
 */
class ReplyFuzzTest {

  @FuzzTest
  void anyReplyIsReadOrRefused(byte[] bytes) {
    Fuzz.typedOnly(
        () -> {
          Document doc = SecureXml.parse(bytes);
          Rpc.checkReply(doc, 1);
          List<RpcError> errors = Rpc.errors(doc);
          for (RpcError e : errors) {
            assertNotNull(e.summary(), "no summary");
            assertFalse(e.summary().isEmpty(), "an empty summary");
          }
          Reply reply = new Reply(doc, bytes, errors.stream().filter(e -> !e.isError()).toList());
          Element data = reply.data();
          if (data != null) {
            assertNotNull(BackupFile.xml(data), "no backup file");
          }
          return reply.isOk();
        },
        SecureXml.RejectedXmlException.class,
        Rpc.WrongReplyException.class);
  }
}
