package dev.weft.rules.intent;

import dev.weft.finding.DidYouMean;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.Endpoint;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.model.Switch;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every link end names a known device and one of its ports: a switch port, a host NIC (RoCE) or HCA
 * (InfiniBand). A typo here silently drops the link from every per-link check (MTU, headroom).
 * InfiniBand switch ports are numbers and need not be listed.
 */
public final class LinkEndpointUnknown implements Rule {

  static final String ID = "link-endpoint-unknown";

  /** The packs that say whose switch ports are numbers the intent need not list. */
  private final Platforms platforms = Platforms.builtIn();

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    if (model == null) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    List<Link> links = model.links();
    for (int i = 0; i < links.size(); i++) {
      Link link = links.get(i);
      int index = i;
      if (!declared(model, link.a())) {
        problem(model, link.a())
            .ifPresent(
                m ->
                    findings.add(
                        finding(m, link.a(), link, "a").withPath("/links/" + index + "/a")));
      }
      if (!declared(model, link.b())) {
        problem(model, link.b())
            .ifPresent(
                m ->
                    findings.add(
                        finding(m, link.b(), link, "b").withPath("/links/" + index + "/b")));
      }
    }
    return findings;
  }

  /**
   * A port of a switch, or a NIC or HCA of a host, with that name (through the model's indexes: no
   * key strings).
   */
  private static boolean declared(FabricModel model, Endpoint end) {
    if (model.effectivePortAt(end.device(), end.port()).isPresent()) {
      return true;
    }
    Host h = model.index().hostsByName().get(end.device());
    if (h == null) {
      return false;
    }
    for (Nic n : h.nics()) {
      if (n.name().equals(end.port())) {
        return true;
      }
    }
    for (Hca c : h.hcas()) {
      if (c.name().equals(end.port())) {
        return true;
      }
    }
    return false;
  }

  private Optional<String> problem(FabricModel model, Endpoint end) {
    Optional<Switch> sw = model.switchNamed(end.device());
    if (sw.isPresent()) {
      boolean numbered =
          platforms.pack(sw.get().platform()).map(PlatformPack::numberedPorts).orElse(false);
      if (numbered && end.port().matches("[0-9]+")) {
        return Optional.empty();
      }
      return Optional.of(
          "switch "
              + end.device()
              + " has no port "
              + end.port()
              + hint(
                  end.port(),
                  model.effectivePortsOf(end.device()).stream()
                      .map(p -> p.port().name())
                      .toList()));
    }
    Optional<Host> host = model.hostNamed(end.device());
    if (host.isPresent()) {
      String kind = host.get().hcas().isEmpty() ? "NIC" : "HCA";
      List<String> names = new ArrayList<>();
      host.get().nics().forEach(n -> names.add(n.name()));
      host.get().hcas().forEach(c -> names.add(c.name()));
      return Optional.of(
          "host " + end.device() + " has no " + kind + " " + end.port() + hint(end.port(), names));
    }
    List<String> devices = new ArrayList<>();
    model.switches().forEach(s -> devices.add(s.name()));
    model.hosts().forEach(h -> devices.add(h.name()));
    return Optional.of("no switch or host is named " + end.device() + hint(end.device(), devices));
  }

  /** "; did you mean 'Ethernet0'?" for a typo such as {@code Ethernet00} (issue 32), or nothing. */
  private static String hint(String typed, List<String> known) {
    String suggestion = DidYouMean.suggest(typed, known);
    return suggestion == null ? "" : "; did you mean '" + suggestion + "'?";
  }

  private static Finding finding(String problem, Endpoint end, Link link, String field) {
    Location where = end.at() != null ? end.at() : link.at() == null ? null : link.at().of(field);
    return Finding.of(ID, Severity.ERROR, "link end " + end + " is unknown: " + problem)
        .at(where)
        .onDevice(end.device())
        .onPort(end.port())
        .withValues("a declared device:port", end.toString());
  }
}
