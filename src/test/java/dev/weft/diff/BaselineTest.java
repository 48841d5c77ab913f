package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class BaselineTest {

  static final Finding A = FingerprintTest.MTU;
  static final Finding B =
      Finding.of("pfc-watchdog-disabled", Severity.WARNING, "leaf-02 has no PFC watchdog")
          .onDevice("leaf-02");

  @Test
  void writtenBaselineReadsBackAndIsSorted() {
    String text = Baseline.write(List.of(B, A), "inventories/pod");
    assertEquals(
        text,
        Baseline.write(List.of(A, B), "inventories/pod"),
        "order of findings does not matter");
    Baseline read = Baseline.parse(text, "weft-baseline.txt");
    assertEquals(Baseline.of(List.of(A, B), "inventories/pod"), read);
    assertTrue(text.contains("\tmtu-switch-nic\tleaf-01\tEthernet0\t"), text);
  }

  @Test
  void knownFindingsAreExistingAndOthersNew() {
    Baseline known = Baseline.of(List.of(A), "inventories/pod");
    FindingDiff diff = FindingDiff.againstBaseline(known, List.of(A, B), "inventories/pod");
    assertEquals(List.of(A), diff.existing().stream().map(ClassifiedFinding::finding).toList());
    assertEquals(List.of(B), diff.added().stream().map(ClassifiedFinding::finding).toList());
  }

  @Test
  void aLineThatIsNotAFingerprintIsNamedWithFileLineAndColumn() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Baseline.parse("# header\n0123456789abcdef\tx\nnot-a-print\trule\n", "b.txt"));
    assertEquals(
        "b.txt:3:1: expected a 16-digit hex fingerprint (as written by 'weft validate --write-baseline'),"
            + " found 'not-a-print'",
        e.getMessage());
  }
}
