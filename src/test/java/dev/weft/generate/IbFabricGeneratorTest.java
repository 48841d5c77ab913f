package dev.weft.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IbFabricGeneratorTest {

  private static int count(String text, String regex) {
    Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void theGeneratedFatTreeLoadsWithoutSchemaOrMergeProblems(@TempDir Path dir) throws Exception {
    Map<String, String> files =
        new IbFabricGenerator().generate("ib-1024", RoceFabricShape.forGpus(1024));
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = dir.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
    }
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(dir, dir));
    List<Finding> findings = intent.findings();
    assertEquals(List.of(), findings);
    assertNotNull(intent.model());
    assertEquals(32 + 32, intent.model().switches().size());
    assertEquals(128 + 2, intent.model().hosts().size());
  }

  @Test
  void everyHcaHasExactlyOneLinkAndEveryLeafUplinkReachesASpine() {
    RoceFabricShape shape = RoceFabricShape.forGpus(2048);
    String all = String.join("\n", new IbFabricGenerator().generate("ib", shape).values());
    int hcas = count(all, "^      - \\{ name: mlx5_\\d+, port-guid");
    int hostLinks = count(all, "^  - \\{ a: leaf-\\d+:\\d+, b: gpu-");
    int fabricLinks = count(all, "^  - \\{ a: leaf-\\d+:\\d+, b: spine-");
    assertEquals(2048, hcas);
    assertEquals(hcas, hostLinks);
    assertEquals(shape.leaves() * shape.uplinksPerLeaf(), fabricLinks);
  }

  @Test
  void theSameSizeGivesIdenticalFiles() {
    RoceFabricShape shape = RoceFabricShape.forGpus(1024);
    assertEquals(
        new IbFabricGenerator().generate("f", shape), new IbFabricGenerator().generate("f", shape));
  }
}
