package dev.weft.audit;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.git.BackupXml;
import dev.weft.git.UnifiedDiff;
import dev.weft.json.Json;
import dev.weft.log.Secrets;
import dev.weft.platform.ConfigView;
import dev.weft.platform.Feature;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.ReadException;
import dev.weft.platform.SafeXml;
import dev.weft.render.Renderer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Makes a drifted device's {@link ConfigDiff} where its running config is at hand (the audit pass):
 * the running config as read and the file the intent renders for the device, both cut to what Weft
 * renders (and to the drifted features' parts where the pack's {@link ConfigView} names them),
 * written in one form and diffed with the same unified diff {@code weft diff} prints. The running
 * side never shows a tree the intent does not render, so the device's users, password hashes and
 * SNMP communities stay out; what is left is masked as log lines are, in case a rendered tree holds
 * a secret after all.
 */
public final class ConfigDiffs {

  /** Largest diff kept per device; the rest is cut at a line end and the note says how much. */
  public static final int MAX_CHARS = 16 * 1024;

  private static final String DRIFT = "drift-";

  private ConfigDiffs() {}

  /**
   * The features a device's drift findings name; empty when one of them names none (a missing
   * port), so the diff covers every rendered part.
   */
  public static Set<Feature> drifted(List<Finding> findings) {
    Set<Feature> out = new TreeSet<>();
    for (Finding f : findings) {
      if (!f.rule().startsWith(DRIFT) || f.severity() == Severity.INFO) {
        continue;
      }
      Feature feature = feature(f.rule().substring(DRIFT.length()));
      if (feature == null) {
        return Set.of();
      }
      out.add(feature);
    }
    return out;
  }

  private static Feature feature(String word) {
    for (Feature f : Feature.values()) {
      if (f.word().equals(word)) {
        return f;
      }
    }
    return null;
  }

  /** Renders the intended switch and diffs the running config against it. */
  public static ConfigDiff of(
      LiveProfile profile,
      Renderer renderer,
      CompiledSwitch intended,
      String fabric,
      String running,
      Set<Feature> features) {
    ConfigView view = profile.configView().orElse(null);
    if (view == null) {
      return ConfigDiff.none(
          "the "
              + intended.platform()
              + " pack cannot lay its running config beside its"
              + " rendered file yet: see the findings for what differs");
    }
    Renderer.DeviceOutput out = renderer.renderDevice(intended, fabric);
    String rendered = out.text(view.renderedFile());
    if (rendered == null) {
      String why =
          out.findings().stream()
              .filter(f -> f.severity() == Severity.ERROR)
              .map(Finding::message)
              .findFirst()
              .orElse("no such file among the rendered ones");
      return ConfigDiff.none(
          "the intent does not render "
              + view.renderedFile()
              + " for "
              + intended.name()
              + ": "
              + why);
    }
    return of(view, intended.name(), running, rendered, features);
  }

  /**
   * The diff of {@code running} (as the device sent it) against {@code rendered}, as {@code view}
   * lays them out.
   */
  public static ConfigDiff of(
      ConfigView view, String device, String running, String rendered, Set<Feature> features) {
    if (running == null) {
      return ConfigDiff.none("the running config was not kept");
    }
    try {
      Sides sides =
          switch (view.syntax()) {
            case JSON -> json(view, running, rendered, features);
            case XML -> xml(view, device, running, rendered);
          };
      String diff =
          UnifiedDiff.of(
              "intent/" + view.renderedFile(),
              sides.rendered().getBytes(StandardCharsets.UTF_8),
              device + "/" + view.renderedFile(),
              sides.running().getBytes(StandardCharsets.UTF_8));
      List<String> notes = new ArrayList<>();
      if (sides.leftOut() > 0) {
        boolean one = sides.leftOut() == 1;
        String what =
            view.syntax() == ConfigView.Syntax.XML
                ? (one ? " tree" : " trees")
                : (one ? " entry" : " entries");
        notes.add(
            "left out: "
                + sides.leftOut()
                + what
                + " of the running config that the intent does not render");
      }
      if (diff.isEmpty()) {
        notes.add(
            "the two texts are equal in this scope: the difference is in a value the device reports"
                + " in its own form, or in a part left out (see the findings)");
      }
      String text = Secrets.mask(diff);
      if (text.length() > MAX_CHARS) {
        int end = text.lastIndexOf('\n', MAX_CHARS - 1) + 1;
        long more = text.substring(end).lines().count();
        text = text.substring(0, end);
        notes.add(
            "cut after "
                + text.lines().count()
                + " lines: "
                + more
                + " more lines (a device's diff is"
                + " capped at "
                + MAX_CHARS / 1024
                + " KiB)");
      }
      return new ConfigDiff(
          view.renderedFile(),
          sides.scope(),
          text,
          notes.isEmpty() ? null : String.join("; ", notes));
    } catch (ReadException e) {
      return ConfigDiff.none("no diff: " + e.getMessage());
    }
  }

