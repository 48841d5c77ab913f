package dev.weft.render;

import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * What an earlier {@code weft render --out DIR} wrote, so a later run into the same folder renders
 * only what changed. Kept in {@code DIR/.weft-render.json} (canonical JSON: the same renders give
 * the same bytes): per device, a fingerprint of everything its files are made from (the template
 * data, the texts of the templates it read, its platform, and the Weft build), the templates it
 * read, and each file's size and fingerprint.
 *
 * <p>A device is left as it is only when its input fingerprint is the same <em>and</em> every file
 * it wrote is still on disk with the size and content Weft wrote (a hand-edited or deleted file is
 * rendered again: a stale file is never trusted). A missing, unreadable or foreign manifest means
 * everything renders. The manifest is written after the run, so an interrupted run at worst renders
 * again what it had already written.
 */
public final class RenderCache {

  /**
   * A manifest larger than this is not one Weft wrote (a 32,768-GPU render's is a few MB): render
   * everything.
   */
  private static final long MAX_MANIFEST_BYTES = 256L * 1024 * 1024;

  /** No rendered file Weft vouches for is larger than the template output cap. */
  private static final long MAX_FILE_BYTES = TemplateEngine.DEFAULT_MAX_OUTPUT_BYTES;

  /** The manifest's file name inside the output folder. */
  public static final String FILE = ".weft-render.json";

  private static final String FORMAT = "weft-render-1";
  private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  /** One rendered file as the manifest records it. */
  record FileState(long bytes, String check) {}

  /** One device as the manifest records it. */
  record Entry(String input, SortedSet<String> templates, SortedMap<String, FileState> files) {
    Entry {
      templates = new TreeSet<>(templates);
      files = new TreeMap<>(files);
    }
  }

  private final Path dir;
  private final boolean reuse;
  private final Map<String, Entry> previous;
  private final Map<String, Entry> next = new ConcurrentHashMap<>();
  private final Map<String, String> templateChecks = new ConcurrentHashMap<>();
  private final String build;

  private RenderCache(Path dir, boolean reuse, Map<String, Entry> previous) {
    this.dir = dir;
    this.reuse = reuse;
    this.previous = previous;
    this.build = dir == null ? "" : buildFingerprint();
  }

  /** No manifest: every device renders and nothing is recorded (in-memory sinks, tests). */
  public static RenderCache none() {
    return new RenderCache(null, false, Map.of());
  }

  /**
   * The manifest of {@code dir}. With {@code reuse} false ({@code --force}) every device renders,
   * but the manifest is still read (to find devices no longer in the inventory) and written again.
   */
  public static RenderCache load(Path dir, boolean reuse) {
    return new RenderCache(dir, reuse, read(dir.resolve(FILE)));
  }

  boolean active() {
    return dir != null;
  }

  /** The input of one device, ready to be fingerprinted with any set of templates. */
  final class Input {
    private final Fingerprint.Encoder encoder;
    private final TemplateFolders folders;

    private Input(Fingerprint.Encoder encoder, TemplateFolders folders) {
      this.encoder = encoder;
      this.folders = folders;
    }

    String with(Collection<String> templates) {
      Fingerprint.Encoder tail = new Fingerprint.Encoder();
      for (String template : new TreeSet<>(templates)) {
        tail.add(template, templateCheck(folders, template));
      }
      return encoder.fingerprintThen(tail);
    }
  }

  /**
   * The input of a device whose own data ({@link DeviceContext#own}) is {@code own}. What {@link
   * DeviceContext#complete} derives from it is left out: the build fingerprint covers that code,
   * and {@code packData} (the pack's {@link dev.weft.platform.PlatformPack#dataFingerprint}) the
   * project's own platform files it reads.
   */
  Input input(String platform, Map<String, Object> own, String packData, TemplateFolders folders) {
    return new Input(
        new Fingerprint.Encoder()
            .add("format", FORMAT)
            .add("build", build)
            .add("platform", platform)
            .add("pack-data", packData)
            .add("data", own),
        folders);
  }

  /** The fingerprint of a template's text (read once per run), or "unreadable". */
  private String templateCheck(TemplateFolders folders, String template) {
    return templateChecks.computeIfAbsent(
        template,
        name -> {
          try {
            return Fingerprint.of(folders.read(name).text().getBytes(StandardCharsets.UTF_8));
          } catch (TemplateAccessException e) {
            return "unreadable";
          }
        });
  }

  /**
   * The earlier entry of {@code device} when it can be kept as it is: same input fingerprint and
   * every recorded file unchanged on disk. Null when the device must render.
   */
  Entry unchanged(String device, Input input) {
    Entry before = previous.get(device);
    if (!reuse || before == null || !before.input().equals(input.with(before.templates()))) {
      return null;
    }
    for (Map.Entry<String, FileState> file : before.files().entrySet()) {
      if (!intact(device, file.getKey(), file.getValue())) {
        return null;
      }
    }
    return before;
  }

  private boolean intact(String device, String file, FileState state) {
    if (!SAFE_NAME.matcher(device).matches() || !SAFE_NAME.matcher(file).matches()) {
      return false;
    }
    Path path = dir.resolve(device).resolve(file);
    try {
      if (Files.isSymbolicLink(dir.resolve(device))) {
        return false; // never read, vouch for or delete through a link out of DIR
      }
      // one stat for both questions (an unchanged re-render asks them of every file); a link is not
      // a regular file
      BasicFileAttributes attributes =
          Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (!attributes.isRegularFile()
          || attributes.size() != state.bytes()
          || state.bytes() > MAX_FILE_BYTES) {
        return false;
      }
      return Fingerprint.of(Files.readAllBytes(path)).equals(state.check());
    } catch (IOException e) {
      return false;
    }
  }

