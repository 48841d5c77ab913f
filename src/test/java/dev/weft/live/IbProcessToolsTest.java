package dev.weft.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IbProcessToolsTest {

  @Test
  void prefixComesFromTheEnvironment() {
    assertEquals(
        List.of("scripts/ib-lab", "exec", "/tmp/ib"),
        IbProcessTools.fromEnvironment(
                Map.of("WEFT_IB_TOOLS", " scripts/ib-lab  exec /tmp/ib ")::get, 5)
            .prefix());
    assertEquals(
        List.of(), IbProcessTools.fromEnvironment(Map.<String, String>of()::get, 5).prefix());
  }

  @Test
  void aMissingToolIsAReadErrorNotAStackTrace() {
    IbReadException e =
        assertThrows(
            IbReadException.class,
            () ->
                new IbProcessTools(List.of("/nonexistent/weft-no-such-tool"), 5)
                    .run(List.of("sminfo")));
    assertTrue(
        e.getMessage().startsWith("cannot run /nonexistent/weft-no-such-tool"), e.getMessage());
  }

  @Test
  void aFailingToolReportsItsExitAndFirstErrorLine() {
    IbReadException e =
        assertThrows(
            IbReadException.class,
            () ->
                new IbProcessTools(List.of("sh", "-c", "echo 'no fabric here' >&2; exit 6", "x"), 5)
                    .run(List.of("sminfo")));
    assertTrue(e.getMessage().contains("failed (exit 6): no fabric here"), e.getMessage());
  }

  @Test
  void anOutputOverTheLimitIsRefusedByItsSize() {
    IbReadException e =
        assertThrows(
            IbReadException.class,
            () ->
                new IbProcessTools(List.of("sh", "-c", "head -c 5000 /dev/zero", "x"), 5, 4096)
                    .run(List.of("ibnetdiscover", "-p")));
    assertEquals(
        "ibnetdiscover -p printed 5000 bytes, more than the 4096 Weft reads"
            + " (limit: InfiniBand tool output)",
        e.getMessage());
  }

  @Test
  void anOutputAtTheLimitIsRead() throws IbReadException {
    assertEquals(
        4096,
        new IbProcessTools(List.of("sh", "-c", "head -c 4096 /dev/zero", "x"), 5, 4096)
            .run(List.of("sminfo"))
            .length());
  }
}
