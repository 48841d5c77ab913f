package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class FingerprintTest {

  static final Finding MTU =
      Finding.of(
              "mtu-switch-nic",
              Severity.ERROR,
              "leaf-01 Ethernet0 MTU 1500 (set at inventories/pod/switches.yaml:12:7) is below the NIC MTU 4200")
          .at(new Location("inventories/pod/switches.yaml", 12, 7))
          .onDevice("leaf-01")
          .onPort("Ethernet0")
          .withPath("/switches/0/ports/0/mtu")
          .withValues("4200", "1500");

  @Test
  void movingTheLineOrTheFileOrReorderingTheListKeepsTheFingerprint() {
    Finding moved =
        new Finding(
            MTU.rule(),
            MTU.severity(),
            "leaf-01 Ethernet0 MTU 1500 (set at inventories/pod/leaf/all.yaml:40:9) is below the NIC MTU 4200",
            new Location("inventories/pod/leaf/all.yaml", 40, 9),
            "leaf-01",
            "Ethernet0",
            "/switches/3/ports/7/mtu",
            "4200",
            "1500",
            false,
            null);
    assertEquals(
        FindingFingerprint.of(MTU, "inventories/pod"),
        FindingFingerprint.of(moved, "inventories/pod"));
  }

  @Test
  void aRenamedInventoryFolderKeepsTheFingerprint() {
    Finding renamed =
        new Finding(
            MTU.rule(),
            MTU.severity(),
            MTU.message().replace("inventories/pod/", "inventories/pod-a/"),
            new Location("inventories/pod-a/switches.yaml", 12, 7),
            "leaf-01",
            "Ethernet0",
            MTU.path(),
            "4200",
            "1500",
            false,
            null);
    assertEquals(
        FindingFingerprint.of(MTU, "inventories/pod"),
        FindingFingerprint.of(renamed, "inventories/pod-a"));
  }

  @Test
  void anotherPortDeviceRuleOrValueIsAnotherFinding() {
    String base = FindingFingerprint.of(MTU, "inventories/pod");
    assertNotEquals(base, FindingFingerprint.of(MTU.onPort("Ethernet8"), "inventories/pod"));
    assertNotEquals(base, FindingFingerprint.of(MTU.onDevice("leaf-02"), "inventories/pod"));
    assertNotEquals(base, FindingFingerprint.of(MTU.withValues("4200", "1400"), "inventories/pod"));
    assertNotEquals(
        base,
        FindingFingerprint.of(
            new Finding(
                "mtu-link-mismatch",
                MTU.severity(),
                MTU.message(),
                MTU.location(),
                MTU.device(),
                MTU.port(),
                MTU.path(),
                MTU.expected(),
                MTU.actual(),
                false,
                null),
            "inventories/pod"));
  }

  @Test
  void semanticPathDropsListIndicesOnly() {
    assertEquals(
        "/switches/*/ports/*/mtu", FindingFingerprint.semanticPath("/switches/2/ports/15/mtu"));
    assertEquals("/subnet/qos/sl2vl/*", FindingFingerprint.semanticPath("/subnet/qos/sl2vl/3"));
    assertEquals("/fabric/mtu", FindingFingerprint.semanticPath("/fabric/mtu"));
  }

  @Test
  void duplicatesAreMatchedOneForOne() {
    FindingDiff diff =
        FindingDiff.compare(List.of(MTU), "inventories/pod", List.of(MTU, MTU), "inventories/pod");
    assertEquals(1, diff.existing().size());
    assertEquals(1, diff.added().size());
    assertEquals(0, diff.fixed().size());
  }

  @Test
  void waivedFindingsAreNeitherNewNorFixed() {
    FindingDiff diff =
        FindingDiff.compare(List.of(), "p", List.of(MTU.waivedBecause("accepted")), "p");
    assertEquals(0, diff.added().size());
  }
}
