package dev.weft.platform.eos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.CliAudit;
import dev.weft.platform.Feature;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.Transaction;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CLI part of an EOS switch's remediation without a device: the commands that take a drifted
 * running-config back to the rendered weft-qos.eos.cfg touch only what drifted of the DSCP map,
 * trust and hash (never a hostname, never a replace), remove only DSCP entries the intent does not
 * map, and read back through the CLI read to the intent; the session's commands are EOS's.
 */
class EosSessionTransactionTest {
  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-e");
  private static final CliAudit CLI = new EosPack().cliAudit().orElseThrow();

  private static CompiledSwitch spine(String asic) {
    CompiledSwitch sw = (CompiledSwitch) FABRIC.device("eos-spine-1").orElseThrow();
    return asic == null ? sw : sw.toBuilder().asic(asic).build();
  }

  private static String rendered(CompiledSwitch sw) {
    return new Renderer(TemplateFolders.builtIn())
        .renderDevice(sw, FABRIC.fabric())
        .text(EosCli.RENDERED);
  }

  private static Transaction.Change change(CompiledSwitch sw, String running) throws ReadException {
    CliAudit.Session s = CLI.session(sw).orElseThrow();
    return s.transaction().change(sw, rendered(sw), running, "x");
  }

  @Test
  void theRenderedFragmentIsInSyncWithItself() throws ReadException {
    CompiledSwitch sw = spine(null);
    Transaction.Change c = change(sw, rendered(sw));
    assertTrue(c.isEmpty(), c.toString());
    assertNull(c.text());
    assertEquals("eos-session", c.kind());
  }

  @Test
  void aDriftedDscpSendsThatDscpOnlyAndNeverTheHostname() throws ReadException {
    CompiledSwitch sw = spine(null);
    String text = rendered(sw);
    assertTrue(text.contains("qos map dscp 26 to traffic-class 3\n"), text);
    String running =
        text.replace("qos map dscp 26 to traffic-class 3\n", "qos map dscp 26 to traffic-class 1\n")
            .replace("\nend\n", "\nhostname somewhere-else\nend\n");
    Transaction.Change c = change(sw, running);
    assertEquals("qos map dscp 26 to traffic-class 3\n", c.text());
    assertEquals(Remediation.Operation.REPLACE, c.steps().get(0).operation());
    assertEquals(Feature.CLASSIFICATION, c.steps().get(0).part().feature());
  }

  @Test
  void onlyADscpTheIntentDoesNotMapGetsANoCommand() throws ReadException {
    CompiledSwitch sw = spine(null);
    String text = rendered(sw);
    Integer unmapped = null;
    for (int d = 0; d < 64 && unmapped == null; d++) {
      if (!sw.dscpToPriority().containsKey(d)) {
        unmapped = d;
      }
    }
    if (unmapped == null) {
      // the example maps every DSCP: no entry can be extra, nothing is ever removed
      assertTrue(change(sw, text).isEmpty());
      return;
    }
    String running =
        text.replace("\nend\n", "\nqos map dscp " + unmapped + " to traffic-class 1\nend\n");
    Transaction.Change c = change(sw, running);
    assertEquals("no qos map dscp " + unmapped + " to traffic-class 1\n", c.text());
    assertEquals(Remediation.Operation.REMOVE, c.steps().get(0).operation());
  }

  @Test
  void aPortThatLostItsTrustGetsItsServiceProfileAndLosesItsOwnTrust() throws ReadException {
    CompiledSwitch sw = spine(null);
    String text = rendered(sw);
    String port = sw.ports().get(0).name();
    String running =
        text.replace("interface " + port + "\n", "interface " + port + "\n   qos trust cos\n");
    Transaction.Change c = change(sw, running);
    assertEquals("interface " + port + "\n   default qos trust\n", c.text());
    assertEquals(port, c.steps().get(0).part().port());
  }

  @Test
  void aDriftedHashSendsTheRenderedHashCommandsOfTheFamily() throws ReadException {
    CompiledSwitch strata = spine(null);
    String text = rendered(strata);
    String line =
        text.lines()
            .filter(l -> l.startsWith("ip load-sharing trident fields ip "))
            .findFirst()
            .orElseThrow();
    Transaction.Change c =
        change(strata, text.replace(line + "\n", line.replace(" protocol", "") + "\n"));
    assertTrue(c.text().startsWith(line + "\n"), c.text());
    assertTrue(c.steps().stream().allMatch(s -> s.part().feature() == Feature.HASH));

    CompiledSwitch sand = spine("jericho2");
    String sandText = rendered(sand);
    assertTrue(sandText.contains("load-balance policies\n"), sandText);
    String running = sandText.substring(0, sandText.indexOf("load-balance policies\n")) + "end\n";
    Transaction.Change s = change(sand, running);
    assertTrue(
        s.text().startsWith("load-balance policies\n   load-balance sand profile default\n"),
        s.text());
  }

