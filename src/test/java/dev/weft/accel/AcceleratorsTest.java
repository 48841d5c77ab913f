package dev.weft.accel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AcceleratorsTest {

  @Test
  void theModeComesFromThePropertyThenTheVariableElseOn() {
    assertEquals(FastMode.ON, FastMode.from(Map.of(), null));
    assertEquals(FastMode.OFF, FastMode.from(Map.of("WEFT_FAST", "off"), null));
    assertEquals(FastMode.VERIFY, FastMode.from(Map.of("WEFT_FAST", "off"), " Verify "));
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> FastMode.from(Map.of("WEFT_FAST", "turbo"), null));
    assertEquals("WEFT_FAST must be on, off or verify, found 'turbo'", bad.getMessage());
  }

  @Test
  void offNeverTriesAFastPathAndOnlyVerifyCompares() {
    assertFalse(new Accelerators(FastMode.OFF).tryFast());
    assertTrue(new Accelerators(FastMode.ON).tryFast());
    assertFalse(new Accelerators(FastMode.ON).verify());
    assertTrue(new Accelerators(FastMode.VERIFY).verify());
  }

  @Test
  void theSummaryCountsEachPathAndDivergencesAreHandedOutOnceInOrder() {
    Accelerators acc = new Accelerators(FastMode.VERIFY);
    assertEquals("weft fast paths (verify): none used", acc.summary());
    acc.took("yaml");
    acc.took("yaml");
    acc.declined("yaml");
    acc.declined("schema");
    assertEquals(
        "weft fast paths (verify): schema 0 fast / 1 declined, yaml 2 fast / 1 declined",
        acc.summary());
    acc.diverged(new Divergence("yaml", "b.yaml", "x"));
    acc.diverged(new Divergence("template", "a.j2", "y"));
    assertEquals(
        List.of(new Divergence("template", "a.j2", "y"), new Divergence("yaml", "b.yaml", "x")),
        acc.takeDivergences());
    assertEquals(List.of(), acc.takeDivergences());
  }
}
