package dev.weft.rules.compiled;

import dev.weft.compile.CompiledNic;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A NIC's ETS split ({@code nic-qos.ets}) that mlnx_qos refuses or that starves a lossless class: a
 * strict traffic class with a non-zero share, ets shares that do not sum to 100, or a PFC priority
 * whose traffic class (Weft pins priority n to class n) is ets with a share of 0.
 */
public final class NicEts extends PerNicRule {

  static final String ID = "nic-ets";

  public NicEts() {
    super(ID, Severity.ERROR);
  }

  @Override
  List<Problem> check(Nic n, RuleInput input) {
    CompiledNic nic = n.nic();
    List<String> tsa = nic.knobs().tsa();
    List<Integer> bw = nic.knobs().bw();
    if (tsa == null || bw == null || tsa.size() != 8 || bw.size() != 8) {
      return List.of();
    }
    List<Problem> out = new ArrayList<>();
    int sum = 0;
    boolean anyEts = false;
    for (int tc = 0; tc < 8; tc++) {
      if ("ets".equals(tsa.get(tc))) {
        anyEts = true;
        sum += bw.get(tc);
      } else if (bw.get(tc) != 0) {
        out.add(
            new Problem(
                nic.owner("ets_bw"),
                "gives strict traffic class "
                    + tc
                    + " a share of "
                    + bw.get(tc)
                    + "%; mlnx_qos refuses a share for a class that is not ets",
                "0% for strict class " + tc,
                bw.get(tc) + "%"));
      }
    }
    if (anyEts && sum != 100) {
      out.add(
          new Problem(
              nic.owner("ets_bw"),
              "ETS shares of the ets traffic classes sum to " + sum + "%, not 100%",
              "100%",
              sum + "%"));
    }
    for (int p : nic.pfcPriorities()) {
      if ("ets".equals(tsa.get(p)) && bw.get(p) == 0) {
        out.add(
            new Problem(
                nic.owner("ets_bw"),
                "gives lossless priority "
                    + p
                    + " (traffic class "
                    + p
                    + ") an ETS share of 0%: under load its RDMA traffic gets no bandwidth",
                "a share above 0% for traffic class " + p,
                "0%"));
      }
    }
    return out;
  }
}
