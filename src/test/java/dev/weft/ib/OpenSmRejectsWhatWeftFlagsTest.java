package dev.weft.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import dev.weft.render.OpenSmFileCheck;
import dev.weft.render.OpenSmTestRenderer;
import dev.weft.testing.LabTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other half of the agreement: each broken OpenSM file that Weft flags is one the real OpenSM
 * rejects, replaces with a default or silently reinterprets. Each case edits one line of a rendered
 * file, checks that Weft points at that line, then runs the real OpenSM on it and shows what OpenSM
 * did (it exits 0 in every case, so the evidence is its output or the tables it programmed).
 */
@LabTest(needs = {"/usr/sbin/opensm", "/usr/bin/ibsim"})
class OpenSmRejectsWhatWeftFlagsTest {

  @TempDir static Path tmp;

  /**
   * Replaces {@code from} by {@code to} on the first line of {@code file} starting with {@code
   * linePrefix}; Weft must flag the line starting with {@code flaggedPrefix} (the edited line when
   * null).
   */
  record Case(
      String name,
      String file,
      String linePrefix,
      String from,
      String to,
      String flaggedPrefix,
      Predicate<IbLab> openSmShows) {}

  static boolean errorsContain(IbLab lab, String text) {
    return lab.query("errors").lines().stream().anyMatch(l -> l.contains(text));
  }

  static final String GPU2 = IbFixtures.hcaGuid(1);

  static final List<Case> CASES =
      List.of(
          new Case(
              "unknown opensm.conf key",
              "opensm.conf",
              "lmc ",
              "lmc",
              "lmcc",
              null,
              lab -> errorsContain(lab, "Unrecognized token: \"lmcc\"")),
          new Case(
              "sm_priority out of range",
              "opensm.conf",
              "sm_priority ",
              "15",
              "99",
              null,
              lab -> errorsContain(lab, "Invalid Cached Option Value:sm_priority = 99")),
          new Case(
              "SL2VL entry out of range",
              "opensm.conf",
              "qos_sl2vl ",
              ",0\n",
              ",99\n",
              null,
              lab ->
                  errorsContain(lab, "qos_sl2vl:vl=99 out of range")
                      && lab.query("sl2vl", IbFixtures.hcaGuid(0))
                          .out()
                          .contains("sl2vl=0,1,2,0,0,0,0,0,0,0,0,0,0,0,0,3")),
          new Case(
              "unknown routing engine",
              "opensm.conf",
              "routing_engine ",
              "ftree,updn",
              "fattree",
              null,
              lab ->
                  errorsContain(lab, "cannot find or setup routing engine 'fattree'")
                      && lab.query("routing").out().contains("minhop tables configured")),
          new Case(
              "bad P_Key",
              "partitions.conf",
              "tenant-a=",
              "0x0101",
              "0x01G1",
              null,
              lab ->
                  errorsContain(lab, "PARSE ERROR")
                      && lab.query("pkeys", IbFixtures.hcaGuid(0))
                          .out()
                          .contains("pkeys=0xffff\n")),
          new Case(
              "unknown membership word",
              "partitions.conf",
              "    " + GPU2 + "=full",
              "=full",
              "=fool",
              null,
              lab ->
                  errorsContain(lab, "unrecognized port flag 'fool'")
                      && lab.query("pkeys", GPU2).out().contains("pkeys=0x7fff,0x0101\n")),
          // qos-ulps "default : SL" would also give OpenSM a default level, so the case has no
          // qos-ulps
          new Case(
              "qos-policy without DEFAULT",
              "qos-policy.conf",
              "        name: DEFAULT",
              "DEFAULT",
              "BASE",
              "qos-levels",
              lab -> errorsContain(lab, "Default qos-level (default) not defined")));

  @TestFactory
  Stream<DynamicTest> openSmMisbehavesOnEveryFileWeftFlags() throws Exception {
    FabricModel model =
        IbFixtures.build(
                IbFixtures.fatTree(2, 2, 2), IbFixtures.podSubnet(IbFixtures.fatTree(2, 2, 2)))
            .model();
    Path clean = tmp.resolve("clean");
    IbLab.Prepared files = IbLab.prepare(model, clean);
    String smNode = files.sms().get(0).split("=")[0];
    return CASES.stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.name(),
                    () -> {
                      Path dir = Files.createTempDirectory(tmp, "case-");
                      for (String f : OpenSmTestRenderer.FILES) {
                        Files.copy(clean.resolve("ufm-01").resolve(f), dir.resolve(f));
                      }
                      List<String> lines =
                          new java.util.ArrayList<>(Files.readAllLines(dir.resolve(c.file())));
                      int at = -1;
                      for (int i = 0; i < lines.size() && at < 0; i++) {
                        if (lines.get(i).startsWith(c.linePrefix())) {
                          at = i;
                        }
                      }
                      assertTrue(at >= 0, "no line starting with " + c.linePrefix());
                      String edited =
                          (lines.get(at) + "\n").replace(c.from(), c.to()).stripTrailing();
                      assertTrue(
                          !edited.equals(lines.get(at)), "edit did not apply to " + lines.get(at));
                      lines.set(at, edited);
                      int flagged = at;
                      if (c.flaggedPrefix() != null) {
                        flagged = -1;
                        for (int i = 0; i < lines.size() && flagged < 0; i++) {
                          flagged = lines.get(i).startsWith(c.flaggedPrefix()) ? i : -1;
                        }
                      }
                      String text = String.join("\n", lines) + "\n";
                      if (c.file().equals("qos-policy.conf")) {
                        text = text.substring(0, text.indexOf("\nqos-ulps")) + "\n";
                      }
                      Files.writeString(dir.resolve(c.file()), text);

                      List<Finding> weft =
                          OpenSmFileCheck.check("ufm-01/" + c.file(), c.file(), text);
                      assertEquals(1, weft.size(), weft.toString());
                      assertEquals(flagged + 1, weft.get(0).location().line(), weft.toString());

                      try (IbLab lab =
                          new IbLab(
                              OpenSmTestRenderer.projectDir(), dir.resolve("lab"), "-D 0x07")) {
                        lab.up(files.net(), List.of(smNode + "=" + dir));
                        assertTrue(
                            c.openSmShows().test(lab),
                            () ->
                                "OpenSM did not show the expected effect; errors:\n"
                                    + lab.query("errors").out());
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> theCleanFilesRunQuietEvenAtVerboseLogLevel() throws Exception {
    return Stream.of(
        DynamicTest.dynamicTest(
            "clean",
            () -> {
              FabricModel model =
                  IbFixtures.build(
                          IbFixtures.fatTree(2, 2, 2),
                          IbFixtures.podSubnet(IbFixtures.fatTree(2, 2, 2)))
                      .model();
              IbLab.Prepared files = IbLab.prepare(model, tmp.resolve("quiet"));
              try (IbLab lab =
                  new IbLab(OpenSmTestRenderer.projectDir(), tmp.resolve("quiet-lab"), "-D 0x07")) {
                lab.up(files.net(), files.sms().subList(0, 1));
                assertEquals(List.of(), lab.query("errors").lines());
                assertFalse(lab.query("routing").out().contains("minhop"));
              }
            }));
  }
}
