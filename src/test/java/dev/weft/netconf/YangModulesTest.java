package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project's YANG modules checked by a second implementation, libyang's yanglint (netconfd loads
 * them in NetconfDeviceTest): the modules themselves, and the example config as data.
 */
@LabTest(needs = {"/usr/bin/yanglint", "/usr/sbin/netconfd"})
class YangModulesTest {

  private static final Path YANG = NetconfLab.projectDir().resolve("yang");
  private static final String IETF = "/usr/share/yuma/modules/ietf";

  private static List<String> modules() throws IOException {
    try (Stream<Path> files = Files.list(YANG)) {
      return files
          .filter(p -> p.toString().endsWith(".yang"))
          .map(Path::toString)
          .sorted()
          .toList();
    }
  }

  private static String yanglint(List<String> args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("yanglint", "-p", IETF, "-p", YANG.toString()));
    cmd.addAll(args);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "yanglint hung");
    assertEquals(0, p.exitValue(), "yanglint " + String.join(" ", args) + ":\n" + out);
    return out;
  }

  @Test
  void modulesAreValidYangWithoutWarnings() throws Exception {
    List<String> modules = modules();
    assertEquals(
        List.of(
            "openconfig-if-aggregate.yang",
            "openconfig-if-ethernet.yang",
            "openconfig-interfaces.yang",
            "openconfig-qos-types.yang",
            "openconfig-qos.yang",
            "weft-qos-ext.yang"),
        modules.stream().map(m -> Path.of(m).getFileName().toString()).toList());
    assertEquals("", yanglint(modules).trim());
  }

  @Test
  void exampleConfigIsValidData(@TempDir Path dir) throws Exception {
    // yanglint takes the data without the NETCONF <config> wrapper
    List<String> lines = Files.readAllLines(YANG.resolve("examples/roce-leaf.xml"));
    assertTrue(
        lines.get(0).startsWith("<config ") && lines.get(lines.size() - 1).equals("</config>"));
    Path data = Files.write(dir.resolve("data.xml"), lines.subList(1, lines.size() - 1));
    List<String> args = new ArrayList<>(List.of("-t", "config"));
    args.addAll(modules());
    args.add(IETF + "/iana-if-type@2014-05-08.yang");
    args.add(data.toString());
    yanglint(args);
  }

  @Test
  void namespacesAndPrefixesFollowOpenConfig() throws Exception {
    String[][] expected = {
      {"openconfig-interfaces.yang", "http://openconfig.net/yang/interfaces", "oc-if"},
      {"openconfig-if-ethernet.yang", "http://openconfig.net/yang/interfaces/ethernet", "oc-eth"},
      {"openconfig-qos.yang", "http://openconfig.net/yang/qos", "oc-qos"},
      {"openconfig-qos-types.yang", "http://openconfig.net/yang/qos-types", "oc-qos-types"},
      {"weft-qos-ext.yang", "urn:weft:yang:qos-ext", "weft-qos"},
    };
    for (String[] e : expected) {
      String text = Files.readString(YANG.resolve(e[0]));
      assertTrue(text.contains("namespace \"" + e[1] + "\";"), e[0]);
      assertTrue(text.contains("prefix " + e[2] + ";"), e[0]);
      assertTrue(text.startsWith("module "), e[0] + " must be a module");
      assertTrue(
          !text.matches("(?s).*\\n\\s*(submodule|include|belongs-to)\\s.*"),
          e[0] + " must be a single module (yuma123 breaks on submodules)");
    }
  }
}
