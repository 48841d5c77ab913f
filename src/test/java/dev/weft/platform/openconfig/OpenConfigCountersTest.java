package dev.weft.platform.openconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.health.CounterReaders;
import dev.weft.live.LiveReader;
import dev.weft.platform.Counters;
import dev.weft.render.Examples;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An OpenConfig switch's {@code <get>} of output-queue state, parsed by the hardened XML reader.
 */
class OpenConfigCountersTest {

  private static final String GET = "<get> /qos/interfaces/interface/output/queues/queue/state";

  private static CompiledSwitch leaf() {
    return (CompiledSwitch) Examples.compile("roce-pod-c").device("oc-leaf-1").orElseThrow();
  }

  private static String reply(String qos) {
    return "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"2\"><data>"
        + qos
        + "</data></rpc-reply>";
  }

  private static final String QUEUES =
      "<queues>"
          + "<queue><name>RDMA</name><config><name>RDMA</name><queue-id>3</queue-id></config></queue>"
          + "<queue><name>CNP</name><config><name>CNP</name><queue-id>6</queue-id></config></queue></queues>";

  private static String state(String port, String queue, String tx, String drops) {
    return "<interface><interface-id>"
        + port
        + "</interface-id><output><queues><queue><name>"
        + queue
        + "</name>"
        + "<state><name>"
        + queue
        + "</name><transmit-pkts>"
        + tx
        + "</transmit-pkts><transmit-octets>9</transmit-octets>"
        + "<dropped-pkts>"
        + drops
        + "</dropped-pkts></state></queue></queues></output></interface>";
  }

  private static CounterReaders.Read parse(String reply) {
    return CounterReaders.parse(leaf(), Map.of(GET, reply), Map.of());
  }

  @Test
  void theSwitchIsAskedForTheOutputQueueStateInTheAuditSession() {
    LiveReader.StateGet get = CounterReaders.state(leaf());
    assertEquals(GET, get.name());
    assertTrue(
        get.filter().contains("<output><queues><queue><name/><state/></queue></queues></output>"),
        get.filter());
    assertEquals(List.of(), CounterReaders.commands(leaf()), "nothing over SSH");
  }

  @Test
  void transmittedAndDroppedPacketsPerQueueBecomeCountersByQueueNumber() {
    CounterReaders.Read r =
        parse(
            reply(
                "<qos xmlns=\"http://openconfig.net/yang/qos\">"
                    + QUEUES
                    + "<interfaces>"
                    + state("Ethernet1", "RDMA", "5000000", "12")
                    + state("Ethernet2", "CNP", "20000", "0")
                    + "</interfaces></qos>"));
    assertEquals(List.of(), r.problems());
    assertEquals(5_000_000L, r.counters().get("Ethernet1", Counters.QUEUE_TX, 3));
    assertEquals(12L, r.counters().get("Ethernet1", Counters.QUEUE_DROP, 3));
    assertEquals(20_000L, r.counters().get("Ethernet2", Counters.QUEUE_TX, 6));
    assertNull(
        r.counters().get("Ethernet1", Counters.PFC_RX, 3), "OpenConfig QoS has no PFC counters");
  }

  @Test
  void aServerWithoutOperationalStateGivesNoCountersAndNoProblem() {
    String configOnly =
        reply(
            "<qos xmlns=\"http://openconfig.net/yang/qos\">"
                + QUEUES
                + "<interfaces><interface>"
                + "<interface-id>Ethernet1</interface-id><output><queues><queue><name>RDMA</name></queue></queues></output>"
                + "</interface></interfaces></qos>");
    CounterReaders.Read r = parse(configOnly);
    assertEquals(List.of(), r.problems());
    assertTrue(r.counters().isEmpty());
    assertTrue(parse(reply("")).counters().isEmpty());
    assertTrue(
        CounterReaders.parse(leaf(), Map.of(), Map.of()).counters().isEmpty(),
        "an rpc-error: nothing kept");
  }

  @Test
  void badValuesUnknownQueuesAndDtdsAreProblemsNamingThePathNotCrashes() {
    CounterReaders.Read r =
        parse(
            reply(
                "<qos xmlns=\"http://openconfig.net/yang/qos\">"
                    + QUEUES
                    + "<interfaces>"
                    + state("Ethernet1", "RDMA", "lots", "0")
                    + state("Ethernet2", "BULK", "1", "0")
                    + "</interfaces></qos>"));
    List<String> got =
        r.problems().stream()
            .map(p -> p.port() + " | " + p.command() + " | " + p.message())
            .toList();
    assertTrue(
        got.contains(
            "Ethernet1 | "
                + GET
                + " | /qos/interfaces/interface[interface-id=Ethernet1]/output/queues"
                + "/queue[name=RDMA]/state: expected a counter64, found \"lots\""),
        String.join("\n", got));
    assertTrue(
        got.stream()
            .anyMatch(g -> g.startsWith("Ethernet2 | " + GET) && g.contains("queue BULK has no")),
        String.join("\n", got));
    assertEquals(
        0L,
        r.counters().get("Ethernet1", Counters.QUEUE_DROP, 3),
        "the good counter of the queue is kept");
    CounterReaders.Read dtd =
        parse(
            "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><data>&x;</data></rpc-reply>");
    assertEquals(1, dtd.problems().size(), dtd.problems().toString());
    assertTrue(dtd.counters().isEmpty());
    assertEquals(GET, dtd.problems().get(0).command());
    CounterReaders.Read notXml = parse("not xml at all");
    assertEquals(1, notXml.problems().size());
  }
}
