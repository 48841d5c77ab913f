package dev.weft.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.render.OpenSmTestRenderer;
import dev.weft.testing.LabTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scripts/ib-lab's own failure paths: clear exit codes and messages, and nothing left running. */
@LabTest(needs = {"/usr/sbin/opensm", "/usr/bin/ibsim"})
class IbLabScriptTest {

  @TempDir Path tmp;

  IbLab lab() {
    return new IbLab(OpenSmTestRenderer.projectDir(), tmp.resolve("lab"));
  }

  static boolean anyProcessMentions(Path dir) throws Exception {
    try (var procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.filter(p -> p.getFileName().toString().matches("[0-9]+")).toList()) {
        try {
          if (new String(Files.readAllBytes(p.resolve("cmdline"))).contains(dir.toString())) {
            return true;
          }
        } catch (java.io.IOException gone) {
          // the process ended while we looked
        }
      }
    }
    return false;
  }

  /**
   * {@code up} on a topology ibsim rejects (a port linked to a node that does not exist), with one
   * SM whose conf dir holds {@code opensm.conf} as given.
   */
  private IbLab.Run upOnABadTopology(String opensmConf) throws Exception {
    Path net =
        Files.writeString(tmp.resolve("bad.net"), "Switch\t4 \"leaf-01\"\n[1]\t\"nowhere\"[1]\n\n");
    Path conf = Files.createDirectories(tmp.resolve("conf"));
    Files.writeString(conf.resolve("opensm.conf"), opensmConf);
    return lab()
        .run(List.of("up", tmp.resolve("lab").toString(), net.toString(), "x/mlx5_0=" + conf), 120);
  }

  @Test
  void aTopologyIbsimRejectsFailsUpWithExit3AndLeavesNothingRunning() throws Exception {
    IbLab.Run r = upOnABadTopology("sm_priority 1\n");
    assertEquals(3, r.exit(), r.out() + r.err());
    assertTrue(r.err().contains("ibsim rejected"), r.err());
    assertFalse(anyProcessMentions(tmp.resolve("lab")));
  }

  @Test
  void aConfThatNamesAMissingFileFailsUpBeforeAnythingStarts() throws Exception {
    // ibsim would reject this topology too (exit 3): exit 2 shows the check came first
    IbLab.Run r = upOnABadTopology("partition_config_file /etc/opensm/partitions.conf\n");
    Path conf = tmp.resolve("conf");
    assertEquals(2, r.exit(), r.out() + r.err());
    assertTrue(
        r.err().contains("names partition_config_file partitions.conf, which is not in " + conf),
        r.err());
    assertFalse(anyProcessMentions(tmp.resolve("lab")));
  }

  @Test
  void queriesOnAFabricThatIsNotUpSayso() {
    IbLab.Run r = lab().run(List.of("query", tmp.resolve("nothing").toString(), "pkeys"), 60);
    assertEquals(6, r.exit());
    assertTrue(r.err().contains("no lab state"), r.err());
  }

  @Test
  void usageErrors() {
    assertEquals(2, lab().run(List.of("frobnicate"), 60).exit());
    IbLab.Run r = lab().run(List.of("up", tmp.toString()), 60);
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("usage: ib-lab up STATE NETFILE NODE=CONFDIR"), r.err());
  }

  @Test
  void downOnSomethingNeverStartedIsHarmless() {
    IbLab.Run r = lab().run(List.of("down", tmp.resolve("never").toString()), 60);
    assertEquals(0, r.exit(), r.err());
  }
}
