package dev.weft.live;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.fuzz.Fuzz;
import java.util.List;

/**
 * What Weft reads from the subnet manager's host for {@code weft drift} on an InfiniBand fabric:
 * the output of {@code ibnetdiscover -p}, {@code smpquery pkeys|sl2vl|vlarb} and {@code sminfo},
 * read by {@link IbFabricReader}. Any output gives the fabric's state or an {@link
 * IbReadException}, never another exception. The input is the five outputs separated by NULs; the
 * tools are answered from it (the fuzz input, standing in for infiniband-diags: no real tool prints
 * arbitrary bytes). Seeds (IbOutputFuzzTestInputs/): the outputs infiniband-diags 44 prints on the
 * simulated fabric.
 */
class IbOutputFuzzTest {

  @FuzzTest
  void anyToolOutputIsAFabricOrAReadError(byte[] bytes) {
    List<String> out = Fuzz.parts(bytes, 5);
    IbTools fuzzedTools =
        args ->
            switch (args.get(0) + (args.size() > 1 ? " " + args.get(1) : "")) {
              case "ibnetdiscover -p" -> out.get(0);
              case "smpquery pkeys" -> out.get(1);
              case "smpquery sl2vl" -> out.get(2);
              case "smpquery vlarb" -> out.get(3);
              default -> out.get(4);
            };
    Fuzz.typedOnly(() -> new IbFabricReader(fuzzedTools).read(true), IbReadException.class);
  }
}
