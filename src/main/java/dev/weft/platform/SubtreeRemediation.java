package dev.weft.platform;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.w3c.dom.Element;

/**
 * A {@link Remediation} described by a table, which is all a NETCONF pack writes: for each feature,
 * the paths of its rendered {@code <config>} that hold it switch-wide and per port ({@link
 * EditPath} syntax), each with the operation that makes the device's copy equal the rendered one.
 * For each drifted part the engine cuts those subtrees out of the rendered config and sends them; a
 * path the rendered config does not have is removed, because the intent has nothing there.
 *
 * <p>A switch-wide part of a per-port feature (the switch's lossless set, the watchdog everywhere)
 * is sent for every port of the intent: its switch-wide paths say so with {@code $port}. A port the
 * intent does not have only gets the paths marked {@link Selector#unmanagedPorts()} (PFC off),
 * never the rest of its config.
 */
public final class SubtreeRemediation implements Remediation {

  /**
   * One path of the table.
   *
   * @param path where, in {@link EditPath} syntax
   * @param operation how the rendered subtree is sent
   * @param unmanagedPorts whether it also applies to a port the intent does not have (where the
   *     rendered config has nothing, so it is removed)
   */
  public record Selector(String path, Operation operation, boolean unmanagedPorts) {
    public Selector {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(operation, "operation");
    }

    public static Selector replace(String path) {
      return new Selector(path, Operation.REPLACE, false);
    }

    public static Selector merge(String path) {
      return new Selector(path, Operation.MERGE, false);
    }

    /** This selector for ports the intent does not have, too. */
    public Selector alsoUnmanaged() {
      return new Selector(path, operation, true);
    }
  }

  private record Compiled(EditPath path, Selector selector) {}

  private record Entry(List<Compiled> forSwitch, List<Compiled> forPort) {}

  private final String platform;
  private final String renderedFile;
  private final Map<Feature, Entry> table;
  private final Map<Feature, String> reasons;

  private SubtreeRemediation(Builder b) {
    this.platform = b.platform;
    this.renderedFile = b.renderedFile;
    this.table = new EnumMap<>(Feature.class);
    b.forSwitch.forEach(
        (f, list) ->
            table
                .computeIfAbsent(f, k -> new Entry(new ArrayList<>(), new ArrayList<>()))
                .forSwitch()
                .addAll(compile(list, b.prefixes)));
    b.forPort.forEach(
        (f, list) ->
            table
                .computeIfAbsent(f, k -> new Entry(new ArrayList<>(), new ArrayList<>()))
                .forPort()
                .addAll(compile(list, b.prefixes)));
    this.reasons = new EnumMap<>(Feature.class);
    this.reasons.putAll(b.reasons);
  }

  private static List<Compiled> compile(List<Selector> selectors, Map<String, String> prefixes) {
    return selectors.stream()
        .map(s -> new Compiled(EditPath.parse(s.path(), prefixes), s))
        .toList();
  }

  /**
   * @param platform the pack's id, for reasons
   */
  public static Builder builder(String platform) {
    return new Builder(platform);
  }

  @Override
  public String renderedFile() {
    return renderedFile;
  }

