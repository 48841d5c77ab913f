package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * The reports every reporter is tested on. Findings are listed out of contract order on purpose, so
 * the goldens also prove the sorting.
 */
final class ReportFixtures {

  static final String VERSION = "0.1.0";
  static final String INVENTORY = "inventories/roce-pod-a";

  private ReportFixtures() {}

  /** Scenario name → report; names are golden file stems. */
  static List<Scenario> all() {
    return List.of(
        new Scenario("empty", empty()),
        new Scenario("multi", multi()),
        new Scenario("waived", waived()),
        new Scenario("no-location", noLocation()),
        new Scenario("escaping", escaping()));
  }

  record Scenario(String name, Report report) {}

  static List<RuleInfo> rules() {
    return List.of(
        new RuleInfo(
            "pfc-priority-mismatch",
            "PFC priorities differ from the fabric's lossless priorities",
            "A port that pauses a priority the fabric treats as lossy, or misses a lossless one, drops RDMA traffic or spreads pause storms.",
            "Set the port's PFC priorities to the fabric's lossless priorities, or remove the port override.",
            null),
        new RuleInfo(
            "mtu-mismatch",
            "Link ends disagree on MTU",
            "RoCE frames larger than the smaller MTU on a link are dropped silently.",
            "Give both ends of the link the same MTU.",
            "https://example.org/weft/rules/mtu-mismatch"),
        new RuleInfo(
            "drift-pfc",
            "Live PFC configuration differs from intent",
            "The running configuration no longer matches what the intent renders.",
            "Re-apply the rendered configuration or update the intent.",
            null),
        new RuleInfo(
            "device-unreachable",
            "A device could not be read",
            "A device that cannot be audited may have drifted unnoticed.",
            "Check the management address, credentials and host key.",
            null));
  }

  static Report empty() {
    return Report.of(VERSION, "validate", INVENTORY, List.of(), List.of(), rules());
  }

  static Report multi() {
    return Report.of(
        VERSION,
        "validate",
        INVENTORY,
        List.of(
            Finding.of(
                    "mtu-mismatch",
                    Severity.WARNING,
                    "leaf-01 Ethernet4 has MTU 9100 but spine-01 Ethernet1 has MTU 4200")
                .at(new Location(INVENTORY + "/links.yaml", 12, 5))
                .onDevice("leaf-01")
                .onPort("Ethernet4")
                .withPath("/links/3")
                .withValues("9100", "4200"),
            Finding.of(
                    "pfc-priority-mismatch",
                    Severity.ERROR,
                    "leaf-03 Ethernet12 enables PFC on priorities [3,4] but the fabric's lossless priorities are [3]")
                .at(new Location(INVENTORY + "/switches.yaml", 41, 9))
                .onDevice("leaf-03")
                .onPort("Ethernet12")
                .withPath("/switches/2/ports/5")
                .withValues("[3]", "[3,4]"),
            Finding.of(
                    "schema", Severity.ERROR, "unknown key 'pfcc' at /fabric: did you mean 'pfc'?")
                .at(new Location(INVENTORY + "/fabric.yaml", 7, 3))
                .withPath("/fabric/pfcc"),
            Finding.of(
                    "ecn-thresholds",
                    Severity.INFO,
                    "ECN minimum threshold 150 KB is above the usual 100 KB")
                .at(new Location(INVENTORY + "/fabric.yaml", 22, 7))
                .withPath("/fabric/ecn/min")),
        List.of(),
        rules());
  }

  static Report waived() {
    return Report.of(
        VERSION,
        "validate",
        INVENTORY,
        List.of(
            Finding.of(
                    "mtu-mismatch",
                    Severity.ERROR,
                    "leaf-02 Ethernet8 has MTU 1500 but the fabric needs 9100")
                .at(new Location(INVENTORY + "/switches.yaml", 88, 11))
                .onDevice("leaf-02")
                .onPort("Ethernet8")
                .waivedBecause(
                    "Legacy storage port, migration ticket NET-1234 (expires 2027-03-31)"),
            Finding.of(
                    "pfc-priority-mismatch",
                    Severity.WARNING,
                    "leaf-02 Ethernet9 enables PFC on priority 4 too")
                .at(new Location(INVENTORY + "/switches.yaml", 95, 11))
                .onDevice("leaf-02")
                .onPort("Ethernet9")),
        List.of(),
        rules());
  }

  static Report noLocation() {
    return Report.of(
        VERSION,
        "drift",
        INVENTORY,
        List.of(
            Finding.of(
                    "drift-pfc",
                    Severity.ERROR,
                    "leaf-01 Ethernet0 runs PFC on priorities [3,4]; intent says [3]")
                .onDevice("leaf-01")
                .onPort("Ethernet0")
                .withPath("/sonic-port-qos-map:PORT_QOS_MAP/Ethernet0/pfc_enable")
                .withValues("3", "3,4"),
            Finding.of(
                    "device-unreachable",
                    Severity.ERROR,
                    "spine-02 could not be read: timeout after 30s")
                .onDevice("spine-02"),
            Finding.of(
                    "drift-pfc",
                    Severity.WARNING,
                    "leaf-01 runs a PFC watchdog of 400ms; intent says 200ms")
                .at(new Location(INVENTORY + "/fabric.yaml", 30, 5))
                .onDevice("leaf-01")
                .withValues("200ms", "400ms")),
        List.of(
            new DeviceStatus("spine-02", DeviceStatus.Status.UNREACHABLE, "timeout"),
            new DeviceStatus("leaf-01", DeviceStatus.Status.DRIFT, null),
            DeviceStatus.ok("leaf-02")),
        rules());
  }

  /**
   * Quotes, backslashes, line breaks, markup characters, a control character and non-ASCII text
   * everywhere.
   */
  static Report escaping() {
    String nasty =
        "say \"hi\" & <b>bold</b> 'x' \\ back\nnew line\ttab | pipe `tick` *star* \u001b[31m é 漢 \ud83d\ude80 </script>";
    return Report.of(
        VERSION,
        "validate",
        INVENTORY,
        List.of(
            Finding.of("pfc-priority-mismatch", Severity.ERROR, nasty)
                .at(new Location(INVENTORY + "/dir with space/switches #2 é.yaml", 3, 4))
                .onDevice("leaf-<1>")
                .onPort("Eth\"0\"")
                .withPath("/switches/0")
                .withValues("a\"b", "c\nd"),
            Finding.of("mtu-mismatch", Severity.WARNING, "waived & <quoted> \"reason\"")
                .at(new Location(INVENTORY + "/links.yaml", 1, 1))
                .waivedBecause("because <reasons> & \"quotes\"\nsecond line")),
        List.of(
            new DeviceStatus(
                "leaf-<1>", DeviceStatus.Status.ERROR, "NETCONF error: <rpc-error> & \"x\"")),
        rules());
  }
}
