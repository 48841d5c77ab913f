package dev.weft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The product jar holds only what the product runs: every class of {@code src/main} is reached from
 * an entry point (the command line's {@code Main}, the man-page builder {@code BuildDocs} the
 * release build runs, the classes listed in {@code META-INF/services}) through the dependencies of
 * main classes alone. A class that only tests or the lab scripts use (a YANG translator for the
 * SONiC lab, a fixture builder) fails here: it belongs in {@code src/test}.
 */
class ProductJarTest {

  static final Path SERVICES = Path.of("src/main/resources/META-INF/services");
  static final Path MAIN_SOURCES = Path.of("src/main/java");

  /**
   * The programs the build and the jar start: the command line, and the release build's docs
   * writer.
   */
  static final List<String> MAINS = List.of("dev.weft.cli.Main", "dev.weft.cli.BuildDocs");

  private static JavaClasses main;

  @BeforeAll
  static void importMain() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.weft");
  }

  @Test
  void everyMainClassIsReachedFromAnEntryPoint() throws IOException {
    SortedSet<String> unreached = unreached(main, entryPoints());
    unreached.removeIf(ProductJarTest::constantsNamedByMainSource);
    assertTrue(
        unreached.isEmpty(),
        "main classes no entry point reaches (used only by tests, the lab or nothing:"
            + " move them to src/test or delete them): "
            + unreached);
  }

  /** The check is not vacuous: a pack no longer listed as a service would be unreached. */
  @Test
  void aClassOnlyAnEntryPointListsIsUnreachedWithoutIt() throws IOException {
    Set<String> entries = entryPoints();
    String pack = "dev.weft.platform.connectx.ConnectxPack";
    assertTrue(entries.remove(pack), "the services list " + pack);
    SortedSet<String> unreached = unreached(main, entries);
    unreached.removeIf(ProductJarTest::constantsNamedByMainSource);
    // the pack and what only it uses (its own package), nothing else
    assertTrue(unreached.contains(pack), "unreached without its service entry: " + unreached);
    assertTrue(
        unreached.stream().allMatch(c -> c.startsWith("dev.weft.platform.connectx.")),
        "only the pack's own classes become unreached: " + unreached);
  }

  /**
   * A class of constants only (finding ids, exit codes, a stylesheet) leaves no trace in the
   * bytecode of its users, since the compiler copies constants: it is reached when another main
   * source file names it.
   */
  static boolean constantsNamedByMainSource(String name) {
    JavaClass c = main.get(name);
    boolean constantsOnly =
        !c.getFields().isEmpty()
            && c.getFields().stream()
                .allMatch(
                    f ->
                        f.getModifiers()
                            .containsAll(Set.of(JavaModifier.STATIC, JavaModifier.FINAL)));
    if (!constantsOnly) {
      return false;
    }
    Pattern use = Pattern.compile("\\b" + Pattern.quote(c.getSimpleName()) + "\\.[A-Z_]");
    Path own = MAIN_SOURCES.resolve(c.getName().replace('.', '/') + ".java");
    try (Stream<Path> files = Files.walk(MAIN_SOURCES)) {
      return files
          .filter(f -> f.toString().endsWith(".java") && !f.equals(own))
          .filter(
              f ->
                  f.getParent().equals(own.getParent())
                      || read(f).contains("import " + c.getName() + ";"))
          .anyMatch(f -> use.matcher(read(f)).find());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path f) {
    try {
      return Files.readString(f, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The Main classes, every class a {@code META-INF/services} file lists, and each package's
   * package-info.
   */
  static Set<String> entryPoints() throws IOException {
    Set<String> out = new TreeSet<>(MAINS);
    try (var files = Files.list(SERVICES)) {
      for (Path f : files.toList()) {
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
          String name = line.replaceAll("#.*", "").strip();
          if (!name.isEmpty()) {
            out.add(name);
          }
        }
      }
    }
    main.stream()
        .filter(c -> c.getSimpleName().equals("package-info"))
        .forEach(c -> out.add(c.getName()));
    return out;
  }

  /** The top-level main classes that no entry point reaches through main classes' dependencies. */
  static SortedSet<String> unreached(JavaClasses classes, Set<String> entries) {
    Set<String> seen = new TreeSet<>();
    Deque<JavaClass> todo = new ArrayDeque<>();
    for (String e : entries) {
      assertTrue(classes.contain(e), "entry point " + e + " is not a main class");
      todo.add(classes.get(e));
    }
    while (!todo.isEmpty()) {
      JavaClass c = todo.pop();
      if (!seen.add(c.getName())) {
        continue;
      }
      // a nested class is reached with the class that holds it, and reaches what the holder does
      c.getEnclosingClass().ifPresent(todo::add);
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass().getBaseComponentType();
        if (classes.contain(target.getName())) {
          todo.add(classes.get(target.getName()));
        }
      }
    }
    SortedSet<String> out = new TreeSet<>();
    classes.stream()
        .filter(JavaClass::isTopLevelClass)
        .map(JavaClass::getName)
        .filter(n -> !seen.contains(n))
        .forEach(out::add);
    return out;
  }
}
