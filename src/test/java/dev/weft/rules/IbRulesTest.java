package dev.weft.rules;

import static dev.weft.ib.IbFixtures.listAt;
import static dev.weft.ib.IbFixtures.map;
import static dev.weft.ib.IbFixtures.mapAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.ib.IbFixtures;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class IbRulesTest {

  static final List<Rule> RULES =
      List.of(
          new IbRoutingDeadlock(),
          new IbSmPriority(),
          new IbPkeyDuplicate(),
          new IbPkeyRange(),
          new IbDefaultPartition(),
          new IbPartitionNoFullMember(),
          new IbPartitionCapability(),
          new IbSlVlUnused(),
          new IbLmcLidBudget(),
          new IbSharpPrereq(),
          new IbQosDefaultLevel(),
          new IbQosLevelsIgnored(),
          new IbRateCode());

  static List<Finding> run(IbFixtures.Built b) {
    List<Finding> out = new ArrayList<>(b.mapperFindings());
    RuleInput in = new RuleInput(b.model(), null, LocalDate.of(2026, 11, 30));
    RULES.forEach(r -> out.addAll(r.check(in)));
    return out;
  }

  /**
   * Applies an edit to the pod's subnet, runs every rule, returns the findings and the built model.
   */
  static IbFixtures.Built edited(Consumer<Map<String, Object>> edit) {
    IbFixtures.Topology t = IbFixtures.fatTree(2, 4, 4);
    Map<String, Object> s = IbFixtures.podSubnet(t);
    edit.accept(s);
    return IbFixtures.build(t, s);
  }

  /** Exactly one finding, of {@code rule}, at {@code pointer}'s line. */
  static Finding only(IbFixtures.Built b, String rule, String pointer) {
    List<Finding> f = run(b);
    assertEquals(1, f.size(), () -> "expected one " + rule + " finding, got " + f);
    assertEquals(rule, f.get(0).rule(), f.toString());
    Location want = b.at(pointer);
    assertEquals(want, f.get(0).location(), f.get(0).message());
    return f.get(0);
  }

  @Test
  void thePodFiresNothing() {
    assertEquals(List.of(), run(IbFixtures.pod()));
  }

  @Test
  void minhopLastOnALoopedFatTreeIsADeadlockRisk() {
    Finding f =
        only(
            edited(s -> s.put("routing-engine", new ArrayList<>(List.of("ftree", "minhop")))),
            "ib-routing-deadlock",
            "/subnet/routing-engine");
    assertTrue(f.message().contains("spine-01") && f.message().contains("spine-02"), f.message());
  }

  @Test
  void ssspLast() {
    only(
        edited(s -> s.put("routing-engine", new ArrayList<>(List.of("ftree", "sssp")))),
        "ib-routing-deadlock",
        "/subnet/routing-engine");
  }

  @Test
  void noEngineMeansMinhop() {
    Finding f =
        only(
            edited(
                s -> {
                  s.remove("routing-engine");
                  s.put("sharp", map("enabled", false));
                }),
            "ib-routing-deadlock",
            "/subnet");
    assertTrue(f.message().contains("default is minhop"), f.message());
  }

  @Test
  void minhopOnATreeWithoutLoopsIsFine() {
    IbFixtures.Topology t = IbFixtures.fatTree(1, 4, 2); // one spine: the switch graph is a tree
    Map<String, Object> s = IbFixtures.podSubnet(t);
    s.put("routing-engine", new ArrayList<>(List.of("minhop")));
    s.put("sharp", map("enabled", false));
    assertEquals(List.of(), run(IbFixtures.build(t, s)));
  }

  @Test
  void unknownEngineFallsBackSilently() {
    Finding f =
        only(
            edited(s -> s.put("routing-engine", new ArrayList<>(List.of("ftree", "updown")))),
            "ib-routing-deadlock",
            "/subnet/routing-engine");
    assertTrue(f.message().contains("'updown'"), f.message());
  }

  @Test
  void ftreeWithLmcIsSkippedByOpenSm() {
    Finding f =
        only(edited(s -> s.put("lmc", 2L)), "ib-routing-deadlock", "/subnet/routing-engine");
    assertTrue(f.message().contains("ftree does not route with lmc 2"), f.message());
    assertEquals(
        List.of(),
        run(
            edited(
                s -> {
                  s.put("lmc", 2L);
                  s.put("routing-engine", new ArrayList<>(List.of("updn")));
                  s.put("sharp", map("enabled", false));
                })));
  }

  @Test
  void adaptiveRoutingNeedsAnArEngineAndOnlyThen() {
    only(
        edited(s -> s.put("adaptive-routing", map("enabled", true))),
        "ib-routing-deadlock",
        "/subnet/adaptive-routing/enabled");
    only(
        edited(s -> s.put("routing-engine", new ArrayList<>(List.of("ar_updn", "updn")))),
        "ib-routing-deadlock",
        "/subnet/routing-engine");
    assertEquals(
        List.of(),
        run(
            edited(
                s -> {
                  s.put("adaptive-routing", map("enabled", true));
                  s.put("routing-engine", new ArrayList<>(List.of("ar_updn", "updn")));
                })));
  }

  @Test
  void tiedTopPriority() {
    only(
        edited(s -> mapAt(s, "subnet-managers/1").put("priority", 15L)),
        "ib-sm-priority",
        "/subnet/subnet-managers/1/priority");
  }

  @Test
  void priorityOutOfRange() {
    only(
        edited(s -> mapAt(s, "subnet-managers/1").put("priority", 16L)),
        "ib-sm-priority",
        "/subnet/subnet-managers/1/priority");
  }

  @Test
  void smOnAPortTheHostDoesNotHave() {
    only(
        edited(s -> mapAt(s, "subnet-managers/0").put("port-guid", "0x0002c90300ffffff")),
        "ib-sm-priority",
        "/subnet/subnet-managers/0/port-guid");
  }

  @Test
  void duplicatePkeyIgnoresTheMembershipBit() {
    Finding f =
        only(
            edited(s -> mapAt(s, "partitions/2").put("pkey", "0x0101")),
            "ib-pkey-duplicate",
            "/subnet/partitions/2/pkey");
    assertTrue(f.message().contains("tenant-a"), f.message());
  }

  @Test
  void pkeyWithTheMembershipBitIsOutOfRange() {
    only(
        edited(s -> mapAt(s, "partitions/1").put("pkey", "0x8101")),
        "ib-pkey-range",
        "/subnet/partitions/1/pkey");
  }

  @Test
  void badPkeyText() {
    only(
        edited(s -> mapAt(s, "partitions/1").put("pkey", "0x01G1")),
        "ib-pkey-range",
        "/subnet/partitions/1/pkey");
  }

  @Test
  void defaultPkeyOnlyForDefault() {
    List<Finding> f = run(edited(s -> mapAt(s, "partitions/1").put("pkey", "0x7fff")));
    assertTrue(f.stream().anyMatch(x -> x.rule().equals("ib-pkey-range")), f.toString());
  }

  @Test
  void missingDefaultPartition() {
    only(
        edited(s -> listAt(s, "partitions").remove(0)),
        "ib-default-partition",
        "/subnet/partitions");
  }

  @Test
  void partitionWithOnlyLimitedMembers() {
    only(
        edited(s -> mapAt(s, "partitions/1/members/0").put("membership", "limited")),
        "ib-partition-no-full-member",
        "/subnet/partitions/1/members");
  }

  @Test
  void unknownMembershipWordIsCaughtByTheMapper() {
    IbFixtures.Built b = edited(s -> mapAt(s, "partitions/1/members/0").put("membership", "fool"));
    List<Finding> f = run(b);
    assertTrue(
        f.stream()
            .anyMatch(
                x ->
                    x.rule().equals("schema")
                        && x.location().equals(b.at("/subnet/partitions/1/members/0/membership"))),
        f.toString());
  }

  @Test
  void partitionRateAboveItsMembersPorts() {
    IbFixtures.Topology t = IbFixtures.fatTree(2, 4, 4);
    Map<String, Object> s = IbFixtures.podSubnet(t);
    s.put("rate", "800G");
    mapAt(s, "partitions/1").put("rate", "800G");
    IbFixtures.Built b = IbFixtures.build(t, s);
    only(b, "ib-partition-capability", "/subnet/partitions/1/rate");
  }

  @Test
  void partitionMtuNotAnIbMtu() {
    only(
        edited(s -> mapAt(s, "partitions/1").put("mtu", 9000L)),
        "ib-partition-capability",
        "/subnet/partitions/1/mtu");
  }

  @Test
  void partitionMtuAboveSubnet() {
    only(
        edited(
            s -> {
              s.put("mtu", 2048L);
              mapAt(s, "partitions/2").put("mtu", 2048L);
            }),
        "ib-partition-capability",
        "/subnet/partitions/1/mtu");
  }

  @Test
  void slMappedAboveMaxVls() {
    only(edited(s -> listAt(s, "qos/sl2vl").set(1, 9L)), "ib-sl-vl-unused", "/subnet/qos/sl2vl/1");
  }

  @Test
  void slMappedToAVlWithoutWeight() {
    only(edited(s -> listAt(s, "qos/sl2vl").set(1, 5L)), "ib-sl-vl-unused", "/subnet/qos/sl2vl/1");
  }

  @Test
  void aBrokenTableIsNotJudgedByTheMappingRule() {
    // out-of-range entries are schema errors (SchemaValidatorTest, IbQosRangesFailTheRunTest); a
    // model that
    // skipped the schema gets no guessed mapping warning either
    assertEquals(
        List.of(),
        run(edited(s -> listAt(s, "qos/sl2vl").set(9, 99L))).stream()
            .filter(f -> f.rule().equals("ib-sl-vl-unused"))
            .toList());
    assertEquals(
        List.of(),
        run(edited(s -> mapAt(s, "qos/vlarb-low/2").put("weight", 300L))).stream()
            .filter(f -> f.rule().equals("ib-sl-vl-unused"))
            .toList());
  }

  @Test
  void levelsWhileQosIsOffAreAWarningOfTheirOwnRule() {
    Finding f =
        only(
            edited(s -> mapAt(s, "qos").put("enabled", false)),
            "ib-qos-levels-ignored",
            "/subnet/qos/levels");
    assertEquals(dev.weft.finding.Severity.WARNING, f.severity());
  }

  @Test
  void unusedSlMayMapAnywhere() {
    assertEquals(List.of(), run(edited(s -> listAt(s, "qos/sl2vl").set(7, 15L))));
  }

  @Test
  void lmcBeyondTheLidSpace() {
    IbFixtures.Topology t = IbFixtures.fatTree(16, 32, 32); // 1,026 HCA ports
    Map<String, Object> s = IbFixtures.podSubnet(t);
    s.put("routing-engine", new ArrayList<>(List.of("updn"))); // ftree does not route with LMC > 0
    s.put("sharp", map("enabled", false));
    s.put("lmc", 6L); // 1026 * 64 > 49151
    only(IbFixtures.build(t, s), "ib-lmc-lid-budget", "/subnet/lmc");
    s.put("lmc", 5L); // 1026 * 32 + 48 = 32,880: fits
    assertEquals(List.of(), run(IbFixtures.build(t, s)));
  }

  @Test
  void lmcOutOfRange() {
    only(
        edited(
            s -> {
              s.put("lmc", 8L);
              s.put("routing-engine", new ArrayList<>(List.of("updn")));
              s.put("sharp", map("enabled", false));
            }),
        "ib-lmc-lid-budget",
        "/subnet/lmc");
  }

  @Test
  void sharpWithoutTreeRouting() {
    only(
        edited(s -> s.put("routing-engine", new ArrayList<>(List.of("lash")))),
        "ib-sharp-prereq",
        "/subnet/sharp/enabled");
  }

  @Test
  void qosWithoutDefaultLevel() {
    only(
        edited(s -> listAt(s, "qos/levels").remove(0)),
        "ib-qos-default-level",
        "/subnet/qos/levels");
  }

  @Test
  void rateWithoutACode() {
    only(
        edited(s -> mapAt(s, "partitions/1").put("rate", "250G")),
        "ib-rate-code",
        "/subnet/partitions/1/rate");
  }

  @Test
  void ratesAreComparedInGbpsNotByCode() {
    // 25G is code 15 and 100G is code 16; 56G is code 12: by code 56G < 25G, in Gb/s it is above
    IbFixtures.Built b =
        edited(
            s -> {
              s.put("rate", "25G");
              mapAt(s, "partitions/1").put("rate", "56G");
              mapAt(s, "partitions/2").remove("rate");
            });
    only(b, "ib-rate-code", "/subnet/partitions/1/rate");
  }
}