  /**
   * Both sides as diffed, what they cover, and how many parts of the running config were left out.
   */
  private record Sides(String rendered, String running, String scope, int leftOut) {}

  @SuppressWarnings("unchecked")
  private static Sides json(ConfigView view, String running, String rendered, Set<Feature> features)
      throws ReadException {
    Map<String, Object> file =
        object(view.rendered().read(rendered, view.renderedFile()), view.renderedFile());
    Map<String, Object> live =
        object(view.running().read(running, "the running config"), "the running config");
    boolean perFeature = !features.isEmpty() && view.parts().keySet().containsAll(features);
    TreeSet<String> keys = new TreeSet<>();
    if (perFeature) {
      features.forEach(f -> keys.addAll(view.parts().get(f)));
      keys.retainAll(union(file.keySet(), live.keySet()));
    } else {
      keys.addAll(file.keySet());
    }
    Map<String, Object> a = new TreeMap<>();
    Map<String, Object> b = new TreeMap<>();
    int[] leftOut = {0};
    for (String key : keys) {
      if (file.containsKey(key)) {
        a.put(key, file.get(key));
      }
      if (live.containsKey(key)) {
        b.put(key, cut(live.get(key), file.get(key), view.depth() - 1, leftOut));
      }
    }
    if (!perFeature) {
      leftOut[0] += (int) live.keySet().stream().filter(k -> !keys.contains(k)).count();
    }
    String scope =
        perFeature
            ? view.unit() + (keys.size() == 1 ? " " : "s ") + String.join(", ", keys)
            : "every rendered " + view.unit();
    return new Sides(Json.write(a), Json.write(b), scope, leftOut[0]);
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> out = new TreeSet<>(a);
    out.addAll(b);
    return out;
  }

  /**
   * The running value with, for {@code levels} levels, only the keys the rendered value has (none:
   * kept whole).
   */
  @SuppressWarnings("unchecked")
  private static Object cut(Object live, Object shape, int levels, int[] leftOut) {
    if (levels <= 0 || !(live instanceof Map<?, ?> lm) || !(shape instanceof Map<?, ?> sm)) {
      return live;
    }
    Map<String, Object> out = new TreeMap<>();
    ((Map<String, Object>) lm)
        .forEach(
            (k, v) -> {
              if (sm.containsKey(k)) {
                out.put(k, cut(v, sm.get(k), levels - 1, leftOut));
              } else {
                leftOut[0]++;
              }
            });
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object value, String what) throws ReadException {
    if (value instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    throw new ReadException(what + ":1:1: expected a JSON object");
  }

  private static Sides xml(ConfigView view, String device, String running, String rendered)
      throws ReadException {
    List<Element> file = trees(SafeXml.configOrData(rendered, view.renderedFile()));
    Set<String> names = new TreeSet<>();
    file.forEach(e -> names.add(name(e)));
    List<Element> live = new ArrayList<>();
    int leftOut = 0;
    for (Element e : trees(SafeXml.configOrData(running, device + " get-config reply"))) {
      if (names.contains(name(e))) {
        live.add(e);
      } else {
        leftOut++;
      }
    }
    file.forEach(XmlDiffOrder::canonicalise);
    live.forEach(XmlDiffOrder::canonicalise);
    return new Sides(
        BackupXml.renderTrees(file), BackupXml.renderTrees(live), "every rendered tree", leftOut);
  }

  private static List<Element> trees(Element top) {
    List<Element> out = new ArrayList<>();
    for (Node n = top.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        out.add(e);
      }
    }
    return out;
  }

  private static String name(Element e) {
    return "{" + (e.getNamespaceURI() == null ? "" : e.getNamespaceURI()) + "}" + e.getLocalName();
  }
}
