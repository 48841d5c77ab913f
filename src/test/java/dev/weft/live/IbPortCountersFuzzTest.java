package dev.weft.live;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.fuzz.Fuzz;
import java.util.List;

/**
 * What Weft reads from the subnet manager's host for the InfiniBand port counters ({@code weft
 * health}, {@code subnet.health}): {@code ibnetdiscover -p}, then {@code perfquery -a -l LID} per
 * switch and {@code perfquery LID PORT} per HCA port, read by {@link IbPortCounters}. Any output
 * gives the ports' counters (with the nodes that could not be read as problems) or an {@link
 * IbReadException}, never another exception. The input is three outputs separated by NULs:
 * ibnetdiscover's, every switch's perfquery answer, every HCA port's perfquery answer (the fuzz
 * input stands in for infiniband-diags). Seeds (IbPortCountersFuzzTestInputs/): what
 * infiniband-diags 44 prints on the ib lab's simulated 2-spine 2-leaf fabric (ibsim + OpenSM, one
 * symbol error raised), perfquery's answer for a LID nobody has, a value that is not a count, a
 * port number past an int.
 */
class IbPortCountersFuzzTest {

  @FuzzTest
  void anyPerfqueryOutputIsCountersOrAReadError(byte[] bytes) {
    List<String> out = Fuzz.parts(bytes, 3);
    IbTools fuzzedTools =
        args -> {
          if (args.get(0).equals("ibnetdiscover")) {
            return out.get(0);
          }
          return args.contains("-a") ? out.get(1) : out.get(2);
        };
    Fuzz.typedOnly(() -> new IbPortCounters(fuzzedTools).read(), IbReadException.class);
  }
}
