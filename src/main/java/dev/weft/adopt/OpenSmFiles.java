package dev.weft.adopt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One subnet manager's OpenSM files, as {@code weft render} writes them for an SM host and as the
 * host keeps them in {@code /etc/opensm}: {@code opensm.conf} (key and value per line), {@code
 * partitions.conf} ({@code name=pkey, flags : members ;}), {@code qos-policy.conf} (the {@code
 * qos-levels} and the ULPs' default) and the root GUID file. Read as OpenSM reads them (comments
 * after {@code #}, entries to {@code ;}), to the values Weft's subnet intent manages; the parse and
 * the comparison are the same for a device's files and for the imported inventory's render, so the
 * round trip compares like with like.
 *
 * @param host the SM host (the folder's name)
 * @param dir the folder as given on the command line, for messages
 * @param conf every {@code opensm.conf} key with its value, in key order
 * @param confLines the line of each key, for findings
 * @param partitions the partition entries in file order
 * @param levels the {@code qos-levels}, in file order
 * @param defaultSl the {@code qos-ulps} default SL, or null
 * @param rootGuids the root GUID file's GUIDs in OpenSM's spelling, in file order
 */
public record OpenSmFiles(
    String host,
    String dir,
    Map<String, String> conf,
    Map<String, Integer> confLines,
    List<PartitionEntry> partitions,
    List<Level> levels,
    Integer defaultSl,
    List<String> rootGuids) {

  static final String CONF = "opensm.conf";
  static final String PARTITIONS = "partitions.conf";
  static final String QOS_POLICY = "qos-policy.conf";
  static final String ROOT_GUIDS = "root-guids.conf";

  /** The files an SM folder may hold; opensm.conf makes a folder an SM's. */
  static final List<String> FILES = List.of(CONF, PARTITIONS, QOS_POLICY, ROOT_GUIDS);

  /**
   * One {@code partitions.conf} entry: flags and members as written, members {@code
   * GUID|keyword=membership}.
   */
  record PartitionEntry(String name, String pkey, List<String> flags, List<String> members) {
    public PartitionEntry {
      flags = List.copyOf(flags);
      members = List.copyOf(members);
    }
  }

  record Level(String name, int sl) {}

  public OpenSmFiles {
    conf = Collections.unmodifiableMap(new TreeMap<>(conf));
    confLines = Collections.unmodifiableMap(new TreeMap<>(confLines));
    partitions = List.copyOf(partitions);
    levels = List.copyOf(levels);
    rootGuids = List.copyOf(rootGuids);
  }

  /** A file that does not parse as OpenSM reads it: the file, the line and what was expected. */
  static final class Unreadable extends Exception {
    private final String file;
    private final int line;

    Unreadable(String file, int line, String message) {
      super(message);
      this.file = file;
      this.line = line;
    }

    String file() {
      return file;
    }

    int line() {
      return line;
    }
  }

  /**
   * @param files file name → text; {@code opensm.conf} is required, the others are read when
   *     present
   */
  static OpenSmFiles parse(String host, String dir, Map<String, String> files) throws Unreadable {
    Map<String, String> conf = new TreeMap<>();
    Map<String, Integer> lines = new TreeMap<>();
    String[] confText = files.getOrDefault(CONF, "").split("\n", -1);
    for (int i = 0; i < confText.length; i++) {
      String line = confText[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] kv = line.split("\\s+", 2);
      conf.put(kv[0], kv.length > 1 ? kv[1].strip() : "");
      lines.put(kv[0], i + 1);
    }
    List<PartitionEntry> partitions =
        partitions(dir + "/" + PARTITIONS, files.getOrDefault(PARTITIONS, ""));
    List<Level> levels = new ArrayList<>();
    Integer defaultSl =
        qosPolicy(dir + "/" + QOS_POLICY, files.getOrDefault(QOS_POLICY, ""), levels);
    List<String> roots = new ArrayList<>();
    for (String line : files.getOrDefault(ROOT_GUIDS, "").split("\n")) {
      String g = uncommented(line).strip();
      if (!g.isEmpty()) {
        roots.add(guid(g));
      }
    }
    return new OpenSmFiles(host, dir, conf, lines, partitions, levels, defaultSl, roots);
  }

  private static String uncommented(String line) {
    int hash = line.indexOf('#');
    return hash < 0 ? line : line.substring(0, hash);
  }

  private static List<PartitionEntry> partitions(String file, String text) throws Unreadable {
    List<PartitionEntry> out = new ArrayList<>();
    StringBuilder entry = new StringBuilder();
    int startLine = 1;
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = uncommented(lines[i]);
      for (String piece : line.split("(?<=;)", -1)) {
        if (entry.toString().isBlank()) {
          startLine = i + 1;
        }
        entry.append(piece).append(' ');
        if (piece.endsWith(";")) {
          out.add(partition(file, startLine, entry.toString().strip()));
          entry.setLength(0);
        }
      }
    }
    if (!entry.toString().isBlank()) {
      throw new Unreadable(
          file,
          startLine,
          "a partition entry ending in ';', found '" + entry.toString().strip() + "'");
    }
    return out;
  }

  private static PartitionEntry partition(String file, int line, String entry) throws Unreadable {
    String body = entry.substring(0, entry.length() - 1);
    int colon = body.indexOf(':');
    if (colon < 0) {
      throw new Unreadable(
          file, line, "'name=pkey[, flags] : members ;', found no ':' in '" + entry + "'");
    }
    String[] definition = body.substring(0, colon).split(",");
    String head = definition[0].strip();
    int eq = head.indexOf('=');
    if (eq < 0) {
      throw new Unreadable(file, line, "'name=pkey' before the flags, found '" + head + "'");
    }
    List<String> flags = new ArrayList<>();
    for (int i = 1; i < definition.length; i++) {
      if (!definition[i].isBlank()) {
        flags.add(definition[i].strip().replaceAll("\\s*=\\s*", "="));
      }
    }
    List<String> members = new ArrayList<>();
    for (String m : body.substring(colon + 1).split(",")) {
      String member = m.strip().replaceAll("\\s*=\\s*", "=");
      if (member.isEmpty()) {
        continue;
      }
      int at = member.indexOf('=');
      String who = at < 0 ? member : member.substring(0, at);
      String membership =
          at < 0 ? "limited" : member.substring(at + 1); // OpenSM's default membership
      members.add(
          (who.startsWith("0x") || who.startsWith("0X") ? guid(who) : who) + "=" + membership);
    }
    String pkey = head.substring(eq + 1).strip().toLowerCase(java.util.Locale.ROOT);
    try {
      pkey = String.format("0x%04x", Long.decode(pkey) & 0xffff);
    } catch (NumberFormatException e) {
      throw new Unreadable(file, line, "a P_Key (0x0001..0x7fff), found '" + pkey + "'");
    }
    return new PartitionEntry(head.substring(0, eq).strip(), pkey, flags, members);
  }

  /** The {@code qos-levels} into {@code levels}; the {@code qos-ulps} default SL, or null. */
  private static Integer qosPolicy(String file, String text, List<Level> levels) throws Unreadable {
    String name = null;
    Integer sl = null;
    Integer defaultSl = null;
    boolean ulps = false;
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = uncommented(lines[i]).strip();
      if (line.equals("qos-level")) {
        name = null;
        sl = null;
      } else if (line.equals("end-qos-level")) {
        if (name == null || sl == null) {
          throw new Unreadable(file, i + 1, "a qos-level with a name and an sl");
        }
        levels.add(new Level(name, sl));
      } else if (line.startsWith("name:")) {
        name = line.substring(5).strip();
      } else if (line.startsWith("sl:")) {
        sl = number(file, i + 1, line.substring(3).strip());
      } else if (line.equals("qos-ulps")) {
        ulps = true;
      } else if (line.equals("end-qos-ulps")) {
        ulps = false;
      } else if (ulps && line.startsWith("default")) {
        defaultSl = number(file, i + 1, line.substring(line.indexOf(':') + 1).strip());
      }
    }
    return defaultSl;
  }

  private static int number(String file, int line, String text) throws Unreadable {
    try {
      return Integer.decode(text);
    } catch (NumberFormatException e) {
      throw new Unreadable(file, line, "a number, found '" + text + "'");
    }
  }

  /** A GUID in OpenSM's spelling: 0x and 16 lower-case hex digits (as the renderer writes it). */
  static String guid(String written) {
    return dev.weft.compile.OpenSmContext.guid(written);
  }
}
