package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.Inventories;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14's noise case: a mistyped {@code 400g} in one profile makes profiles.yaml fail the
 * schema, so it is not mapped; the ports that name its profiles must not each get "names unknown
 * profile" (49 errors for one mistake). Their profiles are unread, not unknown: one error, at the
 * cause. A port naming a profile no file declares is still an error.
 */
class BrokenProfileFileTest {

  @TempDir Path tmp;

  private static List<String> errors(CliRun run) {
    return run.out().lines().filter(l -> l.contains(": error [")).toList();
  }

  @Test
  void aMistypedSpeedInAProfileIsOneErrorAtTheProfile() throws Exception {
    Path pod = ValidateCommandTest.copyExample(tmp.resolve("pod"));
    Path profiles = pod.resolve("profiles.yaml");
    Inventories.edit(profiles, "host-400g:   { speed: 400G", "host-400g:   { speed: 400g");
    CliRun run = CliRun.of("validate", pod.toString());
    assertEquals(1, run.exitCode(), run.out() + run.err());
    List<String> errors = errors(run);
    assertEquals(1, errors.size(), "one error for one mistake:\n" + run.out());
    int line = Inventories.lineOf(profiles, "speed: 400g");
    assertTrue(
        errors.get(0).contains("profiles.yaml:" + line + ":")
            && errors.get(0).contains("[schema]")
            && errors.get(0).contains("400g"),
        errors.get(0));
    assertTrue(run.out().contains("1 file was not mapped (1 with schema errors: "), run.out());
  }

  @Test
  void aPortNamingAProfileNoFileDeclaresIsStillAnError() throws Exception {
    Path pod = ValidateCommandTest.copyExample(tmp.resolve("pod"));
    Path leaves = pod.resolve("switches/leaves.yaml");
    Inventories.edit(
        leaves,
        "{ name: Ethernet0, profile: host-400g }",
        "{ name: Ethernet0, profile: host-400x }");
    CliRun run = CliRun.of("validate", pod.toString());
    assertEquals(1, run.exitCode(), run.out() + run.err());
    List<String> errors = errors(run);
    assertEquals(1, errors.size(), run.out());
    assertTrue(
        errors.get(0).contains("names unknown profile `host-400x`; did you mean `host-400g`?"),
        errors.get(0));

    // with profiles.yaml broken as well, the unknown name is still reported beside the profile
    // file's error
    Inventories.edit(
        pod.resolve("profiles.yaml"), "host-400g:   { speed: 400G", "host-400g:   { speed: 400g");
    CliRun both = CliRun.of("validate", pod.toString());
    List<String> two = errors(both);
    assertEquals(2, two.size(), both.out());
    assertTrue(
        two.stream().anyMatch(l -> l.contains("names unknown profile `host-400x`")), both.out());
  }
}
