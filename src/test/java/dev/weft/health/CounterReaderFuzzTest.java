package dev.weft.health;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.compile.CompiledSwitch;
import dev.weft.fuzz.Fuzz;
import dev.weft.live.LiveReader;
import dev.weft.platform.CounterProblem;
import dev.weft.render.Examples;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The counter readers DeviceOutputFuzzTest does not reach (it feeds the show commands of SONiC and
 * Cumulus): OpenConfig's {@code <get>} of the output queues' state over NETCONF, and a GPU host's
 * {@code ethtool -S} and {@code rdma statistic} over SSH. Any answer gives counters or problems,
 * never an exception. Seeds (CounterReaderFuzzTestInputs/): a queue-state reply as netconfd serves
 * it, and host output as mlx5 prints it, the two commands' texts separated by a NUL.
 */
class CounterReaderFuzzTest {

  private static final CompiledSwitch OPENCONFIG_LEAF =
      (CompiledSwitch) Examples.compile("roce-pod-c").device("oc-leaf-1").orElseThrow();

  /** Two RDMA NICs, one without its RDMA device named (no {@code rdma statistic} for it). */
  private static final List<HostCounters.Nic> NICS =
      List.of(new HostCounters.Nic("eth0", "mlx5_0"), new HostCounters.Nic("eth1", null));

  @FuzzTest
  void anyQueueStateReplyIsCountersOrAProblem(byte[] bytes) {
    LiveReader.StateGet get = CounterReaders.state(OPENCONFIG_LEAF);
    assertNotNull(get, "the OpenConfig leaf serves no counter state");
    String reply = new String(bytes, StandardCharsets.UTF_8);
    CounterReaders.Read read =
        Fuzz.typedOnly(
            () -> CounterReaders.parse(OPENCONFIG_LEAF, Map.of(get.name(), reply), Map.of()));
    assertNotNull(read, "no reading");
  }

  @FuzzTest
  void anyHostOutputIsCountersOrAProblem(byte[] bytes) {
    List<String> texts = Fuzz.parts(bytes, 3);
    Map<String, String> outputs = new TreeMap<>();
    outputs.put(HostCounters.ethtool("eth0"), texts.get(0));
    outputs.put(HostCounters.rdma("mlx5_0"), texts.get(1));
    outputs.put(HostCounters.ethtool("eth1"), texts.get(2));
    List<CounterProblem> problems = new ArrayList<>();
    assertNotNull(Fuzz.typedOnly(() -> HostCounters.parse(NICS, outputs, problems)), "no counters");
  }
}
