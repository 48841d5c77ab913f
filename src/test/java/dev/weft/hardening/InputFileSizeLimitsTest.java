package dev.weft.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.config.ProjectConfig;
import dev.weft.finding.Finding;
import dev.weft.testing.Weft;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, item 1: every kind of input file has a size limit checked before the file is read. Each
 * case puts a sparse file of 4 GiB where Weft expects a small one (a file that would end in an
 * out-of-memory stop, exit 3, if it were read: no Java array holds it) and expects a located
 * finding or a usage error that names the file, never exit 3. Templates, inventory files, option
 * files and a device's replies have their own tests (InputLimitsRegressionTest,
 * TemplateSandboxTest, the NETCONF tests).
 */
class InputFileSizeLimitsTest {

  @TempDir Path dir;

  private static final long HUGE = 4L << 30;

  /** A file of {@code HUGE} bytes that takes no disk space (a hole). */
  private static Path huge(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(HUGE);
    }
    return file;
  }

  private static void noCrash(Weft.Run run) {
    assertTrue(run.exitCode() == 1 || run.exitCode() == 2, "exit 1 or 2: " + run);
    assertFalse(run.err().contains("internal error"), run.toString());
  }

  private static String inventory() {
    return Weft.projectDir().resolve("inventories/roce-pod-a").toString();
  }

  @Test
  void aUserRulesRuleYaml() throws Exception {
    Path rule = huge(dir.resolve("policies/site-rule/rule.yaml"));
    Weft.Run run =
        Weft.run("validate", inventory(), "--policies", dir.resolve("policies").toString());
    noCrash(run);
    assertTrue(
        run.out().contains(rule.toString().replace('\\', '/') + ":1:1: error")
            && run.out().contains(HUGE + " bytes"),
        run.toString());
  }

  @Test
  void aBuiltInRulesOverride() throws Exception {
    Path rule = huge(dir.resolve("policies/ecn-thresholds/rule.yaml"));
    Weft.Run run = Weft.run("rules", "--policies", dir.resolve("policies").toString());
    noCrash(run);
    assertTrue(
        run.toString().contains(rule.toString().replace('\\', '/'))
            && run.toString().contains(HUGE + " bytes"),
        run.toString());
  }

  @Test
  void aCredentialsFile() throws Exception {
    Path credentials = huge(dir.resolve("credentials.yaml"));
    Weft.Run run =
        Weft.run(
            "drift",
            Weft.projectDir().resolve("inventories/roce-pod-c").toString(),
            "--credentials",
            credentials.toString(),
            "--known-hosts",
            dir.resolve("kh").toString());
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(run.err().contains(credentials.toString()), run.toString());
  }

  @Test
  void aDeviceFileOfAnImportFolder() throws Exception {
    Path backup = huge(dir.resolve("from/leaf-01.json"));
    Weft.Run run =
        Weft.run(
            "import",
            "--from",
            dir.resolve("from").toString(),
            "--out",
            dir.resolve("out").toString());
    noCrash(run);
    assertTrue(
        run.err().contains(backup.toString())
            && run.err().contains("larger than any switch config"),
        run.toString());
  }

  @Test
  void anOpenSmFileOfAnImportFolder() throws Exception {
    Path conf = huge(dir.resolve("from/sm-01/opensm.conf"));
    Weft.Run run =
        Weft.run(
            "import",
            "--from",
            dir.resolve("from").toString(),
            "--out",
            dir.resolve("out").toString());
    noCrash(run);
    assertTrue(
        run.err().contains(conf.toString())
            && run.err().contains("larger than any subnet manager file"),
        run.toString());
  }

  @Test
  void aProjectFile() throws Exception {
    Path file = huge(dir.resolve(ProjectConfig.FILE));
    ProjectConfig config = ProjectConfig.load(file, ".weft.yaml", List.of("validate"));
    Finding problem = config.problems().get(0);
    assertEquals(".weft.yaml", problem.location().file());
    assertTrue(problem.message().contains(HUGE + " bytes"), problem.message());
  }

  @Test
  void anAsicProfile() throws Exception {
    Path profile = huge(dir.resolve("asics/spectrum-4.properties"));
    Weft.Run run =
        Weft.run("validate", inventory(), "--asic-profiles", dir.resolve("asics").toString());
    noCrash(run);
    assertTrue(
        run.out().contains("asic-profile-invalid")
            && run.out().contains(profile.toString())
            && run.out().contains("limit: ASIC profile size"),
        run.toString());
  }

  @Test
  void aPolicyFixture() throws Exception {
    Path rule = dir.resolve("policies/site-rule");
    Files.createDirectories(rule);
    Files.writeString(
        rule.resolve("rule.yaml"),
        "id: site-rule\ntitle: t\nseverity: error\nscope: fabric\ncondition: \"true\"\n"
            + "message: m\nremediation: r\nsources: [\"test\"]\n");
    Weft.copyExample("roce-pod-a", rule.resolve("pass"));
    Path fixture = huge(rule.resolve("pass/huge.yaml"));
    Weft.Run run = Weft.run("test-policies", dir.resolve("policies").toString());
    noCrash(run);
    assertTrue(run.toString().contains(fixture.getFileName().toString()), run.toString());
  }
}