  /** Records what a device is now: kept as it was, or rendered anew. */
  void record(String device, Entry entry) {
    next.put(device, entry);
  }

  static FileState stateOf(byte[] content) {
    return new FileState(content.length, Fingerprint.of(content));
  }

  /** Devices of the earlier manifest that are not in {@code inventory}. */
  SortedSet<String> goneFrom(Set<String> inventory) {
    SortedSet<String> gone = new TreeSet<>(previous.keySet());
    gone.removeAll(inventory);
    return gone;
  }

  /**
   * Deletes the files Weft wrote for a device that left the inventory, and its folder when that is
   * then empty. A file edited since is left in place and returned, so the engineer is told.
   */
  List<String> remove(String device) throws IOException {
    List<String> kept = new ArrayList<>();
    Entry before = previous.get(device);
    if (before == null || !SAFE_NAME.matcher(device).matches()) {
      return kept;
    }
    for (Map.Entry<String, FileState> file : before.files().entrySet()) {
      if (intact(device, file.getKey(), file.getValue())) {
        Files.delete(dir.resolve(device).resolve(file.getKey()));
      } else if (Files.exists(dir.resolve(device).resolve(file.getKey()))) {
        kept.add(file.getKey());
      }
    }
    Path folder = dir.resolve(device);
    if (Files.isDirectory(folder)) {
      try (var left = Files.list(folder)) {
        if (left.findAny().isEmpty()) {
          Files.delete(folder);
        }
      }
    }
    return kept;
  }

  /** The earlier entries of devices this run did not look at (not selected with --device). */
  void carryOver(Set<String> devices) {
    for (String device : devices) {
      Entry before = previous.get(device);
      if (before != null) {
        next.putIfAbsent(device, before);
      }
    }
  }

  /** Writes the manifest of this run (atomically: a reader sees the old or the new one). */
  void write() throws IOException {
    if (dir == null) {
      return;
    }
    Map<String, Object> devices = new TreeMap<>();
    new TreeMap<>(next)
        .forEach(
            (device, entry) -> {
              Map<String, Object> files = new TreeMap<>();
              entry
                  .files()
                  .forEach(
                      (name, state) ->
                          files.put(name, Map.of("bytes", state.bytes(), "check", state.check())));
              Map<String, Object> view = new TreeMap<>();
              view.put("files", files);
              view.put("input", entry.input());
              view.put("templates", List.copyOf(entry.templates()));
              devices.put(device, view);
            });
    Map<String, Object> root = new TreeMap<>();
    root.put("devices", devices);
    root.put("format", FORMAT);
    Files.createDirectories(dir);
    Path temp = dir.resolve(FILE + ".tmp");
    DirectorySink.write(temp, Json.write(root).getBytes(StandardCharsets.UTF_8));
    try {
      Files.move(
          temp,
          dir.resolve(FILE),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * The earlier manifest, or nothing when it is missing, unreadable or not one this version wrote.
   */
  private static Map<String, Entry> read(Path manifest) {
    try {
      // not a link, and of a size a manifest can have: the manifest is in DIR, which anyone may
      // have written to
      if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)
          || Files.size(manifest) > MAX_MANIFEST_BYTES) {
        return Map.of();
      }
      Object root = Json.parse(Files.readString(manifest, StandardCharsets.UTF_8));
      if (!(root instanceof Map<?, ?> top)
          || !FORMAT.equals(top.get("format"))
          || !(top.get("devices") instanceof Map<?, ?> devices)) {
        return Map.of();
      }
      Map<String, Entry> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> device : devices.entrySet()) {
        Entry entry = entryOf(device.getValue());
        if (entry != null) {
          out.put((String) device.getKey(), entry);
        }
      }
      return out;
    } catch (IOException | JsonException | RuntimeException e) {
      return Map.of();
    }
  }

  private static Entry entryOf(Object value) {
    if (!(value instanceof Map<?, ?> map)
        || !(map.get("input") instanceof String input)
        || !(map.get("templates") instanceof List<?> templates)
        || !(map.get("files") instanceof Map<?, ?> files)) {
      return null;
    }
    SortedSet<String> names = new TreeSet<>();
    for (Object t : templates) {
      if (!(t instanceof String name)) {
        return null;
      }
      names.add(name);
    }
    SortedMap<String, FileState> states = new TreeMap<>();
    for (Map.Entry<?, ?> file : files.entrySet()) {
      if (!(file.getValue() instanceof Map<?, ?> f)
          || !(f.get("bytes") instanceof Long bytes)
          || !(f.get("check") instanceof String check)) {
        return null;
      }
      states.put((String) file.getKey(), new FileState(bytes, check));
    }
    return new Entry(input, names, states);
  }

  /**
   * The Weft build rendering: a new build may render differently from the same data and templates
   * (a fixed filter, a different canonical JSON writer), so it renders everything once. The CRC of
   * the jar Weft runs from; "classes" when run from a class folder (development, tests).
   */
  private static String buildFingerprint() {
    try {
      Path code =
          Path.of(RenderCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!Files.isRegularFile(code)) {
        return "classes";
      }
      CRC32C crc = new CRC32C();
      byte[] buffer = new byte[1 << 16];
      try (InputStream in = Files.newInputStream(code)) {
        for (int n; (n = in.read(buffer)) > 0; ) {
          crc.update(buffer, 0, n);
        }
      }
      return Files.size(code) + ":" + Long.toHexString(crc.getValue());
    } catch (IOException | URISyntaxException | RuntimeException e) {
      return "unknown";
    }
  }
}
