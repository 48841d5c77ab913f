package dev.weft.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files named by options ({@code --baseline}, …): read whole but bounded, so that {@code
 * /dev/zero}, a pipe, a folder or an unreadable file is a usage error naming the option, never an
 * out-of-memory crash.
 */
final class OptionFiles {

  /** Largest option file read (docs/limits.md). */
  static final long MAX_BYTES = 16L * 1024 * 1024;

  private OptionFiles() {}

  /** The file as UTF-8 text. */
  static String readText(String option, Path file) {
    byte[] bytes = read(option, file);
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new UsageException(option + " " + file + ": not UTF-8 text");
    }
  }

  static byte[] read(String option, Path file) {
    if (!Files.exists(file)) {
      throw new UsageException(option + " " + file + ": no such file");
    }
    if (!Files.isRegularFile(file)) {
      throw new UsageException(option + " " + file + ": not a regular file");
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        throw new UsageException(
            option
                + " "
                + file
                + ": larger than "
                + MAX_BYTES
                + " bytes (limit: option file size)");
      }
      return bytes;
    } catch (IOException e) {
      throw new UsageException(
          option
              + " "
              + file
              + ": cannot read it ("
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + e.getMessage())
              + ")");
    }
  }
}
