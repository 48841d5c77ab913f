package dev.weft.netconf;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A FAKE device that puts a DOCTYPE with entities into its messages, which a real netconfd never
 * does. The entities point at a canary file and carry a canary string; a safe client expands
 * neither.
 */
final class FakeDtdDevice extends FakeDevice {

  enum Where {
    HELLO,
    REPLY
  }

  static String doctype(Path canaryFile, String canaryText) {
    return "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY file SYSTEM \""
        + canaryFile.toUri()
        + "\">"
        + "<!ENTITY text \""
        + canaryText
        + "\"><!ENTITY lol \"&text;&text;&text;&text;&text;&text;\">]>";
  }

  FakeDtdDevice(Path hostKey, Where where, Path canaryFile, String canaryText) throws IOException {
    super(
        hostKey,
        (in, out) -> {
          String dtd = doctype(canaryFile, canaryText);
          if (where == Where.HELLO) {
            send(
                out,
                dtd
                    + "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
                    + "<capability>urn:ietf:params:netconf:base:1.0</capability><capability>&file;&lol;</capability>"
                    + "</capabilities><session-id>7</session-id></hello>]]>]]>");
          } else {
            send(out, HELLO_1_0 + "]]>]]>");
            readEom(in); // client hello
            readEom(in); // first RPC
            send(
                out,
                dtd
                    + "<rpc-reply message-id=\"1\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                    + "<data>&file;&lol;</data></rpc-reply>]]>]]>");
          }
          drain(in);
        });
  }
}
