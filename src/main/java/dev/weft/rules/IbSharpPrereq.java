package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Subnet;
import dev.weft.model.Switch;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code ib-sharp-prereq}: SHARP aggregation trees follow the fat tree the SM routes, so NVIDIA's
 * bring-up checks ask for a tree routing engine (updn or ftree, AR variants included) first in the
 * chain, declared root switches, and SHARP-capable (Quantum) switches only. Without them the
 * Aggregation Manager builds no usable trees and jobs silently run without in-network reductions.
 */
public final class IbSharpPrereq implements Rule {

  static final Set<String> TREE_ENGINES = Set.of("updn", "ftree", "ar_updn", "ar_ftree");

  /** The packs that say which switches run SHARP. */
  private final Platforms platforms = Platforms.builtIn();

  @Override
  public String id() {
    return "ib-sharp-prereq";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Subnet subnet = model.subnet();
    if (subnet == null || !subnet.sharpEnabled()) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    String first =
        subnet.routingEngines().isEmpty() ? "minhop (default)" : subnet.routingEngines().get(0);
    if (!TREE_ENGINES.contains(first)) {
      out.add(
          Finding.of(
                  id(),
                  Severity.WARNING,
                  "sharp is enabled but the first routing engine is "
                      + first
                      + "; SHARP needs tree routing (updn or ftree)")
              .at(subnet.sharp().at().of("enabled"))
              .withPath("/subnet/sharp/enabled")
              .withValues("updn or ftree first", first));
    }
    if (subnet.rootSwitches().isEmpty()) {
      out.add(
          Finding.of(
                  id(),
                  Severity.WARNING,
                  "sharp is enabled but no root-switches are declared;"
                      + " the aggregation trees need the fat tree's roots")
              .at(subnet.sharp().at().of("enabled"))
              .withPath("/subnet/sharp/enabled"));
    }
    for (Switch s : model.switches()) {
      if (!platforms.pack(s.platform()).map(PlatformPack::sharpCapable).orElse(false)) {
        out.add(
            Finding.of(
                    id(),
                    Severity.WARNING,
                    "sharp is enabled but switch "
                        + s.name()
                        + " is "
                        + s.platform()
                        + ", not a SHARP-capable "
                        + sharpPlatforms()
                        + " switch")
                .at(s.at().of("platform"))
                .onDevice(s.name()));
      }
    }
    return out;
  }

  /** The platforms whose switches run SHARP, e.g. {@code ib-quantum}. */
  private String sharpPlatforms() {
    return String.join(
        " or ",
        platforms.all().stream().filter(PlatformPack::sharpCapable).map(PlatformPack::id).toList());
  }
}
