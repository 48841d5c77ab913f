package dev.weft.platform.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.HeadroomTable;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SONiC's pg_profile_lookup.ini as buffermgrd reads it: the shipped tables load; a broken one is
 * refused at its line and column with what was expected and found; an oversized one is refused from
 * its size; a user profile's table is the one used for a user SKU.
 */
class PgProfileLookupTest {

  private static final String SHIPPED = "src/main/resources/dev/weft/platform/sonic/hwsku/";
  private static final String HEADER = "# speed cable  size   xon    xoff   threshold\n";

  @Test
  void everyShippedTableLoadsWithItsRowsAndLines() throws Exception {
    int tables = 0;
    for (String sku : SonicHwskus.BUILT_IN) {
      var t = new SonicHwskus().table(sku);
      if (t.isPresent()) {
        tables++;
        assertTrue(t.get().rows().size() >= 20, sku);
        assertTrue(t.get().source().endsWith(sku + ".pg_profile_lookup.ini"), t.get().source());
      }
    }
    assertEquals(6, tables, "the six Mellanox SKUs ship one");
    HeadroomTable o128 = new SonicHwskus().table("Mellanox-SN5600-O128").orElseThrow();
    HeadroomTable.Row row = o128.row(400000, 40).orElseThrow();
    assertEquals(List4.of(303104L, 19456L, 283648L, 0L), List4.of(row));
    assertEquals("40m", row.cable());
    String line =
        Files.readAllLines(
                Path.of(System.getProperty("weft.project.dir", "."))
                    .resolve(SHIPPED + "Mellanox-SN5600-O128.pg_profile_lookup.ini"))
            .get(row.line() - 1);
    assertEquals("400000 40m 303104 19456 283648 0", line.strip().replaceAll("\\s+", " "));
    assertTrue(o128.row(400000, 3).isEmpty(), "no nearest match");
    assertEquals(java.util.List.of("5m", "40m", "300m"), o128.cablesAt(400000));
    assertTrue(new SonicHwskus().table("Arista-7060DX5-64S").isEmpty());
  }

  /** size, xon, xoff, threshold of a row. */
  private record List4(long size, long xon, long xoff, long th) {
    static List4 of(HeadroomTable.Row r) {
      return new List4(r.size(), r.xon(), r.xoff(), r.dynamicTh());
    }

    static List4 of(long size, long xon, long xoff, long th) {
      return new List4(size, xon, xoff, th);
    }
  }

  @Test
  void aBrokenTableIsRefusedAtItsLineAndColumn() {
    var bad =
        assertThrows(
            HeadroomTable.InvalidException.class,
            () ->
                PgProfileLookup.parse(
                    "X", "t.ini", HEADER + "  10000    5m 19456  19456  2x600          0\n"));
    assertEquals("t.ini:2:29", bad.where().toString());
    assertEquals("2x600", bad.found());
    var cable =
        assertThrows(
            HeadroomTable.InvalidException.class,
            () -> PgProfileLookup.parse("X", "t.ini", "  10000    5 19456 19456 25600 0\n"));
    assertEquals("t.ini:1:12", cable.where().toString());
    assertEquals("metres with 'm', e.g. 40m", cable.expected());
    var fields =
        assertThrows(
            HeadroomTable.InvalidException.class,
            () -> PgProfileLookup.parse("X", "t.ini", HEADER + "\n  10000 5m 19456 19456\n"));
    assertEquals("t.ini:3:3", fields.where().toString());
    assertEquals("4 fields", fields.found());
    var twice =
        assertThrows(
            HeadroomTable.InvalidException.class,
            () -> PgProfileLookup.parse("X", "t.ini", "10000 5m 1 2 3 0\n10000 5m 4 5 6 0\n"));
    assertEquals("t.ini:2:1", twice.where().toString());
    assertTrue(twice.getMessage().contains("first at line 1"), twice.getMessage());
    var empty =
        assertThrows(
            HeadroomTable.InvalidException.class,
            () -> PgProfileLookup.parse("X", "t.ini", HEADER));
    assertTrue(empty.getMessage().contains("no rows"), empty.getMessage());
  }

  @Test
  void aUserTableIsReadBesideItsProfileAndRefusedFromItsSize(@TempDir Path dir) throws Exception {
    String sku = "Mellanox-SN5600-Test";
    try (var in =
        PgProfileLookupTest.class
            .getClassLoader()
            .getResourceAsStream(SonicHwskus.CLASSPATH_DIR + "Mellanox-SN5600-O128.properties")) {
      Files.write(dir.resolve(sku + ".properties"), in.readAllBytes());
    }
    assertTrue(new SonicHwskus(dir, "platform/hwsku").table(sku).isEmpty(), "no table: none");
    Files.writeString(dir.resolve(sku + ".pg_profile_lookup.ini"), HEADER + "400000 3m 1 2 3 0\n");
    HeadroomTable t = new SonicHwskus(dir, "platform/hwsku").table(sku).orElseThrow();
    assertEquals("platform/hwsku/" + sku + ".pg_profile_lookup.ini", t.source());
    assertEquals(3, t.row(400000, 3).orElseThrow().xoff());
    Files.write(
        dir.resolve(sku + ".pg_profile_lookup.ini"), new byte[(int) PgProfileLookup.MAX_BYTES + 1]);
    var big =
        assertThrows(
            HeadroomTable.InvalidException.class,
            () -> new SonicHwskus(dir, "platform/hwsku").table(sku));
    assertTrue(big.getMessage().contains("limit: PG lookup table size"), big.getMessage());
    assertEquals((PgProfileLookup.MAX_BYTES + 1) + " bytes", big.found());
  }
}
