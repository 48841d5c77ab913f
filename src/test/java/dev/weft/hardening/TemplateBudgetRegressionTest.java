package dev.weft.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.Weft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 15, "user templates can hang Weft or exhaust it": each attack, written as a user's EOS
 * template, is now the two EOS switches' {@code render-error} naming the template and its line,
 * while every other switch of the inventory still renders and the run completes (exit 1, never 3,
 * never a hang).
 */
class TemplateBudgetRegressionTest {

  static Stream<Arguments> attacks() {
    return Stream.of(
        Arguments.of(
            "center two billion", "{{ 'x'|center(2000000000) }}", "limit: template output"),
        Arguments.of(
            "format width of two billion",
            "{{ '%2000000000d'|format(1) }}",
            "limit: template output"),
        Arguments.of(
            "nested range loops",
            "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}",
            "limit: template time"),
        Arguments.of(
            "nested loops printing",
            "{% for a in range(100000) %}{% for b in range(100000) %}x{% endfor %}{% endfor %}",
            ""),
        Arguments.of("include fan-out", "{% include 'eos/fan.j2' %}", "limit: includes per render"),
        Arguments.of(
            "twenty thousand nested ifs",
            "{% if true %}".repeat(20_000) + "x" + "{% endif %}".repeat(20_000),
            "limit: template depth"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("attacks")
  void aRunawayTemplateIsThatDevicesRenderErrorAndTheRunCompletes(
      String name, String template, String limit, @TempDir Path dir) throws Exception {
    Path templates = Files.createDirectories(dir.resolve("templates/eos"));
    String text = "line one\n" + template + "\n";
    Files.writeString(templates.resolve("weft-qos.eos.cfg.j2"), text);
    Files.writeString(
        templates.resolve("fan.j2"),
        "{% for i in range(1000) %}{% include 'eos/fan2.j2' %}{% endfor %}");
    Files.writeString(
        templates.resolve("fan2.j2"),
        "{% for i in range(1000) %}{% include 'eos/fan3.j2' %}{% endfor %}");
    Files.writeString(templates.resolve("fan3.j2"), "{% for i in range(1000) %}y{% endfor %}");
    Path out = dir.resolve("out");
    Weft.Run run =
        Assertions.assertTimeoutPreemptively(
            Duration.ofSeconds(120),
            () ->
                Weft.run(
                    "render",
                    Weft.projectDir().resolve("inventories/roce-pod-c").toString(),
                    "--templates",
                    dir.resolve("templates").toString(),
                    "--out",
                    out.toString(),
                    "--template-timeout",
                    "2s",
                    "--no-validate"));
    // --no-validate: validation would already report the runaway template and write nothing (the
    // validate/render contract); what is tested here is the render itself isolating the failing
    // devices
    assertEquals(1, run.exitCode(), run.toString());
    assertFalse(run.err().contains("internal error"), run.toString());
    for (String eos : new String[] {"leaf-c1", "leaf-c2"}) {
      String finding =
          run.out()
              .lines()
              .filter(l -> l.contains("[render-error]") && l.contains(eos))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no render-error for " + eos + ":\n" + run));
      assertTrue(
          finding.matches(
              ".*eos/(weft-qos\\.eos\\.cfg|fan[23]?)\\.j2:\\d+:\\d+: error \\[render-error\\].*"),
          finding);
      if (!limit.isEmpty()) {
        assertTrue(finding.contains(limit) || finding.contains("limit: template time"), finding);
      }
      assertFalse(Files.exists(out.resolve(eos)), "a failed device writes nothing");
    }
    for (String other : new String[] {"oc-leaf-1", "oc-leaf-2"}) {
      assertTrue(
          Files.isRegularFile(out.resolve(other).resolve("config.xml")),
          other + " must still render:\n" + run);
    }
  }
}
