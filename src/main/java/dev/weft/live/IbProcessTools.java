package dev.weft.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the tools as local processes behind an optional command prefix (for the simulated fabric:
 * {@code scripts/ib-lab exec STATE}). Output goes through temporary files, never a pipe a tool's
 * children could hold open, and each call has a time limit so an unresponsive fabric cannot hang a
 * drift run.
 */
public final class IbProcessTools implements IbTools {

  private final List<String> prefix;
  private final long limitSeconds;

  public IbProcessTools(List<String> prefix, long limitSeconds) {
    this.prefix = List.copyOf(prefix);
    this.limitSeconds = limitSeconds;
  }

  /**
   * Environment variable holding the command prefix for the tools (e.g. {@code scripts/ib-lab exec
   * /tmp/ib}).
   */
  public static final String PREFIX_VARIABLE = "WEFT_IB_TOOLS";

  /**
   * The tools as {@code weft drift} runs them: locally on the SM host, or behind the
   * whitespace-separated command prefix in {@value #PREFIX_VARIABLE} (the simulated fabric: {@code
   * scripts/ib-lab exec STATE}).
   */
  public static IbProcessTools fromEnvironment(
      java.util.function.Function<String, String> env, long limitSeconds) {
    String prefix = env.apply(PREFIX_VARIABLE);
    List<String> words =
        prefix == null || prefix.isBlank() ? List.of() : List.of(prefix.strip().split("\\s+"));
    return new IbProcessTools(words, limitSeconds);
  }

  /** The command prefix (empty: the tools run directly). */
  public List<String> prefix() {
    return prefix;
  }

  @Override
  public String run(List<String> args) throws IbReadException {
    List<String> cmd = new ArrayList<>(prefix);
    cmd.addAll(args);
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("weft-ib-", ".out");
      err = Files.createTempFile("weft-ib-", ".err");
      Process p =
          new ProcessBuilder(cmd)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IbReadException(
            String.join(" ", args) + ": no answer within " + limitSeconds + " s");
      }
      String text = Files.readString(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        String why = Files.readString(err, StandardCharsets.UTF_8).strip();
        throw new IbReadException(
            String.join(" ", args)
                + " failed (exit "
                + p.exitValue()
                + ")"
                + (why.isEmpty() ? "" : ": " + why.lines().findFirst().orElse("")));
      }
      return text;
    } catch (IOException e) {
      throw new IbReadException("cannot run " + cmd.get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IbReadException(String.join(" ", args) + ": interrupted");
    } finally {
      delete(out);
      delete(err);
    }
  }

  private static void delete(Path p) {
    if (p != null) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException ignored) {
        // a leftover temp file is harmless
      }
    }
  }
}
