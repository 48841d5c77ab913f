package dev.weft.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.generate.IbFabricGenerator;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.ScalarNode;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The quick schema pass must never clear a file the library rejects, so {@link
 * SchemaValidator#validate} gives the same findings as the library alone. Differential: real
 * inventories, every YAML fixture, and thousands of seeded random mutations of generated RoCE and
 * InfiniBand files (wrong types, missing and unknown keys, bad patterns, out-of-range numbers,
 * duplicates), each checked both ways.
 */
class SchemaPrecheckTest {

  private static final SchemaValidator VALIDATOR = TestPlatforms.schemaValidator();

  @Test
  void clearsEveryFileOfAGeneratedInventory() {
    Map<String, String> files =
        new RoceFabricGenerator().generate("gen", RoceFabricShape.forGpus(1024));
    files.putAll(new IbFabricGenerator().generate("ib", RoceFabricShape.forGpus(1024)));
    for (Map.Entry<String, String> f : files.entrySet()) {
      MapNode root = TestYaml.parse(f.getKey(), f.getValue()).root();
      assertEquals(SchemaPrecheck.Verdict.VALID, VALIDATOR.precheck(root), f.getKey());
      assertEquals(0, VALIDATOR.libraryErrorCount(root), f.getKey());
    }
  }

  @Test
  void agreesWithTheLibraryOnEveryProjectYamlFile() throws IOException {
    Path root = TestYaml.projectDir();
    List<Path> yaml = new ArrayList<>();
    for (String dir : List.of("inventories", "src/test/resources", "policies", "docs")) {
      Path d = root.resolve(dir);
      if (Files.isDirectory(d)) {
        try (Stream<Path> walk = Files.walk(d)) {
          walk.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
              .sorted()
              .forEach(yaml::add);
        }
      }
    }
    assertTrue(yaml.size() >= 5, "project YAML files found: " + yaml);
    int cleared = 0;
    for (Path p : yaml) {
      String text = Files.readString(p, StandardCharsets.UTF_8);
      ParseResult parsed =
          new YamlParser(LoadLimits.defaults())
              .parse(
                  new dev.weft.source.SourceFile(
                      root.relativize(p).toString(), text.getBytes(StandardCharsets.UTF_8), null));
      if (parsed.root() == null) {
        continue;
      }
      cleared += assertSameFindings(p.toString(), parsed.root()) ? 1 : 0;
    }
    assertTrue(cleared > 0, "no project file was cleared by the quick pass");
  }

  @Test
  void randomMutationsOfValidFilesGetTheLibrarysFindings() {
    Map<String, String> files =
        new TreeMap<>(new RoceFabricGenerator().generate("gen", RoceFabricShape.forGpus(256)));
    files.putAll(new IbFabricGenerator().generate("ib", RoceFabricShape.forGpus(256)));
    files.put("inline/roce.yaml", TestYaml.ROCE);
    List<MapNode> seeds =
        files.entrySet().stream()
            .map(f -> TestYaml.parse(f.getKey(), f.getValue()).root())
            .toList();
    Random random = new Random(20261130L);
    int cleared = 0;
    int rejected = 0;
    for (int i = 0; i < 3000; i++) {
      MapNode seed = seeds.get(random.nextInt(seeds.size()));
      Node mutated = mutate(seed, random, 1 + random.nextInt(3));
      if (!(mutated instanceof MapNode mutant)) {
        continue; // a file's root is always a mapping
      }
      if (assertSameFindings("mutant " + i, mutant)) {
        cleared++;
      } else {
        rejected++;
      }
    }
    // Both outcomes must be common, or the test proves nothing about one of them.
    assertTrue(cleared > 300, "cleared " + cleared);
    assertTrue(rejected > 300, "rejected " + rejected);
  }

  @Test
  void numbersItCannotJudgeExactlyGoToTheLibrary() {
    MapNode ok = TestYaml.parse("f.yaml", "version: 1\n").root();
    assertEquals(SchemaPrecheck.Verdict.VALID, VALIDATOR.precheck(ok));
    MapNode decimal = TestYaml.parse("f.yaml", "version: 1.0\n").root();
    assertEquals(SchemaPrecheck.Verdict.UNSURE, VALIDATOR.precheck(decimal));
    assertEquals(VALIDATOR.validateFully("f.yaml", decimal), VALIDATOR.validate("f.yaml", decimal));
    MapNode wrong = TestYaml.parse("f.yaml", "version: 2\n").root();
    assertEquals(SchemaPrecheck.Verdict.INVALID, VALIDATOR.precheck(wrong));
    assertEquals(1, VALIDATOR.validate("f.yaml", wrong).size());
  }

  @Test
  void patternsUseTheLibrarysEcmaAnchorsNotJavasDollar() {
    // Java's `$` matches before a final newline; the library rewrites it to ECMA-262's end of
    // input.
    MapNode trailingNewline =
        TestYaml.parse("f.yaml", "profiles:\n  \"host\\n\": { speed: 400G }\n").root();
    assertEquals(SchemaPrecheck.Verdict.INVALID, VALIDATOR.precheck(trailingNewline));
    assertTrue(VALIDATOR.libraryErrorCount(trailingNewline) > 0);
    MapNode plain = TestYaml.parse("f.yaml", "profiles:\n  host: { speed: 400G }\n").root();
    assertEquals(SchemaPrecheck.Verdict.VALID, VALIDATOR.precheck(plain));
  }

  /**
   * Asserts identical findings both ways and soundness; answers whether the quick pass cleared the
   * tree.
   */
  private static boolean assertSameFindings(String what, MapNode root) {
    SchemaPrecheck.Verdict verdict = VALIDATOR.precheck(root);
    int libraryErrors = VALIDATOR.libraryErrorCount(root);
    if (verdict == SchemaPrecheck.Verdict.VALID) {
      assertEquals(
          0,
          libraryErrors,
          () ->
              what
                  + ": cleared by the quick pass but the library reports errors: "
                  + VALIDATOR.validateFully("f.yaml", root));
    }
    if (verdict == SchemaPrecheck.Verdict.INVALID) {
      assertTrue(
          libraryErrors > 0, what + ": the quick pass says invalid but the library finds nothing");
    }
    List<Finding> full = VALIDATOR.validateFully("f.yaml", root);
    assertEquals(full, VALIDATOR.validate("f.yaml", root), what);
    return verdict == SchemaPrecheck.Verdict.VALID;
  }

  // ------------------------------------------------------------------ mutations

  private static final Location AT = new Location("f.yaml", 1, 1);

  private static final List<Object> ODD_VALUES =
      List.of(
          "x",
          "",
          "Bad Name!",
          "400G",
          "9216",
          "leaf-01:Ethernet0",
          "roce-v2",
          "infiniband",
          "strict",
          "dwrr",
          "default",
          "0x0001",
          "0x0123456789abcdef",
          "2026-01-01",
          "150KB",
          "3m",
          "200ms",
          "ib-quantum",
          "sonic",
          "a\n",
          0L,
          1L,
          -1L,
          7L,
          8L,
          63L,
          64L,
          100L,
          4096L,
          9216L,
          65535L,
          BigInteger.TEN.pow(30),
          new BigDecimal("1.0"),
          new BigDecimal("2.5"),
          true,
          false);

  private static Node mutate(Node node, Random random, int times) {
    Node out = node;
    for (int i = 0; i < times; i++) {
      out = mutateOnce(out, random);
    }
    return out;
  }

  /** Rebuilds the tree with one random change somewhere along a random path. */
  private static Node mutateOnce(Node node, Random random) {
    boolean here =
        random.nextInt(4) == 0
            || !(node instanceof MapNode m && !m.entries().isEmpty())
                && !(node instanceof ListNode l && !l.items().isEmpty());
    if (node instanceof MapNode map) {
      List<MapNode.Entry> entries = new ArrayList<>(map.entries().values());
      if (here || entries.isEmpty()) {
        switch (random.nextInt(4)) {
          case 0 -> {
            if (!entries.isEmpty()) {
              entries.remove(random.nextInt(entries.size()));
            }
          }
          case 1 ->
              entries.add(
                  new MapNode.Entry(
                      random.nextBoolean() ? "bogus" : "description", AT, scalar(random)));
          case 2 -> {
            if (!entries.isEmpty()) {
              int k = random.nextInt(entries.size());
              MapNode.Entry e = entries.get(k);
              entries.set(k, new MapNode.Entry(e.key(), e.keyLocation(), scalar(random)));
            }
          }
          default -> {
            return scalar(random);
          }
        }
        return rebuild(map, entries);
      }
      int k = random.nextInt(entries.size());
      MapNode.Entry e = entries.get(k);
      entries.set(k, new MapNode.Entry(e.key(), e.keyLocation(), mutateOnce(e.value(), random)));
      return rebuild(map, entries);
    }
    if (node instanceof ListNode list) {
      List<Node> items = new ArrayList<>(list.items());
      if (here || items.isEmpty()) {
        switch (random.nextInt(4)) {
          case 0 -> {
            if (!items.isEmpty()) {
              items.remove(random.nextInt(items.size()));
            }
          }
          case 1 -> {
            if (!items.isEmpty()) {
              items.add(items.get(random.nextInt(items.size()))); // a duplicate
            }
          }
          case 2 -> items.add(scalar(random));
          default -> {
            return new MapNode(list.location(), Map.of());
          }
        }
        return new ListNode(list.location(), items);
      }
      int k = random.nextInt(items.size());
      items.set(k, mutateOnce(items.get(k), random));
      return new ListNode(list.location(), items);
    }
    return random.nextInt(5) == 0 ? new ListNode(AT, List.of(scalar(random))) : scalar(random);
  }

  private static MapNode rebuild(MapNode map, List<MapNode.Entry> entries) {
    Map<String, MapNode.Entry> out = new LinkedHashMap<>();
    entries.forEach(e -> out.put(e.key(), e));
    return new MapNode(map.location(), out);
  }

  private static ScalarNode scalar(Random random) {
    int pick = random.nextInt(ODD_VALUES.size() + 1);
    Object value = pick == ODD_VALUES.size() ? null : ODD_VALUES.get(pick);
    return new ScalarNode(AT, value, String.valueOf(value));
  }
}
