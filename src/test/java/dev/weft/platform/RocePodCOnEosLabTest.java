package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code weft drift inventories/roce-pod-c} with its two EOS leaves pointed at an EOS lab (netconfd
 * loaded with Arista's published models), after each got its rendered NETCONF payload: both are
 * {@code ok}, apart from the features EOS does not serve over NETCONF, reported {@code
 * not-audited}; none is {@code no-live-profile}.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3"})
class RocePodCOnEosLabTest {

  private static final List<String> EOS = List.of("leaf-c1", "leaf-c2");

  @Test
  void eosLeavesAreOkApartFromNotAuditedFeatures() throws Exception {
    try (LabPod pod = LabPod.start("inventories/roce-pod-c", Map.of("arista", EOS))) {
      pod.seed();
      Cli r = pod.drift(EOS);
      assertEquals(Map.of("leaf-c1", "ok", "leaf-c2", "ok"), r.devices(), r.out() + r.err());
      assertEquals(List.of(), r.findings(), r.out());
      assertFalse(r.notAudited().isEmpty(), r.out());
      for (Map<String, Object> f : r.notAudited()) {
        assertTrue(EOS.contains(String.valueOf(f.get("device"))), f.toString());
        assertTrue(
            List.of("classification", "hash", "buffers")
                .contains(String.valueOf(f.get("expected"))),
            f.toString());
      }
      assertFalse(r.out().contains("no-live-profile"), r.out());
      assertEquals(0, r.exit(), r.err());
    }
  }
}
