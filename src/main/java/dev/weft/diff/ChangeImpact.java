package dev.weft.diff;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.finding.Finding;
import dev.weft.render.TemplateData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Which devices' rendered configs a change touches, and how. A device is re-rendered only when what
 * its templates read differs between base and head: its compiled plain-value view ({@link
 * TemplateData#of(CompiledDevice)}, which leaves out provenance, so moving YAML lines changes
 * nothing), the fabric name, or a template change for its platform. Everything else is known to
 * render identically and is never rendered. A profile or fabric-plan change therefore lists every
 * device it reaches, because those devices' compiled views change.
 */
public final class ChangeImpact {

  /** How a device changed. */
  public enum Kind {
    CHANGED,
    ADDED,
    REMOVED;

    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** One rendered file that differs; {@code unifiedDiff} is the reviewer-facing text. */
  public record FileChange(String file, String unifiedDiff) {}

  /**
   * One device whose rendered files differ (or appear, or disappear). When a side cannot be
   * rendered there is no honest diff: {@code files} is empty and {@code note} says which side
   * failed (its {@code render-error} findings say why).
   */
  public record DeviceChange(String device, Kind kind, List<FileChange> files, String note) {
    public DeviceChange {
      files = List.copyOf(files);
    }
  }

  /**
   * @param devices changed devices, head's device order, removed ones last
   * @param devicesCompared devices on either side
   * @param devicesRendered devices actually rendered (per side, counted once)
   * @param baseProblems render problems of base's re-rendered devices
   * @param headProblems render problems of head's re-rendered devices
   */
  public record Result(
      List<DeviceChange> devices,
      int devicesCompared,
      int devicesRendered,
      List<Finding> baseProblems,
      List<Finding> headProblems) {
    public Result {
      devices = List.copyOf(devices);
      baseProblems = List.copyOf(baseProblems);
      headProblems = List.copyOf(headProblems);
    }
  }

  /** One device rendered: output file name → bytes (sorted), or the problems that stopped it. */
  public record Rendered(Map<String, byte[]> files, List<Finding> problems) {}

  /** Renders one compiled device of a fabric. Must be safe to call from several threads. */
  @FunctionalInterface
  public interface Render {
    Rendered render(CompiledDevice device, String fabric);
  }

  /** Unified diff of two versions of one file; deterministic. */
  @FunctionalInterface
  public interface TextDiff {
    String diff(String oldName, byte[] oldContent, String newName, byte[] newContent);
  }

  private ChangeImpact() {}

  /**
   * The names of the devices whose rendered output can differ.
   *
   * @param templatesChanged true for a device whose platform's templates differ between the sides
   */
  public static Set<String> affected(
      CompiledFabric base, CompiledFabric head, Predicate<CompiledDevice> templatesChanged) {
    Map<String, CompiledDevice> before = base.byName();
    Map<String, CompiledDevice> after = head.byName();
    boolean fabricRenamed = !Objects.equals(base.fabric(), head.fabric());
    Set<String> out = new LinkedHashSet<>();
    for (CompiledDevice d : head.devices()) {
      CompiledDevice old = before.get(d.name());
      if (old == null
          || fabricRenamed
          || templatesChanged.test(d)
          || templatesChanged.test(old)
          || !TemplateData.of(old).equals(TemplateData.of(d))) {
        out.add(d.name());
      }
    }
    for (CompiledDevice d : base.devices()) {
      if (!after.containsKey(d.name())) {
        out.add(d.name());
      }
    }
    return out;
  }

  /** Renders the affected devices on both sides and diffs their files. */
  public static Result compute(
      CompiledFabric base,
      CompiledFabric head,
      Predicate<CompiledDevice> templatesChanged,
      Render baseRender,
      Render headRender,
      TextDiff differ) {
    Map<String, CompiledDevice> before = base.byName();
    Map<String, CompiledDevice> after = head.byName();
    List<String> names = new ArrayList<>(affected(base, head, templatesChanged));
    List<Pair> rendered =
        names.parallelStream()
            .map(
                name ->
                    new Pair(
                        before.containsKey(name)
                            ? baseRender.render(before.get(name), base.fabric())
                            : null,
                        after.containsKey(name)
                            ? headRender.render(after.get(name), head.fabric())
                            : null))
            .toList();
    Set<String> all = new LinkedHashSet<>(before.keySet());
    all.addAll(after.keySet());
    return diffPairs(names, rendered, all.size(), differ);
  }

  /**
   * Diffs outputs that were rendered whole on both sides (the subnet manager files of an InfiniBand
   * inventory, which depend on the whole subnet rather than on one compiled device).
   *
   * @param base device name → its rendered files on the base side
   * @param head the same on the head side
   */
  public static Result compareRendered(
      Map<String, Rendered> base, Map<String, Rendered> head, TextDiff differ) {
    Set<String> all = new LinkedHashSet<>(head.keySet());
    all.addAll(base.keySet());
    List<String> names = new ArrayList<>(all);
    List<Pair> pairs = names.stream().map(n -> new Pair(base.get(n), head.get(n))).toList();
    return diffPairs(names, pairs, all.size(), differ);
  }

  private record Pair(Rendered base, Rendered head) {}

  private static Result diffPairs(
      List<String> names, List<Pair> rendered, int compared, TextDiff differ) {
    List<DeviceChange> changes = new ArrayList<>();
    List<Finding> baseProblems = new ArrayList<>();
    List<Finding> headProblems = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      Pair p = rendered.get(i);
      Map<String, byte[]> oldFiles = p.base() == null ? Map.of() : p.base().files();
      Map<String, byte[]> newFiles = p.head() == null ? Map.of() : p.head().files();
      if (p.base() != null) {
        baseProblems.addAll(p.base().problems());
      }
      if (p.head() != null) {
        headProblems.addAll(p.head().problems());
      }
      Kind kind = p.base() == null ? Kind.ADDED : p.head() == null ? Kind.REMOVED : Kind.CHANGED;
      String failed = failedSides(p.base(), p.head());
      if (failed != null) {
        changes.add(
            new DeviceChange(
                name,
                kind,
                List.of(),
                failed
                    + " does not render (see the render-error findings), so there is no config diff"));
        continue;
      }
      List<FileChange> files = new ArrayList<>();
      Set<String> fileNames = new TreeSet<>(oldFiles.keySet());
      fileNames.addAll(newFiles.keySet());
      for (String file : fileNames) {
        byte[] a = oldFiles.get(file);
        byte[] b = newFiles.get(file);
        if (a != null && b != null && java.util.Arrays.equals(a, b)) {
          continue;
        }
        String path = name + "/" + file;
        files.add(
            new FileChange(
                path,
                differ.diff(
                    a == null ? null : path,
                    a == null ? new byte[0] : a,
                    b == null ? null : path,
                    b == null ? new byte[0] : b)));
      }
      if (!files.isEmpty() || kind != Kind.CHANGED) {
        changes.add(new DeviceChange(name, kind, files, null));
      }
    }
    return new Result(changes, compared, names.size(), baseProblems, headProblems);
  }

  private static String failedSides(Rendered base, Rendered head) {
    boolean b = base != null && !base.problems().isEmpty();
    boolean h = head != null && !head.problems().isEmpty();
    return b && h ? "neither base nor head" : b ? "base" : h ? "head" : null;
  }

  /** Counts by kind, for summaries: {@code changed}, {@code added}, {@code removed}. */
  public static Map<Kind, Integer> counts(List<DeviceChange> changes) {
    Map<Kind, Integer> counts = new LinkedHashMap<>();
    for (Kind k : Kind.values()) {
      counts.put(k, 0);
    }
    changes.forEach(c -> counts.merge(c.kind(), 1, Integer::sum));
    return counts;
  }
}
