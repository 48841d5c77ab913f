package dev.weft.drift;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleEngine;
import dev.weft.rules.RuleInput;
import dev.weft.rules.RuleMeta;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs the compiled-config rules of the catalogue on the live config too, so a problem only the
 * device has is caught even where the intent is silent. The live switch takes what a device config
 * cannot carry (role, ASIC, port roles, required headroom) from the intent; only findings the
 * intended config does not already have are reported, marked as live.
 */
public final class LiveRules {

  private LiveRules() {}

  public static List<Finding> liveOnly(
      FabricModel model,
      CompiledFabric intended,
      Map<String, CompiledSwitch> live,
      Map<String, RuleMeta> meta,
      LocalDate today) {
    return liveOnly(
        model,
        intended,
        live,
        meta,
        today,
        dev.weft.rules.builtin.BuiltInRules.catalog(),
        Set.of());
  }

  /**
   * @param catalog the run's rules (built-in plus user rules)
   * @param userRules ids of the catalogue's user rules that check a switch's config; kept for
   *     callers: which rules run on live config is each rule's RuleMeta scope (user switch-config
   *     rules have scope live)
   */
  public static List<Finding> liveOnly(
      FabricModel model,
      CompiledFabric intended,
      Map<String, CompiledSwitch> live,
      Map<String, RuleMeta> meta,
      LocalDate today,
      RuleCatalog catalog,
      Set<String> userRules) {
    if (live.isEmpty()) {
      return List.of();
    }
    List<CompiledDevice> devices = new ArrayList<>();
    for (CompiledDevice d : intended.devices()) {
      CompiledSwitch l = live.get(d.name());
      devices.add(l != null && d instanceof CompiledSwitch s ? merge(s, l) : d);
    }
    RuleEngine engine = new RuleEngine(catalog, meta);
    // which rules also run on live config is declared in each rule.yaml (scope: live)
    Set<String> compiledRules = engine.idsIn(RuleMeta.Scope.LIVE);
    Set<String> already = new HashSet<>();
    for (Finding f : engine.run(new RuleInput(model, intended, today), compiledRules)) {
      already.add(key(f));
    }
    List<Finding> out = new ArrayList<>();
    for (Finding f :
        engine.run(
            new RuleInput(model, new CompiledFabric(intended.fabric(), devices), today),
            compiledRules)) {
      if (f.device() != null && live.containsKey(f.device()) && !already.contains(key(f))) {
        out.add(
            Finding.of(f.rule(), f.severity(), "live config: " + f.message())
                .at(f.location())
                .onDevice(f.device())
                .onPort(f.port())
                .withPath(f.path())
                .withValues(f.expected(), f.actual()));
      }
    }
    return out;
  }

  private static String key(Finding f) {
    return f.rule() + "\u0000" + f.device() + "\u0000" + f.port();
  }

  /** The live switch with the facts a device config does not carry taken from the intent. */
  static CompiledSwitch merge(CompiledSwitch want, CompiledSwitch got) {
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : got.ports()) {
      CompiledPort w = want.port(p.name());
      List<PriorityGroupHeadroom> headroom = new ArrayList<>();
      for (PriorityGroupHeadroom h : p.headroom()) {
        Long required = null;
        if (w != null) {
          required =
              w.headroom().stream()
                  .filter(x -> x.pg() == h.pg())
                  .findFirst()
                  .map(PriorityGroupHeadroom::requiredXoff) // null: a pin with no computed minimum
                  .orElse(null);
        }
        headroom.add(
            new PriorityGroupHeadroom(
                h.pg(), h.priorities(), h.xoff(), h.xon(), h.size(), required, h.origin()));
      }
      // cabling is the intent's: a device config does not know what its ports reach; a live value
      // has no
      // line of its own: it points at the intent line that owns the expected value
      CompiledPort.Builder b =
          p.toBuilder().role(w == null ? null : w.role()).vlan(w == null ? null : w.vlan());
      if (p.peer() == null && w != null && w.peer() != null) {
        b.peer(w.peerDevice(), w.peerPort());
      }
      ports.add(b.headroom(headroom).provenance(w == null ? Map.of() : w.provenance()).build());
    }
    // What the device serves comes from the live switch; what it cannot serve (identity, ASIC and
    // its buffer
    // facts, CNP class, hash fields and seed, buffer pools, port roles and VLANs) from the intended
    // one, so the
    // rules judge the live plan against the intended facts.
    return got.toBuilder()
        .name(want.name())
        .role(want.role())
        .platform(want.platform())
        .asic(want.asic())
        .asicProfileVersion(want.asicProfileVersion())
        .thresholdRoundingBytes(want.thresholdRoundingBytes())
        .osVersion(want.osVersion())
        .managementHost(want.managementHost())
        .managementPort(want.managementPort())
        .cnpPriority(want.cnpPriority())
        .cnpDscp(want.cnpDscp())
        .ecmpHashFields(want.ecmpHashFields())
        .hashSeed(want.hashSeed())
        .bufferPools(want.bufferPools())
        .buffer(want.buffer())
        .ports(ports)
        .provenance(want.provenance())
        .build();
  }
}
