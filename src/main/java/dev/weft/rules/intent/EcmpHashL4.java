package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Ecmp;
import dev.weft.model.Fabric;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * RoCEv2 always uses UDP destination port 4791, so its only per-flow entropy is the UDP source port
 * (derived from the QP numbers). A hash without {@code l4-src-port} (or hashing on the RoCE
 * destination QP, {@code roce-dest-qp}) pins every flow between two NICs to one path.
 */
public final class EcmpHashL4 implements Rule {

  static final String ID = "ecmp-hash-l4";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Fabric fabric = Roce.fabric(input.model());
    Ecmp ecmp = fabric == null ? null : fabric.ecmp();
    if (ecmp == null
        || ecmp.hashFields().contains("l4-src-port")
        || ecmp.hashFields().contains("roce-dest-qp")) {
      return List.of();
    }
    return List.of(
        Finding.of(
                ID,
                Severity.ERROR,
                "ECMP hash fields "
                    + ecmp.hashFields()
                    + " lack l4-src-port (or roce-dest-qp); RoCE's UDP "
                    + "destination port is always 4791, so flows between two NICs would all take one path")
            .at(Roce.at(ecmp.at(), "hash-fields", fabric.at(), "ecmp"))
            .withPath("/fabric/ecmp/hash-fields")
            .withValues("l4-src-port or roce-dest-qp", String.join(", ", ecmp.hashFields())));
  }
}
