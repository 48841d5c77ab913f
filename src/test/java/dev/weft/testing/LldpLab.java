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
 * Test helper: an inventory's cabling as network namespaces joined by veth pairs with Debian's
 * lldpd in each ({@code scripts/lldp-lab}); its changes (swap, move, down, up) return once every
 * lldpd shows the new cabling.
 */
public final class LldpLab implements AutoCloseable {

  /** The executables the lab needs, for {@link LabTest#needs()}. */
  public static final String LLDPD = "/usr/sbin/lldpd";

  private final Path stateDir;

  private LldpLab(Path stateDir) {
    this.stateDir = stateDir;
  }

  /**
   * Cables every link of {@code inventory} (a folder) and waits until each lldpd shows its
   * neighbours.
   */
  public static LldpLab start(Path inventory) throws IOException, InterruptedException {
    LldpLab lab = new LldpLab(Files.createTempDirectory("weft-lldp-lab"));
    try {
      lab.run("start", lab.stateDir.toString(), inventory.toString());
    } catch (IOException e) {
      lab.close();
      throw e;
    }
    return lab;
  }

  /** The control socket of {@code device}'s lldpd. */
  public String socket(String device) throws IOException, InterruptedException {
    return run("socket", stateDir.toString(), device).strip();
  }

  /** The far ends of two ports exchanged ({@code device:port} each). */
  public void swap(String end1, String end2) throws IOException, InterruptedException {
    run("swap", stateDir.toString(), end1, end2);
  }

  /** {@code end} unplugged from its peer and plugged into {@code to}. */
  public void move(String end, String to) throws IOException, InterruptedException {
    run("move", stateDir.toString(), end, to);
  }

  /** The port set down (both ends lose the link) or up. */
  public void link(String end, boolean up) throws IOException, InterruptedException {
    run(up ? "up" : "down", stateDir.toString(), end);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    try {
      run("stop", stateDir.toString());
    } finally {
      FileTrees.delete(stateDir);
    }
  }

  /** Runs the lab script; its output goes to a file so a daemon can never hold our pipe open. */
  private String run(String... args) throws IOException, InterruptedException {
    Path log = Files.createTempFile("lldp-lab", ".log");
    Path out = Files.createTempFile("lldp-lab", ".out");
    try {
      List<String> cmd =
          new ArrayList<>(
              List.of("bash", SshLab.projectDir().resolve("scripts/lldp-lab").toString()));
      cmd.addAll(List.of(args));
      Process p =
          new ProcessBuilder(cmd)
              .redirectError(log.toFile())
              .redirectOutput(out.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(300, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("lldp-lab " + String.join(" ", args) + " did not finish in 300 s");
      }
      if (p.exitValue() != 0) {
        throw new IOException(
            "lldp-lab "
                + String.join(" ", args)
                + " failed (exit "
                + p.exitValue()
                + "):\n"
                + Files.readString(log, StandardCharsets.UTF_8));
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(log);
      Files.deleteIfExists(out);
    }
  }
}
