package dev.weft.live;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Runs the tools as local processes behind an optional command prefix (for the simulated fabric:
 * {@code scripts/ib-lab exec STATE}). Output goes through temporary files, never a pipe a tool's
 * children could hold open, and each call has a time limit so an unresponsive fabric cannot hang a
 * drift run.
 */
public final class IbProcessTools implements IbTools {

  /**
   * The most a tool may print before its output is refused unread: the same bound as one NETCONF
   * reply. {@code ibnetdiscover -p} of a 2,048-switch fabric prints about 15 MiB.
   */
  public static final long MAX_OUTPUT_BYTES = 64L * 1024 * 1024;

  /** Of a failing tool's standard error only the start is read, for its first line. */
  private static final int ERROR_HEAD_BYTES = 4096;

  private final List<String> prefix;
  private final long limitSeconds;
  private final long maxOutputBytes;

  public IbProcessTools(List<String> prefix, long limitSeconds) {
    this(prefix, limitSeconds, MAX_OUTPUT_BYTES);
  }

  /** With another output bound (tests). */
  IbProcessTools(List<String> prefix, long limitSeconds, long maxOutputBytes) {
    this.prefix = List.copyOf(prefix);
    this.limitSeconds = limitSeconds;
    this.maxOutputBytes = maxOutputBytes;
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
  public static IbProcessTools fromEnvironment(Function<String, String> env, long limitSeconds) {
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
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IbReadException(
            String.join(" ", args) + ": no answer within " + limitSeconds + " s");
      }
      if (p.exitValue() != 0) {
        String why = head(err).strip();
        throw new IbReadException(
            String.join(" ", args)
                + " failed (exit "
                + p.exitValue()
                + ")"
                + (why.isEmpty() ? "" : ": " + why.lines().findFirst().orElse("")));
      }
      // The size is checked on the file, before the memory for the text is spent.
      long size = Files.size(out);
      if (size > maxOutputBytes) {
        throw new IbReadException(
            String.join(" ", args)
                + " printed "
                + size
                + " bytes, more than the "
                + maxOutputBytes
                + " Weft reads (limit: InfiniBand tool output)");
      }
      return Files.readString(out, StandardCharsets.UTF_8);
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

  private static String head(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return new String(in.readNBytes(ERROR_HEAD_BYTES), StandardCharsets.UTF_8);
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
