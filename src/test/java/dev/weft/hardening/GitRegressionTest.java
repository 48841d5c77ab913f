package dev.weft.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.git.GitHistory;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, "git": a corrupted tree or commit object and {@code --ref 'HEAD@{-99999999999}'} once
 * ended in exit 3 (JGit's unchecked exceptions); they are usage errors that say what is wrong.
 */
class GitRegressionTest {

  @Test
  void anAbsurdRefIsAUsageErrorForValidateAndDiff(@TempDir Path dir) throws Exception {
    try (GitHistory h = GitHistory.withExampleInventory(dir)) {
      for (String ref :
          new String[] {
            "HEAD@{-99999999999}", "HEAD~99999999999999999999", "HEAD@{99999999999999999999999}"
          }) {
        GitHistory.Run validate = h.weft("validate", h.path(GitHistory.INVENTORY), "--ref", ref);
        assertEquals(2, validate.exit(), ref + ": " + validate);
        assertTrue(validate.err().contains("not found"), validate.err());
        GitHistory.Run diff = h.weft("diff", "--base", ref, h.path(GitHistory.INVENTORY));
        assertEquals(2, diff.exit(), ref + ": " + diff);
        assertFalse(diff.err().contains("internal error"), diff.err());
      }
    }
  }

  @Test
  void aCorruptedTreeIsAUsageErrorForValidateAndDiff(@TempDir Path dir) throws Exception {
    try (GitHistory h = GitHistory.withExampleInventory(dir)) {
      h.edit(GitHistory.INVENTORY + "/fabric.yaml", t -> t + "# edited\n")
          .commit("Edit", "Ada Lovelace");
      damage(
          dir,
          "HEAD~1^{tree}:" + GitHistory.INVENTORY,
          body -> java.util.Arrays.copyOf(body, body.length - 5));
      assertDamagedFor(h);
    }
  }

  @Test
  void aCorruptedCommitIsAUsageErrorForValidateAndDiff(@TempDir Path dir) throws Exception {
    try (GitHistory h = GitHistory.withExampleInventory(dir)) {
      h.edit(GitHistory.INVENTORY + "/fabric.yaml", t -> t + "# edited\n")
          .commit("Edit", "Ada Lovelace");
      // the commit's tree line no longer names an object id
      damage(
          dir,
          "HEAD~1",
          body ->
              new String(body, java.nio.charset.StandardCharsets.ISO_8859_1)
                  .replaceFirst("^tree [0-9a-f]{40}", "tree " + "z".repeat(40))
                  .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      GitHistory.Run validate = h.weft("validate", h.path(GitHistory.INVENTORY), "--ref", "HEAD~1");
      assertEquals(2, validate.exit(), validate.toString());
      assertFalse(validate.err().contains("internal error"), validate.err());
      GitHistory.Run diff = h.weft("diff", "--base", "HEAD~1", h.path(GitHistory.INVENTORY));
      assertEquals(2, diff.exit(), diff.toString());
      assertFalse(diff.err().contains("internal error"), diff.err());
    }
  }

  /**
   * Issue 32: a commit whose object is gone from the repository was reported as "ref not found;
   * fetch it first", which sends the user to fetch what they have; it is a damaged repository.
   */
  @Test
  void aMissingCommitObjectIsADamagedRepositoryNotAnUnfetchedRef(@TempDir Path dir)
      throws Exception {
    try (GitHistory h = GitHistory.withExampleInventory(dir)) {
      h.edit(GitHistory.INVENTORY + "/fabric.yaml", t -> t + "# edited\n")
          .commit("Edit", "Ada Lovelace");
      ObjectId id;
      try (Repository repo =
          new FileRepositoryBuilder().setWorkTree(dir.toFile()).setMustExist(true).build()) {
        id = repo.resolve("HEAD~1");
      }
      Files.delete(
          dir.resolve(".git/objects")
              .resolve(id.name().substring(0, 2))
              .resolve(id.name().substring(2)));
      assertDamagedFor(h);
    }
  }

  private static void assertDamagedFor(GitHistory h) {
    GitHistory.Run validate = h.weft("validate", h.path(GitHistory.INVENTORY), "--ref", "HEAD~1");
    assertEquals(2, validate.exit(), validate.toString());
    assertTrue(
        validate.err().contains("damaged") || validate.err().contains("corrupt"), validate.err());
    assertPlainWords(validate.err());
    GitHistory.Run diff = h.weft("diff", "--base", "HEAD~1", h.path(GitHistory.INVENTORY));
    assertEquals(2, diff.exit(), diff.toString());
    assertTrue(diff.err().contains("damaged") || diff.err().contains("corrupt"), diff.err());
    assertPlainWords(diff.err());
  }

  /**
   * Issue 32: no Java class name in a message for users, and no advice to fetch what is damaged.
   */
  private static void assertPlainWords(String err) {
    assertFalse(err.matches("(?s).*\\b[A-Z][A-Za-z]*(Exception|Error)\\b.*"), err);
    assertFalse(err.contains("fetch it first"), err);
  }

  /** Changes the body of a loose object, keeping a valid header, so JGit parses what is left. */
  private static void damage(
      Path dir, String revision, java.util.function.UnaryOperator<byte[]> change) throws Exception {
    ObjectId id;
    try (Repository repo =
        new FileRepositoryBuilder().setWorkTree(dir.toFile()).setMustExist(true).build()) {
      id = repo.resolve(revision);
    }
    Path object =
        dir.resolve(".git/objects")
            .resolve(id.name().substring(0, 2))
            .resolve(id.name().substring(2));
    byte[] raw;
    try (InflaterInputStream in = new InflaterInputStream(Files.newInputStream(object))) {
      raw = in.readAllBytes();
    }
    int nul = 0;
    while (raw[nul] != 0) {
      nul++;
    }
    String type = new String(raw, 0, nul).split(" ")[0];
    byte[] body = change.apply(java.util.Arrays.copyOfRange(raw, nul + 1, raw.length));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DeflaterOutputStream z = new DeflaterOutputStream(out, new Deflater())) {
      z.write(
          (type + " " + body.length + "\0").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      z.write(body);
    }
    object.toFile().setWritable(true);
    Files.write(object, out.toByteArray());
  }
}
