package dev.weft.platform.cumulus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.Transaction;
import java.util.List;
import org.junit.jupiter.api.Test;

class NvuePatchTest {

  private static final String RENDERED =
      """
      # NVUE configuration for spine-c1
      - set:
          system:
            hostname: spine-c1
          qos:
            egress-scheduler:
              default-global:
                traffic-class:
                  '3':
                    mode: dwrr
                    bw-percent: 50
            pfc:
              lossless-50m:
                cable-length: 50
                switch-priority:
                  '3': {}
          interface:
            swp1:
              type: swp
              link:
                mtu: 9216
                speed: 400G
              qos:
                pfc:
                  profile: lossless-50m
      """;

  private static final String IN_SYNC =
      "[{\"header\": {\"rev-id\": 1}}, {\"set\": {\"system\": {\"hostname\": \"spine-c1\","
          + " \"aaa\": {}}, \"qos\": {\"egress-scheduler\": {\"default-global\":"
          + " {\"traffic-class\": {\"3\": {\"mode\": \"dwrr\", \"bw-percent\": \"50\"}}}},"
          + " \"pfc\": {\"lossless-50m\": {\"cable-length\": 50, \"switch-priority\": {\"3\":"
          + " {}}}}}, \"interface\": {\"swp1\": {\"type\": \"swp\", \"link\": {\"mtu\": 9216,"
          + " \"speed\": \"400G\"}, \"qos\": {\"pfc\": {\"profile\": \"lossless-50m\"}}},"
          + " \"eth0\": {\"ip\": {}}}}}]";

  @Test
  void aRevisionInSyncNeedsNoPatchWhateverElseItHolds() throws Exception {
    Transaction.Change c = NvuePatch.of(RENDERED, IN_SYNC, "spine-c1");
    assertTrue(c.isEmpty(), String.valueOf(c.text()));
    assertNull(c.text());
    assertEquals("nvue-patch", c.kind());
  }

  @Test
  void changedValuesAreSetAndExtraMembersOfOwnedSetsUnsetOthersLeftAlone() throws Exception {
    String running =
        IN_SYNC
            .replace("\"bw-percent\": \"50\"", "\"bw-percent\": 60")
            .replace(
                "\"switch-priority\": {\"3\": {}}", "\"switch-priority\": {\"3\": {}, \"5\": {}}")
            .replace("\"mtu\": 9216", "\"mtu\": 9000")
            .replace("\"speed\": \"400G\"", "\"speed\": \"200G\"")
            .replace("\"hostname\": \"spine-c1\"", "\"hostname\": \"other\"");
    Transaction.Change c = NvuePatch.of(RENDERED, running, "spine-c1");
    assertEquals(
        """
        # NVUE patch rendered by weft: nv config patch FILE
        - unset:
            qos:
              pfc:
                lossless-50m:
                  switch-priority:
                    '5': null
        - set:
            interface:
              swp1:
                link:
                  mtu: 9216
            qos:
              egress-scheduler:
                default-global:
                  traffic-class:
                    '3':
                      bw-percent: 50
        """,
        c.text(),
        "the speed and hostname are never patched");
    assertEquals(
        List.of(
            new Remediation.Step(
                DriftedPart.switchWide(Feature.PFC),
                Remediation.Operation.REMOVE,
                "qos pfc lossless-50m switch-priority 5"),
            new Remediation.Step(
                new DriftedPart(Feature.MTU, "swp1"),
                Remediation.Operation.REPLACE,
                "interface swp1 link mtu"),
            new Remediation.Step(
                DriftedPart.switchWide(Feature.SCHEDULER),
                Remediation.Operation.REPLACE,
                "qos egress-scheduler default-global traffic-class 3 bw-percent")),
        c.steps());
  }

  @Test
  void aMissingValueIsAddedAndAPortsPfcTheIntentDropsIsUnset() throws Exception {
    String running = IN_SYNC.replace("\"mtu\": 9216, ", "");
    Transaction.Change c =
        NvuePatch.of(
            RENDERED.replace(
                "        qos:\n          pfc:\n            profile: lossless-50m\n", ""),
            running,
            "spine-c1");
    assertEquals(
        List.of(
            new Remediation.Step(
                new DriftedPart(Feature.PFC, "swp1"),
                Remediation.Operation.REMOVE,
                "interface swp1 qos pfc"),
            new Remediation.Step(
                new DriftedPart(Feature.MTU, "swp1"),
                Remediation.Operation.ADD,
                "interface swp1 link mtu")),
        c.steps(),
        c.text());
  }

  @Test
  void aRunningConfigThatIsNotJsonIsAReadExceptionNamingIt() {
    ReadException e =
        assertThrows(ReadException.class, () -> NvuePatch.of(RENDERED, "[{", "spine-c1 `nv`"));
    assertTrue(e.getMessage().startsWith("spine-c1 `nv`"), e.getMessage());
  }
}
