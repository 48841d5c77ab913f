package dev.weft.fuzz;

import dev.weft.testing.Mutator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The corpus of malformed inventories, generated from the example inventories, deterministically (a
 * fixed seed): byte flips, truncations, a wrong type at scalar after scalar, huge numbers, unit
 * garbage, unknown and missing keys, aliases and alias bombs, tags, encodings, structural oddities,
 * and symbolic links out of the inventory and in loops. Each case is a whole inventory folder;
 * {@link CorpusRunner} runs Weft on every one.
 */
final class MalformedInventories {

  static final List<String> EXAMPLES = List.of("roce-pod-a", "roce-pod-c", "ib-pod-b");
  private static final long SEED = 15L;

  /**
   * One inventory to write: its files and its symbolic links (path → target), both relative to the
   * inventory.
   */
  record Case(String name, Map<String, byte[]> files, Map<String, String> links) {
    void writeTo(Path inventory) throws IOException {
      for (Map.Entry<String, byte[]> f : files.entrySet()) {
        Path p = inventory.resolve(f.getKey());
        Files.createDirectories(p.getParent());
        Files.write(p, f.getValue());
      }
      for (Map.Entry<String, String> l : links.entrySet()) {
        Path p = inventory.resolve(l.getKey());
        Files.createDirectories(p.getParent());
        Files.createSymbolicLink(p, Path.of(l.getValue()));
      }
    }
  }

  /** A scalar written {@code key: value} in a file: where its value starts and ends. */
  private record Scalar(String file, int start, int end, String value) {}

  private static final Pattern SCALAR =
      Pattern.compile(
          "([A-Za-z][\\w-]*):[ \\t]+(\"[^\"\\n]*\"|[^\\s,{}\\[\\]#\"][^,{}\\[\\]#\\n]*?)(?=\\s*(?:[,}\\]#]|$))",
          Pattern.MULTILINE);
  private static final List<String> WRONG_TYPES =
      List.of("[1, 2]", "{a: 1}", "true", "\"text\"", "null", "-1", "3.5", "[]", "{}", "\"\"", "0");
  private static final List<String> HUGE =
      List.of(
          "1e309",
          "-1e309",
          "2147483648",
          "9223372036854775808",
          "1000000000000000000000000000000000000",
          "10000000000000000G",
          "-9223372036854775809",
          "1e-400",
          "0x7fffffffffffffffffff");
  private static final List<String> UNIT_GARBAGE =
      List.of(
          "400Q",
          "3 m",
          "1.5.5G",
          "G400",
          "400GG",
          "-3m",
          ".5m",
          "NaNm",
          "1e3m",
          "150cells",
          "1.6TT",
          "0.0001G",
          "150 KB",
          "150kb",
          "200mss",
          "∞G",
          "400G400");

  private MalformedInventories() {}

  static List<Case> all() {
    List<Case> out = new ArrayList<>();
    Random random = new Random(SEED);
    for (String example : EXAMPLES) {
      Map<String, byte[]> base = read(example);
      byteFlips(example, base, random, out);
      truncations(example, base, random, out);
      perScalar(example, base, out);
      keys(example, base, random, out);
      aliases(example, base, out);
      tags(example, base, out);
      encodings(example, base, out);
      structure(example, base, out);
      links(example, base, out);
    }
    return out;
  }