  /**
   * A port whose dcbx mode line is gone (EOS's default, off) gets the rendered {@code dcbx mode
   * ieee} in its interface; with dcbx: off a port without a line is already off and gets nothing, a
   * port with {@code dcbx mode ieee} gets {@code no dcbx mode}. The session read judges DCBX only
   * where the intent manages it.
   */
  @Test
  void aPortThatLostItsDcbxModeGetsTheRenderedLineBack() throws ReadException {
    CompiledSwitch ieee = spine(null).toBuilder().dcbx("ieee").build();
    String text = rendered(ieee);
    assertTrue(text.contains("   dcbx mode ieee\n"), text);
    assertTrue(change(ieee, text).isEmpty());
    String port = ieee.ports().get(0).name();
    int at = text.indexOf("interface " + port + "\n");
    int line = text.indexOf("   dcbx mode ieee\n", at);
    String running =
        text.substring(0, line) + text.substring(line + "   dcbx mode ieee\n".length());
    Transaction.Change c = change(ieee, running);
    assertEquals("interface " + port + "\n   dcbx mode ieee\n", c.text());
    assertEquals(1, c.steps().size(), c.steps().toString());
    assertEquals(Feature.PFC, c.steps().get(0).part().feature());
    CliAudit.Session s = CLI.session(ieee).orElseThrow();
    assertEquals(
        "off", s.profile().read(text.replace("dcbx mode ieee", "no dcbx mode"), "x", "x").dcbx());

    CompiledSwitch off = spine(null).toBuilder().dcbx("off").build();
    String offText = rendered(off);
    assertTrue(change(off, offText.replace("   no dcbx mode\n", "")).isEmpty());
    Transaction.Change back = change(off, offText.replace("no dcbx mode", "dcbx mode ieee"));
    assertEquals(ieee.ports().size(), back.steps().size(), back.toString());
    assertTrue(back.text().contains("   no dcbx mode\n"), back.text());
    assertEquals(
        null, CLI.session(spine(null)).orElseThrow().profile().read(text, "x", "x").dcbx());
  }

  @Test
  void aSessionReadJudgesOnlyWhatTheCliServes() throws ReadException {
    CompiledSwitch sw = spine(null);
    CliAudit.Session s = CLI.session(sw).orElseThrow();
    assertEquals(new LiveTransport.SshCommand("show running-config"), s.profile().transport());
    assertEquals(s.profile().expected(sw), s.profile().read(rendered(sw), sw.name(), "x"));
    assertFalse(
        s.profile()
            .expected(sw)
            .equals(
                s.profile()
                    .read(
                        rendered(sw)
                            .replace(
                                "qos map dscp 26 to traffic-class 3\n",
                                "qos map dscp 26 to traffic-class 1\n"),
                        sw.name(),
                        "x")));
  }

  @Test
  void aValueOutOfRangeOnTheSwitchIsAReadExceptionNamingTheLine() {
    CompiledSwitch sw = spine(null);
    ReadException e =
        assertThrows(
            ReadException.class,
            () ->
                change(
                    sw,
                    rendered(sw)
                        .replace("\nend\n", "\nqos map dscp 99 to traffic-class 1\nend\n")));
    assertTrue(e.getMessage().contains("qos map dscp 99"), e.getMessage());
  }

  @Test
  void theSessionIsEossOwnCommands() {
    EosSessionTransaction t = new EosSessionTransaction();
    assertEquals(
        List.of(
            new Transaction.Command("session", "configure session weft-1", true, true),
            Transaction.Command.of("session-diffs", "show session-config named weft-1 diffs")),
        t.stage("weft-1"));
    Transaction.Command apply = t.apply("weft-1", Duration.ofSeconds(3725));
    assertEquals("configure session weft-1", apply.command());
    assertEquals("commit timer 01:02:05\n", apply.input());
    assertFalse(apply.takesEdit());
    assertEquals("configure session weft-1 commit", t.keep("weft-1").get(0).command());
    assertEquals("configure session weft-1 abort", t.undo("weft-1").get(0).command());
    assertFalse(t.undo("weft-1").get(0).required(), "the lapsing timer backs the abort up");
    assertEquals("00:00:01", EosSessionTransaction.timer(Duration.ofMillis(10)));
  }
}
