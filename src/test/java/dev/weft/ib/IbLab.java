package dev.weft.ib;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Drives {@code scripts/ib-lab} for tests: the real ibsim and OpenSM, started and stopped by the
 * project's own script. Output goes to files (never a pipe a daemon could inherit), and every call
 * has a hard limit so a broken fabric fails the test instead of hanging it.
 */
public final class IbLab implements AutoCloseable {

  /** What a script call printed and returned. */
  public record Run(int exit, String out, String err) {
    public List<String> lines() {
      return out.isBlank() ? List.of() : List.of(out.strip().split("\n"));
    }
  }

  /**
   * Rendered files of a model laid out for {@link #up}: the topology and one {@code node=dir} per
   * SM.
   */
  public record Prepared(Path net, List<String> sms) {}

  /** Renders {@code model} (OpenSM files per SM host, ibsim topology) into {@code dir}. */
  public static Prepared prepare(dev.weft.model.FabricModel model, Path dir) throws IOException {
    dev.weft.render.OpenSmRenderer.Output out =
        new dev.weft.render.OpenSmRenderer(dev.weft.render.TemplateFolders.builtIn()).render(model);
    if (!out.findings().isEmpty()) {
      throw new IllegalStateException("rendering failed: " + out.findings());
    }
    List<String> sms = new ArrayList<>();
    for (dev.weft.model.SubnetManager sm : model.subnet().subnetManagers()) {
      Path smDir = dir.resolve(sm.host());
      Files.createDirectories(smDir);
      for (var f : out.devices().get(sm.host()).entrySet()) {
        Files.writeString(smDir.resolve(f.getKey()), f.getValue());
      }
      String hca =
          model.hostNamed(sm.host()).orElseThrow().hcas().stream()
              .filter(h -> sm.portGuid() == null || h.portGuid().equalsIgnoreCase(sm.portGuid()))
              .findFirst()
              .orElseThrow()
              .name();
      sms.add(dev.weft.compile.IbsimTopology.nodeId(sm.host(), hca) + "=" + smDir);
    }
    Path net =
        Files.writeString(
            dir.resolve(dev.weft.render.OpenSmRenderer.TOPOLOGY_FILE), out.topology());
    return new Prepared(net, sms);
  }

  private final Path script;
  private final Path state;
  private final String openSmArgs;
  private boolean up;

  public IbLab(Path projectDir, Path state) {
    this(projectDir, state, "");
  }

  /**
   * @param openSmArgs extra opensm options, e.g. {@code -D 0x07} to log partitions.conf warnings
   */
  public IbLab(Path projectDir, Path state, String openSmArgs) {
    this.script = projectDir.resolve("scripts/ib-lab");
    this.state = state;
    this.openSmArgs = openSmArgs;
  }

  public Path state() {
    return state;
  }

  /**
   * Starts the fabric; {@code sms} are {@code node=confdir} pairs. Fails with the script's output
   * on error.
   */
  public Run up(Path net, List<String> sms) {
    List<String> args = new ArrayList<>(List.of("up", state.toString(), net.toString()));
    args.addAll(sms);
    Run r = run(args, 600);
    up = r.exit() == 0;
    if (!up) {
      throw new IllegalStateException("ib-lab up failed (" + r.exit() + "):\n" + r.out() + r.err());
    }
    return r;
  }

  public Run query(String... what) {
    List<String> args = new ArrayList<>(List.of("query", state.toString()));
    args.addAll(List.of(what));
    return run(args, 600);
  }

  public Run reload(int sm, Path confDir) {
    return run(List.of("reload", state.toString(), String.valueOf(sm), confDir.toString()), 300);
  }

  /**
   * One line to ibsim's console (e.g. {@code PerformanceSet "leaf-01"[6]
   * PortCounters.SymbolErrorCounter=25}): exit 0 once ibsim has applied it, 1 when it refused it.
   */
  public Run sim(String command) {
    return run(List.of("sim", state.toString(), command), 120);
  }

  /** The command prefix that runs an infiniband-diags tool attached to this fabric. */
  public List<String> execPrefix() {
    return List.of(script.toString(), "exec", state.toString());
  }

  public Run run(List<String> args, long limitSeconds) {
    try {
      Files.createDirectories(state);
      Path out = Files.createTempFile(state, "ib-lab-", ".out");
      Path err = Files.createTempFile(state, "ib-lab-", ".err");
      List<String> cmd = new ArrayList<>(List.of(script.toString()));
      cmd.addAll(args);
      ProcessBuilder pb =
          new ProcessBuilder(cmd)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      pb.environment().put("IB_LAB_OPENSM_ARGS", openSmArgs);
      Process p = pb.start();
      if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(
            "ib-lab " + args + " did not finish within " + limitSeconds + " s");
      }
      Run r =
          new Run(
              p.exitValue(),
              Files.readString(out, StandardCharsets.UTF_8),
              Files.readString(err, StandardCharsets.UTF_8));
      Files.delete(out);
      Files.delete(err);
      return r;
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + script + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  public void close() {
    run(List.of("down", state.toString()), 120);
    up = false;
  }
}
