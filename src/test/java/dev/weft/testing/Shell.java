package dev.weft.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a real program (a shell script, the launcher, git, pre-commit, podman) in a folder with a
 * given environment and keeps its exit code and output. Output goes through files, so a chatty
 * program cannot block on a full pipe; a program that does not end within the limit is killed and
 * fails the test.
 */
public final class Shell {

  private Shell() {}

  /** What a program printed and how it ended. */
  public record Result(int exit, String out, String err) {
    /** Both streams, for assertion messages. */
    public String all() {
      return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  /**
   * Runs {@code command} in {@code dir}. {@code env} is added to this process's environment; a null
   * value removes the variable. Standard input is empty.
   */
  public static Result run(
      Path dir, Map<String, String> env, List<String> command, long timeoutMinutes)
      throws IOException {
    List<String> argv = command;
    if (env.containsKey("PATH") && !command.get(0).contains("/")) {
      // Java looks a bare program name up in its own PATH; env(1) looks in the one given here.
      argv = new java.util.ArrayList<>(List.of("/usr/bin/env"));
      argv.addAll(command);
    }
    ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile());
    env.forEach(
        (k, v) -> {
          if (v == null) {
            pb.environment().remove(k);
          } else {
            pb.environment().put(k, v);
          }
        });
    Path out = Files.createTempFile("weft-shell-out-", ".txt");
    Path err = Files.createTempFile("weft-shell-err-", ".txt");
    try {
      pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
      pb.redirectOutput(out.toFile());
      pb.redirectError(err.toFile());
      Process p = pb.start();
      boolean ended;
      try {
        ended = p.waitFor(timeoutMinutes, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroyForcibly();
        throw new IOException("interrupted while running " + command, e);
      }
      if (!ended) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new AssertionError(
            command
                + " did not end within "
                + timeoutMinutes
                + " min; output so far:\n"
                + Files.readString(out, StandardCharsets.UTF_8)
                + Files.readString(err, StandardCharsets.UTF_8));
      }
      return new Result(
          p.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** {@code bash -c script}, with the script's own arguments after it ({@code $1}...). */
  public static Result bash(Path dir, Map<String, String> env, String script, String... args)
      throws IOException {
    List<String> command = new java.util.ArrayList<>(List.of("bash", "-c", script, "bash"));
    command.addAll(List.of(args));
    return run(dir, env, command, 10);
  }

  /** Whether {@code program} is on this machine's PATH. */
  public static boolean has(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Skips the calling test when {@code program} is missing, with {@code install} in the reason,
   * except in CI ({@code CI=true}), where scripts/install-test-deps installed it and a missing one
   * is a failure.
   */
  public static void require(String program, String install) {
    if (has(program)) {
      return;
    }
    String why = program + " is not installed (" + install + ")";
    if ("true".equals(System.getenv("CI"))) {
      org.junit.jupiter.api.Assertions.fail(why);
    }
    System.err.println("SKIPPED: " + why);
    org.junit.jupiter.api.Assumptions.abort(why);
  }
}