  @Override
  public Edit edit(CompiledSwitch intended, String rendered, Collection<DriftedPart> drifted)
      throws ReadException {
    Element config =
        SafeXml.parse(rendered, intended.name() + " " + renderedFile).getDocumentElement();
    if (!EditTree.NC.equals(config.getNamespaceURI()) || !"config".equals(config.getLocalName())) {
      throw new ReadException(
          intended.name()
              + " "
              + renderedFile
              + ": expected a NETCONF <config> element, found <"
              + config.getLocalName()
              + ">");
    }
    Set<String> ports = new LinkedHashSet<>();
    intended.ports().stream().map(CompiledPort::name).forEach(ports::add);
    EditTree tree = new EditTree();
    Set<Step> steps = new LinkedHashSet<>();
    Map<DriftedPart, String> notRemediable = new TreeMap<>();
    for (DriftedPart part : new TreeSet<>(drifted)) {
      Entry entry = table.get(part.feature());
      if (entry == null) {
        notRemediable.put(
            part,
            reasons.getOrDefault(
                part.feature(),
                "the " + platform + " pack has no edit for " + part.feature().word()));
        continue;
      }
      boolean unmanaged = part.port() != null && !ports.contains(part.port());
      List<Compiled> selectors = part.port() == null ? entry.forSwitch() : entry.forPort();
      if (unmanaged) {
        selectors = selectors.stream().filter(c -> c.selector().unmanagedPorts()).toList();
      }
      if (selectors.isEmpty()) {
        notRemediable.put(
            part,
            unmanaged
                ? "port "
                    + part.port()
                    + " is not in the intent; only what changes the plan there is removed, and "
                    + part.feature().word()
                    + " is not"
                : "the "
                    + platform
                    + " pack has no "
                    + (part.port() == null ? "switch-wide" : "per-port")
                    + " edit for "
                    + part.feature().word());
        continue;
      }
      List<String> over = part.port() == null ? List.copyOf(ports) : List.of(part.port());
      for (Compiled c : selectors) {
        for (String port :
            c.path().usesPort() ? over : java.util.Collections.<String>singletonList(null)) {
          EditPath bound = port == null ? c.path() : c.path().bind(port);
          List<Element> found = bound.find(config);
          if (found.isEmpty()) {
            if (!bound.wildcard()) {
              tree.remove(bound);
              steps.add(new Step(part, Operation.REMOVE, bound.label()));
            }
            continue;
          }
          for (Element source : found) {
            EditPath at = bound.wildcard() ? bound.concrete(source) : bound;
            tree.put(at, source, c.selector().operation());
            steps.add(new Step(part, c.selector().operation(), at.label()));
          }
        }
      }
    }
    if (steps.isEmpty()) {
      return Edit.none(notRemediable);
    }
    return new Edit(tree.xml(), List.copyOf(steps), new TreeMap<>(notRemediable));
  }

  /** The table of a pack. */
  public static final class Builder {
    private final String platform;
    private String renderedFile = "config.xml";
    private final Map<String, String> prefixes = new TreeMap<>();
    private final Map<Feature, List<Selector>> forSwitch = new EnumMap<>(Feature.class);
    private final Map<Feature, List<Selector>> forPort = new EnumMap<>(Feature.class);
    private final Map<Feature, String> reasons = new EnumMap<>(Feature.class);

    private Builder(String platform) {
      this.platform = Objects.requireNonNull(platform, "platform");
    }

    public Builder renderedFile(String file) {
      this.renderedFile = Objects.requireNonNull(file, "file");
      return this;
    }

    /** A namespace prefix the paths use (the module's own prefix reads best). */
    public Builder prefix(String prefix, String namespace) {
      prefixes.put(prefix, namespace);
      return this;
    }

    /**
     * What a switch-wide part of {@code feature} sends; a path with {@code $port} is sent for every
     * port of the intent.
     */
    public Builder switchWide(Feature feature, Selector... selectors) {
      forSwitch.computeIfAbsent(feature, k -> new ArrayList<>()).addAll(List.of(selectors));
      return this;
    }

    /** What a part of {@code feature} on one port sends ({@code $port} is that port). */
    public Builder perPort(Feature feature, Selector... selectors) {
      forPort.computeIfAbsent(feature, k -> new ArrayList<>()).addAll(List.of(selectors));
      return this;
    }

    /** A feature the platform's edit does not change, and why. */
    public Builder notRemediable(Feature feature, String reason) {
      reasons.put(feature, reason);
      return this;
    }

    /** Checks every path now, so a typo in a pack's table fails its first test, not a run. */
    public SubtreeRemediation build() {
      return new SubtreeRemediation(this);
    }
  }
}
