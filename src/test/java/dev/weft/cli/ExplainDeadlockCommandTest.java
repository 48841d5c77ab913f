package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * weft explain-deadlock on the rule's own fixtures: every hop with the file and line of its link.
 */
class ExplainDeadlockCommandTest {

  private static final String FIXTURES =
      ProjectDir.get().resolve("policies/pfc-deadlock-cycle").toString();

  @Test
  void printsTheCycleHopByHopWithEachLinksLine() {
    CliRun run = CliRun.of("explain-deadlock", FIXTURES + "/fail");
    assertEquals(1, run.exitCode(), run.err());
    String out = run.out();
    assertTrue(out.contains("Cycle 1 of 2, lossless priority 3, 3 links"), out);
    assertTrue(
        out.matches(
            "(?s).*1\\. leaf-01:Ethernet264 -> leaf-02:Ethernet264 +lateral \\(leaf -> leaf\\) +\\S*policies/pfc-deadlock-cycle/fail/fabric.yaml:64:5.*"),
        out);
    assertTrue(
        out.matches(
            "(?s).*2\\. leaf-02:Ethernet256 -> spine-01:Ethernet8 +up +\\(leaf -> spine\\) +\\S*fabric.yaml:63:5.*"),
        out);
    assertTrue(
        out.matches(
            "(?s).*3\\. spine-01:Ethernet0 -> leaf-01:Ethernet256 +down +\\(spine -> leaf\\) +\\S*fabric.yaml:62:5.*"),
        out);
    assertTrue(out.contains("Break it at hop 1"), out);
  }

  @Test
  void anAcyclicFabricSaysSoAndSucceeds() {
    CliRun run = CliRun.of("explain-deadlock", FIXTURES + "/pass");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("No cyclic buffer dependency"), run.out());
  }
}
