package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ib-pkey-range}: a partition key is a 15-bit value (bit 15 marks full membership in the
 * port's table and is set by OpenSM, not by the author); 0x0000 is invalid and 0x7fff belongs to
 * the Default partition only. A P_Key OpenSM cannot parse makes it discard the whole partitions
 * file.
 */
public final class IbPkeyRange implements Rule {

  @Override
  public String id() {
    return "ib-pkey-range";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Subnet subnet = input.model().subnet();
    if (subnet == null) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    List<Partition> parts = subnet.partitions();
    for (int i = 0; i < parts.size(); i++) {
      Partition p = parts.get(i);
      String where = "partition " + p.name();
      String msg = null;
      String expected = p.isDefault() ? "0x7fff" : "0x0001..0x7ffe";
      if (p.pkeyText() == null) {
        msg = where + " has no pkey; OpenSM would generate one that changes with the file's order";
      } else if (p.pkey() == null) {
        msg =
            where
                + " has pkey '"
                + p.pkeyText()
                + "', which is not a hex (0x...) or decimal number;"
                + " OpenSM would discard the whole partitions file";
      } else if (p.isDefault() && p.pkey() != Partition.DEFAULT_PKEY) {
        msg = where + " must have P_Key 0x7fff, found " + p.pkeyText();
      } else if (p.isDefault()) {
        continue;
      } else if (p.pkey() < 0 || p.pkey() > 0x7fff) {
        msg =
            where
                + " has P_Key "
                + p.pkeyText()
                + ", beyond 15 bits (bit 15 is the membership bit OpenSM"
                + " sets; write the key without it and use membership: full)";
      } else if (p.pkey() == 0) {
        msg = where + " has P_Key 0x0000, which InfiniBand reserves as invalid";
      } else if (p.pkey() == Partition.DEFAULT_PKEY) {
        msg = where + " uses P_Key 0x7fff, which belongs to the Default partition";
      }
      if (msg != null) {
        out.add(
            Finding.of(id(), Severity.ERROR, msg)
                .at(p.at().of("pkey"))
                .withPath(IbTopology.pointer("partitions", i, "pkey"))
                .withValues(expected, p.pkeyText()));
      }
    }
    return out;
  }
}
