package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.schema.SchemaMessages;
import dev.weft.source.SourceFile;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import dev.weft.yaml.YamlParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of one load that are left out of the model (they did not parse, or failed the schema)
 * and what they declare, as far as can be told: the parsed tree of a file that failed the schema,
 * the text of one that did not parse.
 */
final class Skipped {

  private static final Pattern NAME =
      Pattern.compile("(?m)\\bname\\s*:\\s*[\"']?([A-Za-z0-9][A-Za-z0-9._:-]*)");
  private static final Pattern CORE = Pattern.compile("(?m)^(fabric|subnet)\\s*:");
  private static final Pattern LINKS = Pattern.compile("(?m)^links\\s*:");
  private static final Pattern PROFILE_KEY =
      Pattern.compile("(?m)^\\s+([A-Za-z0-9][A-Za-z0-9._-]*)\\s*:\\s*\\{");

  private final List<Consequences.SkippedFile> files;
  private final Set<String> declared;
  private final boolean holdsCore;
  private final boolean holdsLinks;

  private Skipped(
      List<Consequences.SkippedFile> files,
      Set<String> declared,
      boolean holdsCore,
      boolean holdsLinks) {
    this.files = files;
    this.declared = declared;
    this.holdsCore = holdsCore;
    this.holdsLinks = holdsLinks;
  }

  /**
   * @param unparsed the files that did not parse
   * @param parsed every file that parsed
   * @param invalid the paths of parsed files with schema errors
   */
  static Skipped of(List<SourceFile> unparsed, List<ParsedFile> parsed, Set<String> invalid) {
    List<Consequences.SkippedFile> files = new ArrayList<>();
    Set<String> declared = new HashSet<>();
    boolean core = false;
    boolean links = false;
    for (SourceFile f : unparsed) {
      files.add(new Consequences.SkippedFile(f.path(), YamlParser.RULE));
      String text = new String(f.content(), StandardCharsets.UTF_8);
      collect(NAME, text, declared);
      collect(PROFILE_KEY, text, declared);
      core |= CORE.matcher(text).find();
      links |= LINKS.matcher(text).find();
    }
    for (ParsedFile f : parsed) {
      if (!invalid.contains(f.source().path())) {
        continue;
      }
      files.add(new Consequences.SkippedFile(f.source().path(), SchemaMessages.RULE));
      MapNode root = f.root();
      core |= root.has("fabric") || root.has("subnet");
      links |= root.has("links");
      names(root, "switches", declared);
      names(root, "hosts", declared);
      if (root.get("profiles").orElse(null) instanceof MapNode profiles) {
        declared.addAll(profiles.entries().keySet());
      }
    }
    files.sort(java.util.Comparator.comparing(Consequences.SkippedFile::file));
    return new Skipped(files, declared, core, links);
  }

  /**
   * A skipped file defines (or, unread, may define) {@code fabric} or {@code subnet}: no sound
   * model exists.
   */
  boolean holdsCore() {
    return holdsCore;
  }

  /** What follows from these files and from the input errors among {@code findings}. */
  Consequences consequences(List<Finding> findings) {
    Set<Location> places = new HashSet<>();
    Set<String> targets = new TreeSet<>();
    for (Finding f : findings) {
      if (!Consequences.isInputError(f)) {
        continue;
      }
      if (f.location() != null) {
        places.add(f.location());
      }
      if (f.device() != null) {
        targets.add(f.port() == null ? f.device() : f.device() + " " + f.port());
      }
    }
    if (files.isEmpty() && places.isEmpty() && targets.isEmpty()) {
      return Consequences.NONE;
    }
    return new Consequences(files, declared, places, targets, !holdsLinks);
  }

  private static void names(MapNode root, String key, Set<String> out) {
    if (root.get(key).orElse(null) instanceof ListNode list) {
      for (Node item : list.items()) {
        if (item instanceof MapNode m
            && m.get("name").orElse(null) instanceof ScalarNode n
            && n.value() instanceof String s) {
          out.add(s);
        }
      }
    }
  }

  private static void collect(Pattern p, String text, Set<String> out) {
    Matcher m = p.matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
  }
}
