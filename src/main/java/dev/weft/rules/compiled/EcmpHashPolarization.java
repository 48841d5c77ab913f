package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Two adjacent tiers hash with the same ECMP seed. The second tier then repeats the first tier's
 * choice: the flows a leaf sent to one spine all hash to the same subset of that spine's links
 * (polarisation), and uplinks sit unevenly used (Alibaba HPN, SIGCOMM'24). Judged only where seeds
 * are declared; a dual-plane design ({@code ecmp.dual-plane: true}) is exempt, since each NIC port
 * is pinned to one plane.
 */
public final class EcmpHashPolarization extends FabricRule {

  static final String ID = "ecmp-hash-polarization";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(CompiledFabric compiled, RuleInput input, List<Finding> findings) {
    Fabric fabric = input.model() == null ? null : input.model().fabric();
    if (fabric != null && fabric.ecmp() != null && fabric.ecmp().dualPlane()) {
      return;
    }
    CompiledIndex index = new CompiledIndex(compiled);
    for (CompiledSwitch s : compiled.switches()) {
      if (s.hashSeed() == null) {
        continue;
      }
      TreeSet<String> same = new TreeSet<>();
      for (CompiledPort p : s.ports()) {
        CompiledSwitch t = p.peerDevice() == null ? null : index.switchNamed(p.peerDevice());
        if (t != null
            && Objects.equals(s.hashSeed(), t.hashSeed())
            && Tiers.rank(t.role()) > Tiers.rank(s.role())) {
          same.add(t.name());
        }
      }
      if (same.isEmpty()) {
        continue;
      }
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  s.name()
                      + " ("
                      + s.role()
                      + ") hashes with seed "
                      + s.hashSeed()
                      + ", the same as its upstream neighbour"
                      + (same.size() == 1 ? " " : "s ")
                      + names(same)
                      + "; the next tier repeats this tier's ECMP choice and polarises the uplinks")
              .at(s.owner("ecmp_hash_seed"))
              .onDevice(s.name())
              .withValues("a seed different from the next tier's", "seed " + s.hashSeed()));
    }
  }

  private static String names(TreeSet<String> names) {
    List<String> first = new ArrayList<>(names).subList(0, Math.min(3, names.size()));
    return String.join(", ", first)
        + (names.size() > 3 ? " and " + (names.size() - 3) + " more" : "");
  }
}
