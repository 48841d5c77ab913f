package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code weft explain-headroom} on the example inventories, through {@link Main#run}. */
class ExplainHeadroomCommandTest {

  private static String inventory(String name) {
    String dir = System.getProperty("weft.project.dir");
    return Path.of(dir == null ? "" : dir)
        .toAbsolutePath()
        .resolve("inventories")
        .resolve(name)
        .toString();
  }

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void showsTheArithmeticAndWhereEachInputComesFrom() {
    Run r = run("explain-headroom", "leaf-01", "Ethernet0", inventory("roce-pod-a"));
    assertEquals(ExitCode.OK, r.code(), r.err());
    // roce-pod-a: 400G host port, 3 m cable, MTU 9216, NIC MTU 4200, spectrum-4
    assertTrue(r.out().contains("bytes_on_cable = 3 m / 2e8 m/s * 400e9 b/s / 8 = 750"), r.out());
    assertTrue(r.out().contains("result: xoff 143360 B, xon 19456 B, size 162816 B"), r.out());
    assertTrue(r.out().contains("cable length inventories/roce-pod-a/links/"), r.out());
    assertEquals("", r.err());
  }

  @Test
  void unknownPortIsAUsageError() {
    Run r = run("explain-headroom", "leaf-01", "Ethernet999", inventory("roce-pod-a"));
    assertEquals(ExitCode.USAGE, r.code());
    assertTrue(
        r.err().strip().startsWith("weft: switch 'leaf-01' has no port 'Ethernet999'"), r.err());
  }

  @Test
  void mistypedNamesGetTheClosestOne() {
    Run device = run("explain-headroom", "leaf-1", "Ethernet256", inventory("roce-pod-a"));
    assertEquals(ExitCode.USAGE, device.code());
    assertTrue(
        device.err().contains("no switch named 'leaf-1'")
            && device.err().contains("did you mean 'leaf-01'?"),
        device.err());
    Run port = run("explain-headroom", "leaf-01", "Ethernet265", inventory("roce-pod-a"));
    assertTrue(port.err().contains("did you mean 'Ethernet256'?"), port.err());
  }

  @Test
  void htmlGoesToTheOutputFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws java.io.IOException {
    java.nio.file.Path page = tmp.resolve("h.html");
    Run r =
        run(
            "explain-headroom",
            "leaf-01",
            "Ethernet256",
            inventory("roce-pod-a"),
            "--format",
            "html",
            "--output",
            page.toString());
    assertEquals(ExitCode.OK, r.code(), r.err());
    assertEquals("", r.out(), "nothing on stdout when --output is given");
    String html = java.nio.file.Files.readString(page);
    assertTrue(
        html.startsWith("<!DOCTYPE html>")
            && html.contains("<title>PFC headroom of leaf-01 Ethernet256</title>")
            && html.contains("cable 30 m"),
        html);
    Run text = run("explain-headroom", "leaf-01", "Ethernet256", inventory("roce-pod-a"));
    assertTrue(
        html.contains(text.out().lines().findFirst().orElseThrow()),
        "the page holds the text explanation");
  }

  @Test
  void switchWithoutAsicSaysSo() {
    Run r = run("explain-headroom", "leaf-c1", "Ethernet1/1", inventory("roce-pod-c"));
    assertEquals(ExitCode.USAGE, r.code());
    assertTrue(r.err().startsWith("weft: inventories/roce-pod-c/switches/leaves.yaml:"), r.err());
    assertTrue(
        r.err().strip().endsWith("switch 'leaf-c1' has no asic, so it has no headroom profile"),
        r.err());
  }
}
