package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * What docs/policies.md teaches compiles and means what it says, on a real fixture inventory: each
 * condition below is true there, so a rule made of it gives no finding; its negation gives one per
 * object.
 */
class ExpressionsTest {

  @TempDir Path dir;

  /** RuleScope, then a condition that holds on the inventory below. */
  private static final String[][] HOLDS = {
    {"port", "port.speed <= speed('800G')"},
    {
      "port",
      "speed('1.6T') == 1600 && size('150KB') == 150000 && size('1MiB') == 1048576 && length('5m') == 5"
    },
    {"port", "size('abc') == 3 && size([1, 2]) == 2"},
    {
      "fabric",
      "fabric.pfc.watchdog.detection >= duration('100ms') && fabric.pfc.watchdog.detection == duration('200ms')"
    },
    {"fabric", "today < date('2027-03-31') && today > date('2026-01-01')"},
    {"port", "has(port.role) && port.role in ['host-facing', 'fabric']"},
    {"port", "port.?description.orValue('') == ''"},
    {"port", "{'host-facing': 400, 'fabric': 800}[port.role] >= port.speed"},
    {"port", "{'x': 1}[?port.name].orValue(0) == 0"},
    {
      "switch-config",
      "config.queues.exists(q, q.lossless) && config.queues.exists_one(q, q.queue == 3)"
    },
    {"switch-config", "config.ports.map(p, p.speed_gbps).sort()[0] >= 400"},
    {"fabric", "fabric.traffic_classes.filter(c, c.lossless).map(c, c.name) == ['rdma']"},
    {"switch", "switch.name.startsWith('leaf-') || switch.name.matches('^spine-[0-9]+$')"},
    {
      "switch",
      "switch.name.split('-').size() == 2 && switch.name.upperAscii().lowerAscii() == switch.name"
    },
    {
      "fabric",
      "math.greatest([1, 5, 3]) == 5 && int(fabric.pfc.watchdog.poll.getMilliseconds()) == 200"
    },
    {"port", "cel.bind(caps, {'host-facing': 400, 'fabric': 800}, port.speed <= caps[port.role])"},
    {
      "link",
      "link.a.switch_port.speed == (has(link.b.nic) ? link.b.nic.speed : link.b.switch_port.speed)"
    },
    {
      "nic",
      "nic.switch_port.device == 'leaf-01' && nic.link.cable_length == 3 && nic.host == host.name"
    },
    {"host", "host.nics.size() == 1 && host.file.endsWith('fabric.yaml')"},
    {
      "switch-config",
      "switch.role == config.role && config.ecn_profiles.all(e, e.min_bytes == size('300KB'))"
    },
    // fields derived from the intent schema (policy/DerivedFields): defaults filled in, absent when
    // not written
    {
      "fabric",
      "fabric.health.lossless_drops == 0 && fabric.health.pause_frames_per_second == 1000"
          + " && fabric.health.cnp_required && fabric.waivers.size() == 0"
    },
    // the fixture runs on openconfig, which has no hash setting, so it writes no ecmp block
    {"fabric", "!has(fabric.ecmp) && !has(fabric.oversubscription)"},
    // the fixture writes no fabric.dcbx: Weft does not manage it, and the compiled field is absent
    {"switch-config", "!has(config.dcbx) && !has(fabric.dcbx)"},
    {"host", "!has(host.gid_index) && !has(host.management) && host.nics.all(n, has(n.speed))"},
    {
      "port",
      "!has(port.vlan) && !has(port.exception) && !has(port.reason) && port.switch.role in ['leaf', 'spine']"
    },
  };

  private static final Path INVENTORY =
      Validation.project().resolve("policies/examples/port-speed-cap-by-role/pass");

  private void write(String id, String scope, String condition) throws IOException {
    Path folder = Files.createDirectories(dir.resolve(id));
    Files.writeString(
        folder.resolve("rule.yaml"),
        "id: "
            + id
            + "\ntitle: t\nseverity: warning\nscope: "
            + scope
            + "\ncondition: >-\n  "
            + condition
            + "\nmessage: \"{{"
            + (scope.equals("fabric") ? "fabric" : scope.equals("switch-config") ? "config" : scope)
            + "}} breaks it\"\nremediation: Fix.\nsources: [\"test\"]\n");
  }

  @TestFactory
  Stream<DynamicTest> eachIdiomHoldsAndItsNegationFires() {
    return Stream.of(HOLDS)
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c[0] + ": " + c[1],
                    () -> {
                      write("holds", c[0], c[1]);
                      write("negated", c[0], "!(" + c[1] + ")");
                      Validation run = new Validation(List.of(dir));
                      assertEquals(List.of(), run.user.problems());
                      List<Finding> findings = run.validate(INVENTORY);
                      assertTrue(
                          findings.stream()
                              .noneMatch(
                                  f ->
                                      f.rule().equals("holds") || f.rule().startsWith("user-rule")),
                          findings.toString());
                      assertTrue(
                          findings.stream().anyMatch(f -> f.rule().equals("negated")),
                          findings.toString());
                    }));
  }

  @Test
  void aBadUnitInALiteralIsFoundAtItsColumn() throws IOException {
    write("units", "port", "port.speed <= speed('400g')");
    List<Finding> problems = new Validation(List.of(dir)).user.problems();
    assertEquals(1, problems.size(), problems.toString());
    List<String> lines = Files.readAllLines(dir.resolve("units/rule.yaml"));
    assertEquals(6, problems.get(0).location().line());
    assertEquals(lines.get(5).indexOf("'400g'") + 1, problems.get(0).location().column());
    assertTrue(problems.get(0).message().contains("400g"), problems.get(0).message());
  }
}
