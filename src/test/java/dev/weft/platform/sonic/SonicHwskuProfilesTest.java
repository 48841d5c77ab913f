package dev.weft.platform.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HWSKU profiles as data: the shipped ones are exactly what {@code weft hwsku import} makes of
 * the vendored SONiC device folders; a broken user profile is refused at its file, line and column
 * with what was expected and found; a user profile cannot shadow a built-in one; the documented key
 * table is the reader's.
 */
class SonicHwskuProfilesTest {

  private static final Path ROOT =
      Path.of(System.getProperty("weft.project.dir", ".")).toAbsolutePath().normalize();
  private static final Path VENDOR = ROOT.resolve("vendor/sonic-buildimage");
  private static final Path SHIPPED =
      ROOT.resolve("src/main/resources/dev/weft/platform/sonic/hwsku");

  /** The sku folders SOURCE pins. */
  private static List<Path> skus() throws Exception {
    List<Path> out = new ArrayList<>();
    for (String line : Files.readAllLines(VENDOR.resolve("SOURCE"))) {
      if (line.startsWith("sku ")) {
        out.add(VENDOR.resolve(line.substring(4).strip()));
      }
    }
    return out;
  }

  @Test
  void everyShippedProfileIsAFreshImportOfItsVendoredFolder() throws Exception {
    List<Path> skus = skus();
    assertTrue(skus.size() >= 6, skus.toString());
    TreeSet<String> imported = new TreeSet<>();
    for (Path sku : skus) {
      HwskuImport.Result r = new HwskuImport(sku, null).run();
      imported.add(r.hwsku());
      Path shipped = SHIPPED.resolve(r.hwsku() + ".properties");
      assertEquals(
          r.profile(),
          Files.readString(shipped),
          shipped + " is not `weft hwsku import " + ROOT.relativize(sku) + "`; import it again");
      Path table = SHIPPED.resolve(r.hwsku() + ".pg_profile_lookup.ini");
      assertEquals(r.pgProfileLookup().isPresent(), Files.exists(table), table.toString());
      if (r.pgProfileLookup().isPresent()) {
        assertEquals(r.pgProfileLookup().get(), Files.readString(table), table.toString());
      }
      assertEquals(
          r.hwsku(), new SonicHwskus().lookup(r.hwsku()).orElseThrow().name(), "reads back");
    }
    TreeSet<String> shipped = new TreeSet<>();
    try (Stream<Path> files = Files.list(SHIPPED)) {
      files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".properties"))
          .forEach(n -> shipped.add(n.substring(0, n.length() - ".properties".length())));
    }
    assertEquals(imported, shipped, "one shipped profile per vendored SKU");
    assertEquals(new TreeSet<>(SonicHwskus.BUILT_IN), shipped, "SonicHwskus.BUILT_IN");
  }

  @Test
  void theImportTakesTheAsicFromSonicsOwnTables() throws Exception {
    Map<String, String> asics = new TreeMap<>();
    for (Path sku : skus()) {
      HwskuImport.Result r = new HwskuImport(sku, null).run();
      asics.put(r.hwsku(), new SonicHwskus().lookup(r.hwsku()).orElseThrow().asic());
    }
    assertEquals("spectrum-2", asics.get("Mellanox-SN3800-C64"));
    assertEquals("spectrum-3", asics.get("Mellanox-SN4600C-C64"));
    assertEquals("spectrum-4", asics.get("Mellanox-SN5600-C224O8"));
    assertEquals("tomahawk-5", asics.get("Arista-7060X6-64PE-C256S2"));
    assertEquals("tomahawk-4", asics.get("Arista-7060DX5-64S"));
  }

  @Test
  void theC224O8HasItsEight400gPortsAndItsPools() throws Exception {
    SonicHwsku sku = new SonicHwskus().lookup("Mellanox-SN5600-C224O8").orElseThrow();
    long eight = sku.ports().values().stream().filter(p -> p.speedMbps() == 400000).count();
    long hundred = sku.ports().values().stream().filter(p -> p.speedMbps() == 100000).count();
    assertEquals(8, eight, sku.ports().toString());
    assertEquals(224, hundred);
    // buffers_defaults_t1.j2 sets ingress_lossless_pool_size = '125752320'
    assertEquals(125752320L, sku.pools().get("ingress_lossless_pool").size());
    assertEquals("ingress", sku.pools().get("ingress_lossless_pool").type());
  }

  /**
   * Where a SKU has both, SONiC's two port sources agree: the breakout of hwsku.json over
   * platform.json and port_config.ini name the same ports with the same lanes, aliases, indexes and
   * speeds.
   */
  @Test
  void hwskuJsonBreakoutsGiveThePortsOfPortConfigIni() throws Exception {
    Path sku = VENDOR.resolve("device/mellanox/x86_64-nvidia_sn5600-r0/Mellanox-SN5600-O128");
    List<SonicHwsku.Port> breakouts =
        SonicPortLayout.fromBreakouts(
            "hwsku.json",
            Files.readString(sku.resolve("hwsku.json")),
            "platform.json",
            Files.readString(sku.resolve("../platform.json")));
    List<SonicHwsku.Port> ini =
        SonicPortLayout.fromPortConfig(
            "port_config.ini", Files.readString(sku.resolve("port_config.ini")));
    Map<String, SonicHwsku.Port> a = new TreeMap<>();
    breakouts.forEach(p -> a.put(p.name(), p));
    Map<String, SonicHwsku.Port> b = new TreeMap<>();
    ini.forEach(p -> b.put(p.name(), p));
    assertEquals(b, a);
    assertEquals(129, a.size());
  }

  /** The root and a folder right below it have no platform/hwsku pair: a refusal, not a crash. */
  @Test
  void aFolderWithoutAPlatformAboveItIsRefused() {
    for (java.nio.file.Path dir :
        List.of(java.nio.file.Path.of("/"), java.nio.file.Path.of("/tmp"))) {
      HwskuImportException e =
          assertThrows(HwskuImportException.class, () -> new HwskuImport(dir, null).run());
      assertTrue(e.line().contains("not a SONiC device folder"), e.line());
    }
  }

  @Test
  void aStatementTheBufferReaderDoesNotKnowIsRefusedAtItsPlace() {
    String t1 =
        "{% set ingress_lossless_pool_size = '100' %}\n"
            + "{% for x in y %}{% endfor %}\n"
            + "{%- macro generate_buffer_pool_and_profiles() %}\n"
            + "\"BUFFER_POOL\": { \"p\": { \"size\": \"{{ ingress_lossless_pool_size }}\","
            + " \"type\": \"ingress\", \"mode\": \"dynamic\" } }\n"
            + "{%- endmacro %}\n";
    HwskuImportException e =
        assertThrows(
            HwskuImportException.class,
            () -> SonicBufferDefaults.read(name -> name.equals("t1.j2") ? t1 : null, "t1.j2"));
    assertEquals("t1.j2:2:1", e.where().toString(), e.line());
    assertTrue(e.found().contains("for x in y"), e.line());
  }

  @Test
  void theBufferReaderFollowsConditionsAsJinjaDoes() throws Exception {
    String t1 =
        "{%- if (SYSTEM_DEFAULTS is defined) and (SYSTEM_DEFAULTS['x'] == 'y') -%}\n"
            + "{% set size = '1' %}\n"
            + "{%- else -%}\n"
            + "{% set size = '2' %}\n"
            + "{%- endif -%}\n"
            + "{%- macro generate_buffer_pool_and_profiles() %}\n"
            + "\"BUFFER_POOL\": {\n"
            + "{% if dynamic_mode is not defined and port_names_inactive|length > 0 -%}\n"
            + "\"zero\": { \"size\": \"0\", \"type\": \"ingress\", \"mode\": \"static\" },\n"
            + "{% endif -%}\n"
            + "\"p\": { {% if dynamic_mode is not defined -%}\"size\": \"{{ size }}\",{% endif -%}"
            + " \"type\": \"egress\", \"mode\": \"dynamic\" } }\n"
            + "{%- endmacro %}\n";
    SonicBufferDefaults.Result r =
        SonicBufferDefaults.read(name -> name.equals("t1.j2") ? t1 : null, "t1.j2");
    assertEquals(Map.of("p", new SonicBufferDefaults.Pool("p", "egress", "dynamic", 2)), r.pools());
  }

  // ------------------------------------------------------------------ user profiles

  private static final String GOOD =
      "# source: test\nprofile-version=1\n\n# source: test\nplatform=x86_64-test\n\n"
          + "# source: test\nasic=spectrum-4\n\n# source: test\npool.ingress_lossless_pool=ingress"
          + " dynamic 1000\n\n# source: test\nport.Ethernet0=0,1,2,3 etp1 1 400000\n";

  private static SonicHwskus.InvalidProfileException broken(String text) {
    return assertThrows(
        SonicHwskus.InvalidProfileException.class,
        () -> SonicHwskus.parse("Site-X", "hw/Site-X.properties", text));
  }

  @Test
  void aBrokenProfileIsRefusedAtItsLineAndColumnWithExpectedAndFound() throws Exception {
    assertEquals("x86_64-test", SonicHwskus.parse("Site-X", "f", GOOD).platform());

    var syntax = broken(GOOD.replace("asic=spectrum-4", "asic spectrum-4"));
    assertEquals("hw/Site-X.properties:8:1", syntax.where().toString(), syntax.getMessage());
    assertEquals("key=value", syntax.expected());

    var lanes = broken(GOOD.replace("0,1,2,3 etp1", "0,1,x,3 etp1"));
    assertEquals("hw/Site-X.properties:14:16", lanes.where().toString(), lanes.getMessage());
    assertEquals("0,1,x,3 etp1 1 400000", lanes.found());

    var speed = broken(GOOD.replace("etp1 1 400000", "etp1 1 400"));
    assertEquals("hw/Site-X.properties:14:31", speed.where().toString(), speed.getMessage());
    assertEquals("400", speed.found());

    var pool = broken(GOOD.replace("dynamic 1000", "dynamic 10kB"));
    assertEquals("hw/Site-X.properties:11:28", pool.where().toString(), pool.getMessage());

    var missing = broken(GOOD.replace("# source: test\nasic=spectrum-4\n", ""));
    assertTrue(missing.getMessage().contains("missing key 'asic'"), missing.getMessage());

    var unsourced = broken(GOOD.replace("# source: test\nplatform", "platform"));
    assertEquals("hw/Site-X.properties:4:1", unsourced.where().toString());
  }

  @Test
  void aUserProfileIsReadBesideTheBuiltInOnesAndMayNotShadowOne(@TempDir Path dir)
      throws Exception {
    Files.writeString(dir.resolve("Site-X.properties"), GOOD);
    SonicHwskus hwskus = new SonicHwskus(dir, "platform/hwsku");
    assertEquals("x86_64-test", hwskus.lookup("Site-X").orElseThrow().platform());
    assertTrue(hwskus.lookup("Mellanox-SN5600-O128").isPresent(), "built-ins stay");
    assertTrue(hwskus.names().contains("Site-X") && hwskus.names().contains("Mellanox-SN3800-C64"));

    Files.writeString(dir.resolve("Mellanox-SN5600-O128.properties"), GOOD);
    var both =
        assertThrows(
            SonicHwskus.InvalidProfileException.class,
            () -> new SonicHwskus(dir, "platform/hwsku").lookup("Mellanox-SN5600-O128"));
    assertEquals("platform/hwsku/Mellanox-SN5600-O128.properties:1:1", both.where().toString());
    assertTrue(
        both.getMessage().contains("classpath:dev/weft/platform/sonic/hwsku/Mellanox-SN5600-O128"),
        both.getMessage());

    Files.writeString(
        dir.resolve("Site-Big.properties"), "#".repeat((int) SonicHwskus.MAX_PROFILE_BYTES + 1));
    var big =
        assertThrows(
            SonicHwskus.InvalidProfileException.class,
            () -> new SonicHwskus(dir, "platform/hwsku").lookup("Site-Big"));
    assertTrue(big.getMessage().contains("limit: HWSKU profile size"), big.getMessage());
  }

  @Test
  void theDocumentedKeysAreTheReadersKeys() throws Exception {
    String doc = Files.readString(ROOT.resolve("docs/hwsku-profiles.md"), StandardCharsets.UTF_8);
    String table = doc.substring(doc.indexOf("| key | value |"));
    table = table.substring(0, table.indexOf("\n\n"));
    List<String> keys = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^\\| `([^`]+)` \\|").matcher(table);
    while (m.find()) {
      keys.add(m.group(1));
    }
    assertEquals(SonicHwskus.KEYS, keys);
    // and every built-in profile uses only those keys (the reader refuses others)
    for (String hwsku : SonicHwskus.BUILT_IN) {
      try (InputStream in =
          getClass()
              .getClassLoader()
              .getResourceAsStream(SonicHwskus.CLASSPATH_DIR + hwsku + ".properties")) {
        SonicHwskus.parse(hwsku, hwsku, new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
  }
}
