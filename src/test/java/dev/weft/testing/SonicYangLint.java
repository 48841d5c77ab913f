package dev.weft.testing;

import dev.weft.platform.ReadException;
import dev.weft.platform.sonic.ConfigDbToYang;
import dev.weft.platform.sonic.SonicYangJson;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * SONiC's own check of config_db.json files, for tests: each file translated as {@code
 * sonic-yang-mgmt} does ({@link SonicYangJson}) with the vendored models of {@code
 * yang/vendor/sonic}, then validated by Debian's {@code yanglint -t config} (libyang 2) with the
 * same models, many files per run.
 */
public final class SonicYangLint {

  private SonicYangLint() {}

  public static Path yangDir() {
    return Path.of(System.getProperty("weft.project.dir", "."))
        .toAbsolutePath()
        .normalize()
        .resolve("yang/vendor/sonic");
  }

  /**
   * Checks every file; returns what SONiC would refuse, by file name (empty: all load).
   *
   * @param configs name → config_db.json text
   */
  public static Map<String, String> check(Map<String, String> configs)
      throws IOException, InterruptedException {
    SonicYangJson translator;
    try {
      translator = SonicYangJson.load(yangDir());
    } catch (ReadException e) {
      throw new AssertionError("the vendored SONiC models do not load: " + e.getMessage(), e);
    }
    Map<String, String> refused = new LinkedHashMap<>();
    Path dir = Files.createTempDirectory("sonic-yang");
    try {
      Map<String, Path> files = new LinkedHashMap<>();
      int i = 0;
      for (Map.Entry<String, String> c : configs.entrySet()) {
        ConfigDbToYang.Result r;
        try {
          r = translator.translate(c.getValue(), c.getKey());
        } catch (ReadException e) {
          refused.put(c.getKey(), e.getMessage());
          continue;
        }
        if (!r.problems().isEmpty()) {
          refused.put(c.getKey(), String.join("\n", r.problems()));
          continue;
        }
        Path f = dir.resolve("d" + i++ + ".json");
        Files.writeString(f, r.json(), StandardCharsets.UTF_8);
        files.put(c.getKey(), f);
      }
      List<Path> batch = new ArrayList<>();
      for (Map.Entry<String, Path> f : files.entrySet()) {
        batch.add(f.getValue());
        if (batch.size() == 200) {
          lint(batch, files, refused);
          batch.clear();
        }
      }
      if (!batch.isEmpty()) {
        lint(batch, files, refused);
      }
    } finally {
      FileTrees.delete(dir);
    }
    return refused;
  }

  /** One file; throws with what SONiC refuses. */
  public static void assertLoads(String name, String configDb)
      throws IOException, InterruptedException {
    Map<String, String> refused = check(Map.of(name, configDb));
    if (!refused.isEmpty()) {
      throw new AssertionError(name + " is refused by SONiC's YANG:\n" + refused.get(name));
    }
  }

  private static void lint(List<Path> batch, Map<String, Path> names, Map<String, String> refused)
      throws IOException, InterruptedException {
    String out = yanglint(batch);
    if (out == null) {
      return;
    }
    // a failing batch: run its files one by one to name each refused file with libyang's message
    for (Path f : batch) {
      String one = yanglint(List.of(f));
      if (one != null) {
        names.forEach(
            (name, path) -> {
              if (path.equals(f)) {
                refused.put(name, one);
              }
            });
      }
    }
  }

  /** null when yanglint accepts every file, else its output. */
  private static String yanglint(List<Path> data) throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(List.of("yanglint", "-Q", "-t", "config", "-p", yangDir().toString()));
    try (Stream<Path> models = Files.list(yangDir())) {
      models
          .filter(p -> p.toString().endsWith(".yang"))
          .sorted()
          .forEach(p -> cmd.add(p.toString()));
    }
    data.forEach(p -> cmd.add(p.toString()));
    Path log = Files.createTempFile("yanglint", ".log");
    try {
      Process p =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(300, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("yanglint did not finish in 300 s");
      }
      String out = Files.readString(log);
      return p.exitValue() == 0 ? null : "yanglint exit " + p.exitValue() + ":\n" + out;
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
