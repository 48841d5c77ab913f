package dev.weft.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.LabTest;
import dev.weft.testing.ReleaseArchive;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The man pages the archive ships, judged by their consumers: mandoc's linter finds nothing to warn
 * about, and man(1) renders each command's options from MANPATH.
 */
@LabTest(needs = {"/usr/bin/tar", "/usr/bin/mandoc", "/usr/bin/man"})
class ManPagesTest {

  @TempDir Path tmp;

  Path pages;

  @BeforeEach
  void extract() throws Exception {
    pages = ReleaseArchive.extract(tmp).resolve("share/man/man1");
  }

  private List<Path> allPages() throws Exception {
    try (Stream<Path> s = Files.list(pages)) {
      return s.sorted().toList();
    }
  }

  @Test
  void thereIsAPageForWeftAndForEverySubcommandItLists() throws Exception {
    String top = Files.readString(pages.resolve("weft.1"));
    List<String> names = allPages().stream().map(p -> p.getFileName().toString()).toList();
    for (String sub :
        List.of(
            "validate",
            "render",
            "diff",
            "drift",
            "backup",
            "rules",
            "explain",
            "completion",
            "help")) {
      assertTrue(names.contains("weft-" + sub + ".1"), "weft-" + sub + ".1 in " + names);
      assertTrue(
          top.contains(".TP\n\\fB" + sub.replace("-", "\\-") + "\\fR\n"), "weft.1 lists " + sub);
    }
  }

  @Test
  void mandocsLinterFindsNoWarning() throws Exception {
    List<String> command = new ArrayList<>(List.of("mandoc", "-Tlint", "-W", "warning"));
    allPages().forEach(p -> command.add(p.toString()));
    Shell.Result lint = Shell.run(tmp, Map.of(), command, 2);
    assertEquals("", lint.out() + lint.err(), "mandoc -Tlint");
    assertEquals(0, lint.exit(), lint.all());
  }

  @Test
  void manRendersTheOptionsOfACommandFromManpath() throws Exception {
    Shell.Result man =
        Shell.run(
            tmp,
            Map.of(
                "MANPATH",
                pages.getParent().toString(),
                "MANWIDTH",
                "100",
                "MAN_KEEP_FORMATTING",
                "",
                "PAGER",
                "cat",
                "MANPAGER",
                "cat"),
            List.of("man", "weft-validate"),
            2);
    assertEquals(0, man.exit(), man.all());
    String text = man.out().replaceAll(".\b", "").replaceAll("\\s+", " ");
    assertTrue(text.contains("weft-validate - Load the inventory"), text);
    assertTrue(text.contains("--fail-on=LEVEL"), text);
    assertTrue(text.contains("EXIT STATUS"), text);
  }
}
