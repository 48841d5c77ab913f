package dev.weft.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.weft.drift.Cli;
import dev.weft.drift.IbDriftCheck;
import dev.weft.drift.ImportChecks;
import dev.weft.intent.IntentResult;
import dev.weft.live.IbProcessTools;
import dev.weft.model.FabricModel;
import dev.weft.render.OpenSmTestRenderer;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.LabTest;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft import} of an InfiniBand fabric, judged by its consumer: ib-pod-b's SM files (as
 * {@code weft render} writes them for each SM host) are imported; the imported inventory's own
 * round trip finds nothing; then the REAL OpenSM runs the imported inventory's render on an ibsim
 * fabric, and what it programmed (P_Key tables, SL2VL, VL arbitration, the master SM, read back
 * with infiniband-diags) is exactly what the original intent asks for.
 */
@LabTest(needs = {"/usr/sbin/opensm", "/usr/bin/ibsim", "/usr/sbin/smpquery"})
class ImportSubnetOnLabTest {

  @Test
  void theImportedSubnetProgramsTheFabricTheOriginalIntentAsksFor(@TempDir Path tmp)
      throws Exception {
    Path root = OpenSmTestRenderer.projectDir();
    Path skeleton = root.resolve("inventories/ib-pod-b");
    FabricModel original = read(root, skeleton);
    Path smFiles = tmp.resolve("sm-files");
    IbLab.prepare(original, smFiles);
    Path imported = tmp.resolve("imported");
    Cli run =
        Cli.run(
            "import",
            "--from",
            smFiles.toString(),
            "--out",
            imported.toString(),
            "--skeleton",
            skeleton.toString(),
            "--format",
            "json");
    ImportChecks.assertRoundTrips(run, List.of("ufm-01", "ufm-02"));
    ImportChecks.assertValidatesAsTheOriginal(
        null, skeleton, imported, List.of("ufm-01", "ufm-02"));
    IbLab.Prepared again = IbLab.prepare(read(tmp, imported), tmp.resolve("render-again"));
    try (IbLab lab = new IbLab(root, tmp.resolve("lab"))) {
      lab.up(again.net(), again.sms());
      IbDriftCheck.Result r = IbDriftCheck.run(original, new IbProcessTools(lab.execPrefix(), 60));
      assertEquals(
          List.of(),
          r.findings(),
          "OpenSM on the imported render programs what the original intent asks");
      assertEquals("ok", r.status());
    }
  }

  private static FabricModel read(Path root, Path inventory) throws Exception {
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    assertNotNull(intent.model(), intent.findings().toString());
    return intent.model();
  }
}
