package dev.weft.rules.compiled;

import dev.weft.compile.CompiledNic;
import dev.weft.compile.NicKnobs;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DCQCN reaction-point parameters ({@code nic-qos.dcqcn-rp}) the NIC cannot take or that govern no
 * lossless class: a time of 0 or beyond the parameter's range (dce-tcp-rtt 1..131071 µs, NVIDIA's
 * DCQCN CC parameters), a rate above the NIC's line rate, and, in a dcqcn fabric, parameters
 * written for a NIC whose reaction point is off on one of its PFC priorities.
 */
public final class NicDcqcnRp extends PerNicRule {

  static final String ID = "nic-dcqcn-rp";

  private static final Set<String> TIMES =
      Set.of("rpg_time_reset", "rate_reduce_monitor_period", "dce_tcp_rtt");
  private static final Set<String> RATES = Set.of("rpg_ai_rate", "rpg_hai_rate", "rpg_min_rate");

  public NicDcqcnRp() {
    super(ID, Severity.ERROR);
  }

  @Override
  List<Problem> check(Nic n, RuleInput input) {
    CompiledNic nic = n.nic();
    Map<String, Long> rp = nic.knobs().dcqcnRp();
    if (rp.isEmpty()) {
      return List.of();
    }
    List<Problem> out = new ArrayList<>();
    for (Map.Entry<String, Long> e : rp.entrySet()) {
      NicKnobs.RpParameter parameter = NicKnobs.parameter(e.getKey());
      long value = e.getValue();
      String where = "dcqcn_rp." + e.getKey();
      if (TIMES.contains(e.getKey()) && (value < 1 || value > parameter.max())) {
        out.add(
            new Problem(
                nic.owner(where),
                "sets "
                    + parameter.key()
                    + " ("
                    + e.getKey()
                    + ") to "
                    + value
                    + " µs; the NIC takes 1.."
                    + parameter.max()
                    + " µs",
                "1.." + parameter.max() + " µs",
                value + " µs"));
      }
      if (RATES.contains(e.getKey()) && nic.speedGbps() != null) {
        long line = 1000L * nic.speedGbps();
        if (value > line) {
          out.add(
              new Problem(
                  nic.owner(where),
                  "sets "
                      + parameter.key()
                      + " ("
                      + e.getKey()
                      + ") to "
                      + value
                      + " Mb/s, above the NIC's line rate of "
                      + line
                      + " Mb/s",
                  "at most " + line + " Mb/s",
                  value + " Mb/s"));
        }
      }
    }
    if (n.peer() != null && "dcqcn".equals(n.peer().congestionControl())) {
      for (int p : nic.pfcPriorities()) {
        if (nic.ecnReactionPoint().get(p) == 0) {
          // the line that turned the reaction point off (a model's dcqcn: false), else the plan's
          dev.weft.finding.Location off = nic.owner("ecn_rp");
          out.add(
              new Problem(
                  off != null ? off : nic.owner("dcqcn_rp." + rp.keySet().iterator().next()),
                  "sets DCQCN reaction-point parameters, but its reaction point is off on lossless"
                      + " priority "
                      + p
                      + ": they do not slow that class down, PFC does all the work",
                  "reaction point on priority " + p,
                  "off"));
          break;
        }
      }
    }
    return out;
  }
}
