package dev.weft.testing;

import dev.weft.intent.ParsedFile;
import dev.weft.source.SourceFile;
import dev.weft.source.WorkingTreeSource;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Test input helpers over the real parser and loader: inline YAML, or a temporary inventory folder.
 */
public final class TestYaml {

  private TestYaml() {}

  /** One file parsed by the real parser; fails the test if the YAML itself is broken. */
  public static ParsedFile parse(String file, String yaml) {
    SourceFile source = new SourceFile(file, yaml.getBytes(StandardCharsets.UTF_8), "test");
    ParseResult result = new YamlParser(LoadLimits.defaults()).parse(source);
    if (!result.ok()) {
      throw new AssertionError("test YAML does not parse: " + result.findings());
    }
    return new ParsedFile(source, result.root());
  }

  /** Writes the files under {@code dir/inv} and returns a source for that inventory. */
  public static WorkingTreeSource inventory(Path dir, Map<String, String> files) {
    try {
      Path inv = dir.resolve("inv");
      for (Map.Entry<String, String> f : files.entrySet()) {
        Path p = inv.resolve(f.getKey());
        Files.createDirectories(p.getParent());
        Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
      }
      return new WorkingTreeSource(dir, inv);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The project root: surefire sets {@code weft.project.dir}; else the current directory. */
  public static Path projectDir() {
    return Path.of(System.getProperty("weft.project.dir", ".")).toAbsolutePath().normalize();
  }

  /** A valid single-file RoCE inventory to break one thing at a time. */
  public static final String ROCE =
      """
            version: 1
            fabric:
              name: pod
              transport: roce-v2
              mtu: { switch: 9216, nic: 4200, roce: 4096 }
              traffic-classes:
                - name: rdma
                  dscp: [26]
                  priority: 3
                  lossless: true
                  ecn: { min: 150KB, max: 1500KB }
                  scheduler: { type: dwrr, weight: 50 }
                - name: cnp
                  dscp: [48]
                  priority: 6
                  scheduler: { type: strict }
                  role: cnp
              pfc:
                watchdog: { enabled: true }
              congestion-control: dcqcn
            profiles:
              host-400g: { speed: 400G, role: host-facing }
            switches:
              - name: leaf-01
                role: leaf
                platform: sonic
                ports:
                  - { name: Ethernet0, profile: host-400g }
            hosts:
              - name: gpu-001
                nics:
                  - { name: eth0, speed: 400G }
            links:
              - { a: leaf-01:Ethernet0, b: gpu-001:eth0, cable-length: 3m }
            """;
}
