package dev.weft.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Test helper: the real headless Chromium (Debian package {@code chromium}) on a local file: a
 * screenshot, the DOM after load, and the console messages the page produced (Chromium logs them on
 * stderr as {@code CONSOLE(...)} lines with {@code --enable-logging=stderr}). Offline: {@code
 * --no-proxy-server} and the page's own Content Security Policy.
 */
public final class Chromium {

  public static final String BINARY = "/usr/bin/chromium";

  /** What one run gave: the DOM (for --dump-dom) and the console lines of stderr. */
  public record Run(String dom, List<String> console, String stderr) {}

  private Chromium() {}

  public static Run screenshot(Path page, Path png, int width, int height)
      throws IOException, InterruptedException {
    return run(page, width, height, "--screenshot=" + png.toAbsolutePath());
  }

  public static Run dumpDom(Path page, int width, int height)
      throws IOException, InterruptedException {
    return run(page, width, height, "--dump-dom");
  }

  private static Run run(Path page, int width, int height, String what)
      throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory("weft-chromium");
    Path out = Files.createTempFile("chromium", ".out");
    Path err = Files.createTempFile("chromium", ".err");
    try {
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  BINARY,
                  "--headless",
                  "--disable-gpu",
                  "--no-sandbox",
                  "--no-first-run",
                  "--no-proxy-server",
                  "--disable-extensions",
                  "--hide-scrollbars",
                  "--user-data-dir=" + profile,
                  "--enable-logging=stderr",
                  "--v=0",
                  "--window-size=" + width + "," + height,
                  what,
                  page.toUri().toString()));
      Process p =
          new ProcessBuilder(cmd)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("chromium did not finish in 120 s");
      }
      String stderr = Files.readString(err, StandardCharsets.UTF_8);
      List<String> console =
          stderr
              .lines()
              .filter(
                  l -> l.contains("CONSOLE") || l.contains("Uncaught") || l.contains("Refused to"))
              .toList();
      if (p.exitValue() != 0) {
        throw new IOException("chromium exit " + p.exitValue() + ":\n" + stderr);
      }
      return new Run(Files.readString(out, StandardCharsets.UTF_8), console, stderr);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      FileTrees.delete(profile);
    }
  }
}
