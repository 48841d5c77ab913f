package dev.weft.policy;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Nic;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a user rule is checked against, once per object: each switch, each switch port, each link,
 * each host, each NIC, the fabric once, the InfiniBand subnet once, or each switch's compiled
 * config (and, under {@code weft drift}, each switch's live config). Every scope also sees {@code
 * fabric} (the plan and, through it, every device) and {@code today} (the run's date).
 */
enum RuleScope {
  SWITCH("switch", "each switch", vars("switch", "weft.Switch")),
  PORT(
      "port",
      "each switch port, with its effective settings",
      vars("port", "weft.Port", "switch", "weft.Switch")),
  LINK("link", "each link", vars("link", "weft.Link")),
  HOST("host", "each host", vars("host", "weft.Host")),
  NIC("nic", "each RoCE NIC of each host", vars("nic", "weft.Nic", "host", "weft.Host")),
  FABRIC("fabric", "the fabric, once", vars()),
  SUBNET(
      "subnet",
      "the InfiniBand subnet, once (not run on RoCE fabrics)",
      vars("subnet", "weft.Subnet")),
  SWITCH_CONFIG(
      "switch-config",
      "each switch's compiled config; under `weft drift` also its live config",
      vars("config", "weft.SwitchConfig", "switch", "weft.Switch"));

  private final String word;
  private final String doc;
  private final Map<String, String> variables;

  RuleScope(String word, String doc, Map<String, String> variables) {
    this.word = word;
    this.doc = doc;
    this.variables = variables;
  }

  private static Map<String, String> vars(String... nameThenShape) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < nameThenShape.length; i += 2) {
      m.put(nameThenShape[i], nameThenShape[i + 1]);
    }
    return m;
  }

  String word() {
    return word;
  }

  String doc() {
    return doc;
  }

  /** The scope's own variables (name → CEL type), the object checked first. */
  Map<String, String> variables() {
    return variables;
  }

  /** True for scopes checked once per object; false for the fabric and the subnet, checked once. */
  boolean perObject() {
    return this != FABRIC && this != SUBNET;
  }

  static RuleScope parse(String word) {
    for (RuleScope s : values()) {
      if (s.word.equals(word)) {
        return s;
      }
    }
    return null;
  }

  static List<String> words() {
    List<String> out = new ArrayList<>();
    for (RuleScope s : values()) {
      out.add(s.word);
    }
    return out;
  }

  /**
   * The objects to check, each as the values of {@link #variables()} in order (a value may be null:
   * a compiled switch the intent does not have).
   */
  List<Object[]> subjects(FabricModel model, CompiledFabric compiled) {
    List<Object[]> out = new ArrayList<>();
    switch (this) {
      case SWITCH -> model.switches().forEach(s -> out.add(new Object[] {s}));
      case PORT -> model.effectivePorts().forEach(p -> out.add(new Object[] {p, p.device()}));
      case LINK -> model.links().forEach(l -> out.add(new Object[] {l}));
      case HOST -> model.hosts().forEach(h -> out.add(new Object[] {h}));
      case NIC -> {
        for (Host h : model.hosts()) {
          for (Nic n : h.nics()) {
            out.add(new Object[] {new IntentShapes.NicOf(h, n), h});
          }
        }
      }
      case FABRIC -> out.add(new Object[0]);
      case SUBNET -> {
        if (model.subnet() != null) {
          out.add(new Object[] {model.subnet()});
        }
      }
      case SWITCH_CONFIG -> {
        if (compiled != null) {
          for (CompiledSwitch s : compiled.switches()) {
            out.add(new Object[] {s, model.switchNamed(s.name()).orElse(null)});
          }
        }
      }
    }
    return out;
  }
}