  private static Map<String, byte[]> read(String example) {
    Path root = dev.weft.testing.Weft.projectDir().resolve("inventories").resolve(example);
    Map<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
        files.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  private static Case with(String name, Map<String, byte[]> base, String file, byte[] content) {
    Map<String, byte[]> files = new LinkedHashMap<>(base);
    files.put(file, content);
    return new Case(name, files, Map.of());
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String pick(Map<String, byte[]> base, Random random) {
    List<String> names = new ArrayList<>(base.keySet());
    return names.get(random.nextInt(names.size()));
  }

  private static void byteFlips(
      String ex, Map<String, byte[]> base, Random random, List<Case> out) {
    for (int i = 0; i < 60; i++) {
      String file = pick(base, random);
      byte[] b = base.get(file).clone();
      for (int k = 0, flips = 1 + random.nextInt(4); k < flips && b.length > 0; k++) {
        b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
      }
      out.add(with(ex + "/byte-flip-" + i + ":" + file, base, file, b));
    }
    for (int i = 0; i < 40; i++) {
      String file = pick(base, random);
      out.add(
          with(
              ex + "/mutation-" + i + ":" + file,
              base,
              file,
              Mutator.mutate(base.get(file), random, 1 + random.nextInt(6))));
    }
  }

  private static void truncations(
      String ex, Map<String, byte[]> base, Random random, List<Case> out) {
    for (int i = 0; i < 30; i++) {
      String file = pick(base, random);
      byte[] b = base.get(file);
      out.add(
          with(
              ex + "/truncated-" + i + ":" + file,
              base,
              file,
              java.util.Arrays.copyOf(b, random.nextInt(Math.max(1, b.length)))));
    }
  }

  /**
   * Every scalar of the small files and the first ones of the long lists: a wrong type, a huge
   * number, unit garbage.
   */
  private static void perScalar(String ex, Map<String, byte[]> base, List<Case> out) {
    int wrong = 0;
    int huge = 0;
    int unit = 0;
    for (Map.Entry<String, byte[]> f : base.entrySet()) {
      List<Scalar> scalars = scalars(f.getKey(), text(f.getValue()));
      int limit = scalars.size() > 80 ? 40 : scalars.size();
      String t = text(f.getValue());
      for (int i = 0; i < limit; i++) {
        Scalar s = scalars.get(i);
        String replacement = WRONG_TYPES.get(wrong++ % WRONG_TYPES.size());
        out.add(
            with(
                ex + "/wrong-type:" + f.getKey() + "@" + s.start() + "=" + replacement,
                base,
                f.getKey(),
                bytes(splice(t, s, replacement))));
        if (s.value().matches("-?[0-9]+")) {
          String h = HUGE.get(huge++ % HUGE.size());
          out.add(
              with(
                  ex + "/huge-number:" + f.getKey() + "@" + s.start() + "=" + h,
                  base,
                  f.getKey(),
                  bytes(splice(t, s, h))));
        } else if (s.value().matches("[0-9.]+[A-Za-z]+")) {
          String g = UNIT_GARBAGE.get(unit++ % UNIT_GARBAGE.size());
          out.add(
              with(
                  ex + "/unit-garbage:" + f.getKey() + "@" + s.start() + "=" + g,
                  base,
                  f.getKey(),
                  bytes(splice(t, s, g))));
        }
      }
    }
  }

  private static List<Scalar> scalars(String file, String text) {
    List<Scalar> out = new ArrayList<>();
    Matcher m = SCALAR.matcher(text);
    while (m.find()) {
      // "key: value" inside a comment is prose: changing it tests nothing
      boolean inComment =
          text.substring(text.lastIndexOf('\n', m.start()) + 1, m.start()).contains("#");
      if (!m.group(1).equals("version") && !inComment) {
        out.add(new Scalar(file, m.start(2), m.end(2), m.group(2).strip()));
      }
    }
    return out;
  }

  private static String splice(String text, Scalar s, String value) {
    return text.substring(0, s.start()) + value + text.substring(s.end());
  }

  private static void keys(String ex, Map<String, byte[]> base, Random random, List<Case> out) {
    for (int i = 0; i < 15; i++) {
      String file = pick(base, random);
      List<String> lines = new ArrayList<>(text(base.get(file)).lines().toList());
      int at = 1 + random.nextInt(Math.max(1, lines.size() - 1));
      String indent =
          lines
              .get(Math.min(at, lines.size() - 1))
              .replaceAll("^(\\s*(?:- )?).*", "$1")
              .replace("-", " ");
      lines.add(at, indent + "bogus-key" + i + ": 1");
      out.add(
          with(
              ex + "/unknown-key-" + i + ":" + file,
              base,
              file,
              bytes(String.join("\n", lines) + "\n")));
    }
    for (int i = 0; i < 25; i++) {
      String file = pick(base, random);
      List<String> lines = new ArrayList<>(text(base.get(file)).lines().toList());
      List<Integer> keyed = new ArrayList<>();
      for (int k = 0; k < lines.size(); k++) {
        if (lines.get(k).matches("\\s*(- )?[a-z][\\w-]*:.*")) {
          keyed.add(k);
        }
      }
      if (keyed.isEmpty()) {
        continue;
      }
      lines.remove((int) keyed.get(random.nextInt(keyed.size())));
      out.add(
          with(
              ex + "/missing-key-" + i + ":" + file,
              base,
              file,
              bytes(String.join("\n", lines) + "\n")));
    }
  }

  private static void aliases(String ex, Map<String, byte[]> base, List<Case> out) {
    StringBuilder bomb = new StringBuilder("version: 1\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i < 12; i++) {
      bomb.append("a").append(i).append(": &a").append(i).append(" [");
      for (int k = 0; k < 10; k++) {
        bomb.append(k == 0 ? "" : ", ").append("*a").append(i - 1);
      }
      bomb.append("]\n");
    }
    out.add(with(ex + "/alias-bomb", base, "bomb.yaml", bytes(bomb.toString())));
    out.add(
        with(
            ex + "/alias-recursive",
            base,
            "rec.yaml",
            bytes("version: 1\nprofiles: &p\n  x: *p\n")));
    out.add(
        with(
            ex + "/alias-undefined",
            base,
            "undef.yaml",
            bytes("version: 1\nprofiles: *nothing\n")));
    out.add(
        with(
            ex + "/alias-big-scalar",
            base,
            "big.yaml",
            bytes(
                "version: 1\nwaivers:\n  - {rule: &r "
                    + "y".repeat(70_000)
                    + ", reason: *r, expires: 2030-01-01}\n")));
    StringBuilder many =
        new StringBuilder(
            "version: 1\nwaivers:\n  - {rule: &r "
                + "z".repeat(30_000)
                + ", reason: r, expires: 2030-01-01}\n");
    for (int i = 0; i < 2000; i++) {
      many.append("  - {rule: *r, reason: *r, expires: 2030-01-01}\n");
    }
    out.add(with(ex + "/alias-repeated-text", base, "many.yaml", bytes(many.toString())));
    out.add(
        with(
            ex + "/alias-merge-key",
            base,
            "merge.yaml",
            bytes(
                "version: 1\nprofiles:\n  base: &b {speed: 400G, role: fabric}\n"
                    + "  copy: {<<: *b, mtu: 9216}\n  bad: {<<: [1, 2]}\n")));
    String first = base.keySet().iterator().next();
    out.add(
        with(
            ex + "/alias-in-real-file",
            base,
            first,
            bytes(
                text(base.get(first)).replaceFirst("(?m)^(\\w[\\w-]*):", "$1: &anchor")
                    + "\nextra: *anchor\n")));
  }

  private static void tags(String ex, Map<String, byte[]> base, List<Case> out) {
    String[] tags = {
      "!!python/object:os.system",
      "!custom",
      "!!binary",
      "!!int",
      "!!float",
      "!!str",
      "!!timestamp",
      "!!set",
      "!<tag:yaml.org,2002:map>",
      "!!null",
      "!!bool",
      "!e!x"
    };
    String file = base.keySet().iterator().next();
    String t = text(base.get(file));
    for (String tag : tags) {
      out.add(
          with(
              ex + "/tag " + tag,
              base,
              file,
              bytes(
                  t.replaceFirst(
                      "(?m)^(version:)\\s*1",
                      "$1 " + java.util.regex.Matcher.quoteReplacement(tag) + " 1"))));
    }
  }

  private static void encodings(String ex, Map<String, byte[]> base, List<Case> out) {
    String file = base.keySet().iterator().next();
    String t = text(base.get(file));
    out.add(
        with(
            ex + "/utf-16le",
            base,
            file,
            withBom(new byte[] {(byte) 0xFF, (byte) 0xFE}, t.getBytes(StandardCharsets.UTF_16LE))));
    out.add(
        with(
            ex + "/utf-16be",
            base,
            file,
            withBom(new byte[] {(byte) 0xFE, (byte) 0xFF}, t.getBytes(StandardCharsets.UTF_16BE))));
    out.add(
        with(
            ex + "/utf-8-bom",
            base,
            file,
            withBom(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, bytes(t))));
    out.add(
        with(
            ex + "/latin-1",
            base,
            file,
            (t + "# caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1)));
    out.add(
        with(
            ex + "/invalid-utf-8",
            base,
            file,
            Mutator.insert(bytes(t), t.length() / 2, new byte[] {(byte) 0xC3, (byte) 0x28})));
    out.add(
        with(ex + "/nul", base, file, Mutator.insert(bytes(t), t.length() / 3, new byte[] {0})));
    out.add(with(ex + "/crlf", base, file, bytes(t.replace("\n", "\r\n"))));
    out.add(with(ex + "/cr-only", base, file, bytes(t.replace("\n", "\r"))));
    out.add(with(ex + "/tabs", base, file, bytes(t.replace("  ", "\t"))));
    out.add(with(ex + "/line-separator", base, file, bytes(t.replaceFirst("\n", "\u2028"))));
    out.add(with(ex + "/c1-control", base, file, bytes(t + "# \u0085 \u009b31m\n")));
    out.add(
        with(
            ex + "/escape-in-value",
            base,
            file,
            bytes(t.replaceFirst("(?m)^(\\s+name:)\\s*\\S+", "$1 \"\\\\e[31mred\""))));
    out.add(
        with(
            ex + "/control-in-file-name",
            base,
            "\u001b[2Jevil\u0007.yaml",
            bytes("version: 1\nbad: [\n")));
  }

  private static byte[] withBom(byte[] bom, byte[] body) {
    return Mutator.insert(body, 0, bom);
  }

  private static void structure(String ex, Map<String, byte[]> base, List<Case> out) {
    out.add(with(ex + "/empty-file", base, "empty.yaml", new byte[0]));
    out.add(with(ex + "/only-comments", base, "comments.yaml", bytes("# nothing\n# here\n")));
    out.add(with(ex + "/top-level-list", base, "list.yaml", bytes("- version: 1\n- fabric: {}\n")));
    out.add(with(ex + "/top-level-scalar", base, "scalar.yaml", bytes("just text\n")));
    out.add(with(ex + "/two-documents", base, "docs.yaml", bytes("version: 1\n---\nversion: 1\n")));
    out.add(
        with(
            ex + "/deep-nesting",
            base,
            "deep.yaml",
            bytes("version: 1\nx: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n")));
    out.add(with(ex + "/deep-block-nesting", base, "deep2.yaml", bytes(deepBlock(200))));
    out.add(
        with(
            ex + "/long-line",
            base,
            "long.yaml",
            bytes("version: 1\nprofiles: {" + "k: v, ".repeat(100_000) + "}\n")));
    out.add(with(ex + "/many-keys", base, "keys.yaml", bytes(manyKeys())));
    out.add(with(ex + "/duplicate-key", base, "dup.yaml", bytes("version: 1\nversion: 1\n")));
    out.add(
        with(
            ex + "/second-fabric",
            base,
            "fabric2.yaml",
            bytes("version: 1\nfabric: {name: x, transport: roce-v2}\n")));
    out.add(with(ex + "/version-2", base, "v2.yaml", bytes("version: 2\n")));
    out.add(
        with(
            ex + "/non-text-keys",
            base,
            "keys2.yaml",
            bytes("version: 1\n1: a\ntrue: b\n[x]: c\n? {a: 1}\n: d\n")));
    out.add(
        with(
            ex + "/directive",
            base,
            "dir.yaml",
            bytes("%YAML 1.1\n%TAG ! tag:evil.com,2000:\n---\nversion: 1\n")));
    out.add(
        with(
            ex + "/huge-scalar",
            base,
            "huge.yaml",
            bytes("version: 1\nfabric: {description: " + "d".repeat(200_000) + "}\n")));
  }

  private static String deepBlock(int depth) {
    StringBuilder b = new StringBuilder("version: 1\n");
    for (int i = 0; i < depth; i++) {
      b.append("  ".repeat(i)).append("k").append(i).append(":\n");
    }
    return b.append("  ".repeat(depth)).append("v\n").toString();
  }

  private static String manyKeys() {
    StringBuilder b = new StringBuilder("version: 1\nprofiles:\n");
    for (int i = 0; i < 20_000; i++) {
      b.append("  p").append(i).append(": {speed: 400G}\n");
    }
    return b.toString();
  }

  private static void links(String ex, Map<String, byte[]> base, List<Case> out) {
    out.add(
        new Case(ex + "/link-out-of-the-repository", base, Map.of("passwd.yaml", "/etc/passwd")));
    out.add(new Case(ex + "/link-loop", base, Map.of("a.yaml", "b.yaml", "b.yaml", "a.yaml")));
    out.add(new Case(ex + "/link-to-itself", base, Map.of("self.yaml", "self.yaml")));
    out.add(new Case(ex + "/folder-link-loop", base, Map.of("sub/up", "..")));
    out.add(new Case(ex + "/folder-link-out", base, Map.of("etc", "/etc")));
    out.add(new Case(ex + "/dangling-link", base, Map.of("gone.yaml", "nothing-here.yaml")));
    String first = base.keySet().iterator().next();
    Map<String, byte[]> moved = new LinkedHashMap<>(base);
    byte[] content = moved.remove(first);
    moved.put("../shared-" + first.replace('/', '-'), content);
    out.add(
        new Case(
            ex + "/link-inside-the-repository",
            moved,
            Map.of(first, "../shared-" + first.replace('/', '-'))));
    out.add(new Case(ex + "/link-to-dev-zero", base, Map.of("zero.yaml", "/dev/zero")));
  }
}
