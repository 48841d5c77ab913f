package dev.weft.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class UnifiedDiffTest {

  static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void oneChangedLineWithThreeLinesOfContext() {
    String before = "a\nb\nc\nd\ne\nf\ng\nh\n";
    String after = "a\nb\nc\nd\nE\nf\ng\nh\n";
    assertEquals(
        "--- a/leaf-01/config_db.json\n+++ b/leaf-01/config_db.json\n"
            + "@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n",
        UnifiedDiff.of("leaf-01/config_db.json", b(before), "leaf-01/config_db.json", b(after)));
  }

  @Test
  void aNewFileComesFromDevNullAndAGoneFileGoesThere() {
    assertEquals(
        "--- /dev/null\n+++ b/x/f\n@@ -0,0 +1 @@\n+new\n",
        UnifiedDiff.of(null, new byte[0], "x/f", b("new\n")));
    assertEquals(
        "--- a/x/f\n+++ /dev/null\n@@ -1 +0,0 @@\n-old\n",
        UnifiedDiff.of("x/f", b("old\n"), null, new byte[0]));
  }

  @Test
  void equalContentIsNoDiff() {
    assertEquals("", UnifiedDiff.of("f", b("same\n"), "f", b("same\n")));
  }

  @Test
  void aMissingFinalNewlineIsShownAsGitDoes() {
    assertEquals(
        "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+x\n",
        UnifiedDiff.of("f", b("x"), "f", b("x\n")));
  }
}
