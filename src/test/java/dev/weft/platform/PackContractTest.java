package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.render.Examples;
import dev.weft.render.Fixtures;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.NvueJson;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract of every registered pack that reads a live device, over the packs the registry finds
 * ({@link Platforms#builtIn()}), never a hand-written list: a new pack is tested by existing.
 *
 * <ul>
 *   <li>round trip: every switch of every example inventory, and the hand-made plans with one and
 *       two lossless priorities, rendered with the pack's templates and read back by the pack's
 *       reader from what the device would answer, equals {@link LiveProfile#expected} of the
 *       switch;
 *   <li>features: each {@link Feature} is either audited (the switches that use it still use it in
 *       what the reader is held to) or declared not audited with a reason (and then left out of
 *       it);
 *   <li>paths: for a NETCONF pack, every node of every path its findings name ({@link LivePaths})
 *       is a data node of the YANG models the pack declares ({@link
 *       NetconfSwitchPack#yangModels()}).
 * </ul>
 */
class PackContractTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final List<String> INVENTORIES =
      List.of("roce-pod-a", "roce-pod-c", "roce-pod-d", "roce-pod-e");

  /**
   * What a device answers once it runs a rendered file, by how the pack asks (the transport, not
   * the platform): a NETCONF server's {@code <get-config>} reply carries the rendered trees in
   * {@code <data>}; SONiC's {@code show runningconfiguration all} prints the loaded CONFIG_DB;
   * NVUE's {@code nv config show -o json} prints the applied revision as JSON. A new NETCONF pack
   * needs nothing here.
   */
  private static final Map<String, Function<Renderer.DeviceOutput, String>> SSH_ANSWERS =
      Map.of(
          "show runningconfiguration all", out -> out.text("config_db.json"),
          "nv config show -o json", out -> NvueJson.fromStartupYaml(out.text("startup.yaml")));

  static List<LiveProfile> livePacks() {
    List<LiveProfile> out = new ArrayList<>();
    Platforms.builtIn().all().forEach(p -> p.live().ifPresent(out::add));
    return out;
  }

  @Test
  void theRegistryHoldsEveryLivePack() {
    // not a list of packs: a floor, so that a registry that lost its services file fails here
    assertTrue(livePacks().size() >= 7, livePacks().toString());
  }

  /** The switches every pack is rendered for: every example switch, and the two hand-made plans. */
  private static List<Subject> subjects() {
    List<Subject> out = new ArrayList<>();
    for (String inventory : INVENTORIES) {
      CompiledFabric fabric = Examples.compile(inventory);
      for (CompiledSwitch sw : fabric.switches()) {
        out.add(new Subject(inventory + "/" + sw.name(), sw, fabric.fabric()));
        CompiledSwitch withHeadroom = withDeviceHeadroom(sw);
        if (withHeadroom != sw) {
          out.add(
              new Subject(
                  inventory + "/" + sw.name() + " with device headroom",
                  withHeadroom,
                  fabric.fabric()));
        }
      }
    }
    for (List<Integer> lossless : List.of(List.of(3), List.of(3, 4))) {
      out.add(
          new Subject(
              "plan lossless " + lossless, Fixtures.plan("leaf-x", "openconfig", lossless), "pod"));
    }
    return out;
  }

  private record Subject(String name, CompiledSwitch sw, String fabric) {}

  @TestFactory
  Stream<DynamicNode> renderThenReadIsWhatThePackCarries() {
    List<Subject> subjects = subjects();
    return livePacks().stream()
        .map(
            pack ->
                DynamicContainer.dynamicContainer(
                    pack.platform(),
                    subjects.stream()
                        .map(s -> DynamicTest.dynamicTest(s.name(), () -> roundTrip(pack, s)))));
  }

  private static void roundTrip(LiveProfile pack, Subject s) throws ReadException {
    Renderer.DeviceOutput out = RENDERER.renderDeviceAs(s.sw(), pack.platform(), s.fabric());
    if (out.files().isEmpty()) {
      // a pack that needs what the switch lacks (computed headroom) refuses it with a finding; the
      // variant
      // with the headroom a device reports is rendered instead
      assertFalse(
          out.findings().isEmpty(), s.name() + ": nothing rendered and no finding saying why");
      assertTrue(
          withDeviceHeadroom(s.sw()) != s.sw(),
          pack.platform()
              + " renders nothing for "
              + s.name()
              + ", which lacks nothing a pack may need: "
              + out.findings());
      return;
    }
    CompiledSwitch expected = pack.expected(s.sw());
    for (String answer : answers(pack, out)) {
      assertEquals(expected, pack.read(answer, s.sw().name(), "rendered " + pack.platform()));
    }
  }

  /** What the device answers to the pack's read, once it runs the rendered files. */
  private static List<String> answers(LiveProfile pack, Renderer.DeviceOutput out) {
    if (pack.transport() instanceof LiveTransport.SshCommand ssh) {
      Function<Renderer.DeviceOutput, String> answer = SSH_ANSWERS.get(ssh.command());
      assertTrue(
          answer != null,
          "no device answer known for `" + ssh.command() + "`: add it to SSH_ANSWERS");
      return List.of(answer.apply(out));
    }
    String config = out.text("config.xml");
    String reply =
        "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><data>"
            + config.substring(config.indexOf('>') + 1, config.lastIndexOf("</config>"))
            + "</data></rpc-reply>";
    return List.of(config, reply);
  }

  @TestFactory
  Stream<DynamicTest> everyFeatureIsAuditedOrDeclaredNotAudited() {
    List<Subject> subjects = subjects();
    return livePacks().stream()
        .map(
            pack ->
                DynamicTest.dynamicTest(
                    pack.platform(),
                    () -> {
                      for (Feature f : Feature.values()) {
                        String reason = pack.notAudited().get(f);
                        List<String> carriedFor = new ArrayList<>();
                        for (Subject s : subjects) {
                          if (f.usedBy(s.sw()) && f.usedBy(pack.expected(s.sw()))) {
                            carriedFor.add(s.name());
                          }
                        }
                        if (reason == null) {
                          // audited: some switch's use of it reaches the round trip (values the
                          // platform cannot hold are
                          // render gaps, so not every switch need carry it)
                          assertFalse(
                              carriedFor.isEmpty(),
                              pack.platform()
                                  + " audits "
                                  + f.word()
                                  + " but what its reader is"
                                  + " held to never has it: declare it in notAudited() with the reason");
                        } else {
                          assertFalse(
                              reason.isBlank(),
                              pack.platform()
                                  + ": "
                                  + f.word()
                                  + " is not audited without a reason");
                          assertTrue(
                              carriedFor.isEmpty(),
                              pack.platform()
                                  + " declares "
                                  + f.word()
                                  + " not audited ("
                                  + reason
                                  + ") yet holds its reader to it for "
                                  + carriedFor);
                        }
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> everyPathAFindingNamesIsInTheVendoredYang() {
    CompiledSwitch sw = Examples.compile("roce-pod-d").switches().get(0);
    String port = sw.ports().get(0).name();
    return Platforms.builtIn().all().stream()
        .filter(p -> p instanceof NetconfSwitchPack)
        .map(p -> (NetconfSwitchPack) p)
        .map(
            pack ->
                DynamicTest.dynamicTest(
                    pack.id(),
                    () -> {
                      Set<String> nodes =
                          dataNodes(Examples.projectRoot().resolve(pack.yangModels()));
                      assertTrue(
                          nodes.size() > 50,
                          pack.yangModels() + " holds " + nodes.size() + " data nodes");
                      List<String> missing = new ArrayList<>();
                      for (FeaturePath fp : paths(pack.paths(), port)) {
                        String path = fp.path();
                        if (!path.startsWith("/")
                            || fp.feature() != null
                                && pack.notAudited().containsKey(fp.feature())) {
                          continue; // named in words (the model has no path), or never in a finding
                          // (not audited)
                        }
                        for (String step : steps(path)) {
                          if (!nodes.contains(step)) {
                            missing.add(path + " (" + step + ")");
                          }
                        }
                      }
                      assertTrue(
                          missing.isEmpty(),
                          pack.id() + ": path nodes not in " + pack.yangModels() + ": " + missing);
                    }));
  }

  /** A path a finding may name, and the feature whose drift names it (null: the port itself). */
  record FeaturePath(Feature feature, String path) {}

  /** Every path of {@link LivePaths}, with each field a path takes. */
  static List<FeaturePath> paths(LivePaths p, String port) {
    List<FeaturePath> out =
        new ArrayList<>(
            List.of(
                new FeaturePath(Feature.CLASSIFICATION, p.dscp(26)),
                new FeaturePath(Feature.CLASSIFICATION, p.pcp(3)),
                new FeaturePath(Feature.CLASSIFICATION, p.priorityQueue(3)),
                new FeaturePath(null, p.port(port)),
                new FeaturePath(null, p.portSpeed(port)),
                new FeaturePath(null, p.lag(port)),
                new FeaturePath(Feature.MTU, p.mtu(port)),
                new FeaturePath(Feature.CLASSIFICATION, p.trustDscp(port)),
                new FeaturePath(Feature.PFC, p.pfc(port)),
                new FeaturePath(Feature.PFC, p.linkPause(port)),
                new FeaturePath(Feature.ECN, p.ecnBinding(port, 3)),
                new FeaturePath(Feature.BUFFERS, p.cableLength(port)),
                new FeaturePath(Feature.WATCHDOG, p.portWatchdog(port)),
                new FeaturePath(Feature.WATCHDOG, p.portWatchdogAction(port)),
                new FeaturePath(Feature.PFC, p.lossless()),
                new FeaturePath(Feature.SCHEDULER, p.scheduler(3)),
                new FeaturePath(Feature.HASH, p.hash()),
                new FeaturePath(Feature.BUFFERS, p.bufferAlpha()),
                new FeaturePath(Feature.BUFFERS, p.sharedHeadroomPool()),
                new FeaturePath(Feature.PFC, p.dcbx())));
    for (String field : Arrays.asList(null, "xoff", "xon", "size")) {
      out.add(new FeaturePath(Feature.BUFFERS, p.headroom(port, 3, field)));
    }
    for (String field : Arrays.asList(null, "min", "max", "probability", "drop")) {
      out.add(new FeaturePath(Feature.ECN, p.ecnProfile("ecn-3", field)));
    }
    for (String field : List.of("enabled", "action", "detection", "restoration", "poll")) {
      out.add(new FeaturePath(Feature.WATCHDOG, p.watchdog(field)));
    }
    return out;
  }

  /** {@link #paths} calls every method of {@link LivePaths}: a new one must be added there. */
  @Test
  void thePathListCoversEveryLivePathsMethod() {
    Set<String> methods = new TreeSet<>();
    for (Method m : LivePaths.class.getDeclaredMethods()) {
      if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
        methods.add(m.getName());
      }
    }
    assertEquals(
        Set.of(
            "dscp",
            "pcp",
            "priorityQueue",
            "port",
            "portSpeed",
            "lag",
            "mtu",
            "trustDscp",
            "pfc",
            "linkPause",
            "ecnBinding",
            "cableLength",
            "portWatchdog",
            "portWatchdogAction",
            "lossless",
            "scheduler",
            "hash",
            "headroom",
            "ecnProfile",
            "watchdog",
            "bufferAlpha",
            "sharedHeadroomPool",
            "dcbx"),
        methods);
  }

  private static final Pattern KEY = Pattern.compile("\\[[^\\]]*\\]");
  private static final Pattern DATA_NODE =
      Pattern.compile(
          "(?m)^\\s*(?:container|list|leaf|leaf-list|anydata|anyxml)\\s+\"?([A-Za-z_][A-Za-z0-9_.-]*)\"?\\s*[{;]");

  /**
   * A path's node names: list keys in brackets dropped, module prefixes ({@code srl_nokia-qos:})
   * too.
   */
  static List<String> steps(String path) {
    List<String> out = new ArrayList<>();
    for (String step : KEY.matcher(path).replaceAll("").split("/")) {
      if (!step.isEmpty()) {
        out.add(step.substring(step.indexOf(':') + 1));
      }
    }
    return out;
  }

  /**
   * The names of the data nodes (containers, lists, leaves) every YANG file of a folder declares.
   */
  static Set<String> dataNodes(Path folder) throws IOException {
    Set<String> out = new TreeSet<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.filter(x -> x.toString().endsWith(".yang")).sorted().toList()) {
        Matcher m = DATA_NODE.matcher(Files.readString(f, StandardCharsets.UTF_8));
        while (m.find()) {
          out.add(m.group(1));
        }
      }
    }
    return out;
  }

  /**
   * The switch with a fixed device-reported headroom (xoff 65536, xon 19456) on each lossless
   * priority group of a port that has none: a leaf without an ASIC profile (EOS derives headroom on
   * the switch) has no computed headroom for a pack that renders it, so it is given what a device
   * would report.
   */
  static CompiledSwitch withDeviceHeadroom(CompiledSwitch sw) {
    if (sw.ports().stream()
        .noneMatch(p -> !p.pfcPriorities().isEmpty() && p.headroom().isEmpty())) {
      return sw;
    }
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      List<PriorityGroupHeadroom> headroom = p.headroom();
      if (headroom.isEmpty() && !p.pfcPriorities().isEmpty()) {
        headroom = new ArrayList<>();
        for (int priority : p.pfcPriorities()) {
          int pg = sw.priorityToPriorityGroup().get(priority);
          headroom.add(
              new PriorityGroupHeadroom(
                  pg,
                  List.of(priority),
                  65_536,
                  19_456,
                  84_992,
                  null,
                  PriorityGroupHeadroom.DEVICE));
        }
      }
      ports.add(p.toBuilder().headroom(headroom).watchdogAction(null).vlan(null).build());
    }
    return sw.toBuilder().ports(ports).build();
  }
}
