package dev.weft.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.ReadException;
import dev.weft.testing.TestPlatforms;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Every platform pack's LLDP neighbour reader (lldpd's JSON over SSH, openconfig-lldp's state over
 * NETCONF), through its public entry point, on any reply: neighbours, a {@link ReadException} or
 * {@link NeighbourReader.NotServed}, never another exception. The input's first byte picks the pack
 * (a new pack is fuzzed without touching this class); the seeds (NeighbourReaderFuzzTestInputs/)
 * are lldpd's JSON as the lab's lldpd prints it (one interface as an object, many as a list) and an
 * openconfig-lldp reply.
 */
class NeighbourReaderFuzzTest {

  static final List<PlatformPack> PACKS =
      TestPlatforms.PLATFORMS.all().stream().filter(p -> p.neighbours().isPresent()).toList();

  @FuzzTest
  void anyReplyIsNeighboursOrARefusal(byte[] bytes) {
    assertFalse(PACKS.isEmpty(), "no pack reads neighbours");
    NeighbourReader reader = PACKS.get(Fuzz.choice(bytes, PACKS.size())).neighbours().orElseThrow();
    String reply = new String(Fuzz.rest(bytes), StandardCharsets.UTF_8);
    Fuzz.typedOnly(
        () -> reader.read(reply, "fuzz-device"),
        ReadException.class,
        NeighbourReader.NotServed.class);
  }
}
