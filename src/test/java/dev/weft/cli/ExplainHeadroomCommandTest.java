package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  /** roce-pod-a copied to {@code tmp}, with {@code from} replaced by {@code to} in {@code file}. */
  private static Path podA(Path tmp, String file, String from, String to) throws IOException {
    Path source = Path.of(inventory("roce-pod-a"));
    Path copy = tmp.resolve("roce-pod-a");
    try (var files = Files.walk(source)) {
      for (Path f : files.toList()) {
        Path target = copy.resolve(source.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
    Path edited = copy.resolve(file);
    String text = Files.readString(edited);
    assertTrue(text.contains(from), from);
    Files.writeString(edited, text.replace(from, to));
    return copy;
  }

  @Test
  void sonicsOwnTableSaysWhenItHasNoRowForThePortsCableLength() {
    // roce-pod-a's host links are 3 m; the SN5600-O128 table has 5m, 40m and 300m rows only
    Run r = run("explain-headroom", "leaf-01", "Ethernet0", inventory("roce-pod-a"));
    assertEquals(ExitCode.OK, r.code(), r.err());
    assertTrue(
        r.out()
            .contains(
                "SONiC's pg_profile_lookup.ini of Mellanox-SN5600-O128 (classpath:dev/weft/platform/"
                    + "sonic/hwsku/Mellanox-SN5600-O128.pg_profile_lookup.ini)"),
        r.out());
    assertTrue(
        r.out().contains("  no row for speed 400000 and cable 3 m: at 400000 it has 5m, 40m, 300m"),
        r.out());
  }

  @Test
  void sonicsOwnRowStandsBesideWeftsValueWithTheDifference(@TempDir Path tmp) throws IOException {
    Path pod =
        podA(
            tmp,
            "links/fabric.yaml",
            "leaf-01:Ethernet256, b: spine-01:Ethernet0, cable-length: 30m",
            "leaf-01:Ethernet256, b: spine-01:Ethernet0, cable-length: 40m");
    Run r = run("explain-headroom", "leaf-01", "Ethernet256", pod.toString());
    assertEquals(ExitCode.OK, r.code(), r.err());
    // the O128 row 400000/40m: size 303104, xon 19456, xoff 283648, threshold 0 (its line 33)
    assertTrue(
        r.out()
            .contains(
                ".pg_profile_lookup.ini:33: speed 400000, cable 40m: size 303104 B, xon 19456 B,"
                    + " xoff 283648 B, dynamic_th 0"),
        r.out());
    Matcher xoff = Pattern.compile("result: xoff (\\d+) B").matcher(r.out());
    assertTrue(xoff.find(), r.out());
    long weft = Long.parseLong(xoff.group(1));
    assertTrue(
        r.out()
            .contains(
                "  xoff: table 283648 B, Weft "
                    + weft
                    + " B, Weft - table "
                    + dev.weft.compile.HeadroomComparison.signed(weft - 283648, 283648)),
        r.out());
    assertTrue(r.out().contains("  xon: table 19456 B, Weft 19456 B, Weft - table 0\n"), r.out());
    assertTrue(r.out().contains("xon and xoff each): no (xoff)"), r.out());
  }

  @Test
  void aBrokenUserTableIsALocatedErrorAndWeftsExplanationStands(@TempDir Path tmp)
      throws IOException {
    String sku = "Mellanox-SN5600-Lab";
    Path pod =
        podA(
            tmp,
            "switches/leaves.yaml",
            "hwsku: Mellanox-SN5600-O128   # 128 x 400G: its profile gives the ports' lanes and the"
                + " buffer pools",
            "hwsku: " + sku);
    Path profiles = Files.createDirectories(tmp.resolve("hwsku"));
    try (var in =
        getClass()
            .getClassLoader()
            .getResourceAsStream("dev/weft/platform/sonic/hwsku/Mellanox-SN5600-O128.properties")) {
      Files.write(profiles.resolve(sku + ".properties"), in.readAllBytes());
    }
    Files.writeString(
        profiles.resolve(sku + ".pg_profile_lookup.ini"),
        "# speed cable size xon xoff threshold\n400000 3m 19456 19456 14x336 0\n");
    Run r =
        run(
            "explain-headroom",
            "leaf-01",
            "Ethernet0",
            pod.toString(),
            "--hwsku-profiles",
            profiles.toString());
    assertEquals(ExitCode.FINDINGS, r.code(), r.err());
    assertTrue(r.out().contains("result: xoff "), r.out());
    assertTrue(
        r.err()
            .contains(
                sku
                    + ".pg_profile_lookup.ini:2:23: error [hwsku-profile] field 5 (xoff) is not a"
                    + " number of the right shape (expected bytes, e.g. 19456, found 14x336)"),
        r.err());
    // weft validate says it too, once per switch of the SKU, at the table's line and column
    Run validate = run("validate", pod.toString(), "--hwsku-profiles", profiles.toString());
    assertEquals(ExitCode.OK, validate.code(), validate.out() + validate.err());
    long located =
        validate
            .out()
            .lines()
            .filter(l -> l.contains(sku + ".pg_profile_lookup.ini:2:23"))
            .filter(l -> l.contains("render-error") && l.contains("PG lookup table"))
            .count();
    assertEquals(1, located, "leaf-01 alone names the SKU: " + validate.out());
  }
}
