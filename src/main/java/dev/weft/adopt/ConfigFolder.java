package dev.weft.adopt;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import dev.weft.platform.SavedConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The device files of an import folder: a {@code weft backup} repository ({@code <device>.xml} for
 * NETCONF devices, {@code <device>.json} for SONiC's CONFIG_DB or NVUE's revision) or any folder of
 * such files, or of running-config text ({@code <device>.cfg}, {@code .txt}, or {@code <device>}
 * without an extension as Oxidized and RANCID save it; an extensionless file no pack recognises, a
 * README or LICENSE, is skipped). The platform comes from the skeleton when it names the device,
 * else from the file's content, as the packs recognise it (the XML namespaces of the vendor model,
 * the shape of the JSON). Dot-files and folders ({@code .git}) are skipped.
 */
public final class ConfigFolder {

  /** Larger than any switch's QoS config; checked before the file is read. */
  public static final long MAX_FILE_BYTES = 16L << 20;

  /**
   * The files that were read, and a finding for each that could not be.
   *
   * @param subnetManagers the folders holding an {@code opensm.conf} (an InfiniBand SM host's
   *     files, as {@code weft render} writes them), parsed
   */
  public record Contents(
      List<DeviceConfig> configs, List<Finding> findings, List<OpenSmFiles> subnetManagers) {
    public Contents(List<DeviceConfig> configs, List<Finding> findings) {
      this(configs, findings, List.of());
    }

    public Contents {
      configs = List.copyOf(configs);
      findings = List.copyOf(findings);
      subnetManagers = List.copyOf(subnetManagers);
    }
  }

  private ConfigFolder() {}

  /**
   * @param platformOf the platform a skeleton gives a device, or empty
   * @param platforms the packs that tell a file's platform from its content
   */
  public static Contents read(
      Path dir, Function<String, Optional<String>> platformOf, Platforms platforms)
      throws IOException {
    List<Path> files;
    List<Path> folders;
    try (Stream<Path> list = Files.list(dir)) {
      List<Path> all =
          list.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
      files = all.stream().filter(Files::isRegularFile).toList();
      folders =
          all.stream()
              .filter(Files::isDirectory)
              .filter(p -> Files.isRegularFile(p.resolve(OpenSmFiles.CONF)))
              .toList();
    }
    List<DeviceConfig> configs = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    List<OpenSmFiles> sms = new ArrayList<>();
    for (Path folder : folders) {
      subnetManager(folder, sms, findings);
    }
    for (Path f : files) {
      String name = f.getFileName().toString();
      int dot = name.lastIndexOf('.');
      String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
      if (!List.of("xml", "json", "txt", "cfg", "conf", "set", "").contains(ext)) {
        continue; // a README.md or script beside the backups is not a device
      }
      // Oxidized and RANCID name a backup after its device, without an extension
      String device = dot < 0 ? name : name.substring(0, dot);
      String where = f.toString();
      long size = Files.size(f);
      if (size > MAX_FILE_BYTES) {
        findings.add(
            unreadable(
                device,
                where,
                "at most " + MAX_FILE_BYTES + " bytes",
                size + " bytes",
                "the file is larger than any switch config Weft reads"));
        continue;
      }
      String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
      Optional<String> platform = platformOf.apply(device).or(() -> sniff(ext, text, platforms));
      if (platform.isEmpty() && ext.isEmpty()) {
        continue; // a README or LICENSE beside extensionless backups is not a device
      }
      if (platform.isEmpty()) {
        findings.add(
            unreadable(
                device,
                where,
                "a config in a format Weft reads (OpenConfig, EOS, NX-OS, Junos or SR Linux XML,"
                    + " SONiC CONFIG_DB or NVUE JSON, EOS running-config text)",
                "." + ext + " in no known format",
                "no platform reads this file"));
        continue;
      }
      configs.add(new DeviceConfig(device, platform.get(), where, text, ext));
    }
    return new Contents(configs, findings, sms);
  }

  /** One SM host's folder: its OpenSM files, each size-checked before it is read. */
  private static void subnetManager(Path folder, List<OpenSmFiles> sms, List<Finding> findings)
      throws IOException {
    String host = folder.getFileName().toString();
    String where = folder.toString().replace('\\', '/');
    Map<String, String> texts = new java.util.TreeMap<>();
    for (String name : OpenSmFiles.FILES) {
      Path f = folder.resolve(name);
      if (!Files.isRegularFile(f)) {
        continue;
      }
      long size = Files.size(f);
      if (size > MAX_FILE_BYTES) {
        findings.add(
            unreadable(
                host,
                where + "/" + name,
                "at most " + MAX_FILE_BYTES + " bytes",
                size + " bytes",
                "the file is larger than any subnet manager file Weft reads"));
        return;
      }
      texts.put(name, new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
    }
    try {
      sms.add(OpenSmFiles.parse(host, where, texts));
    } catch (OpenSmFiles.Unreadable e) {
      findings.add(
          Finding.of(
                  ImportIds.UNREADABLE,
                  Severity.ERROR,
                  host + ": " + e.getMessage() + " (" + e.file() + ")")
              .at(new Location(e.file(), e.line(), 1))
              .onDevice(host)
              .withValues(e.getMessage(), "not as OpenSM reads it"));
    }
  }

  static Finding unreadable(
      String device, String file, String expected, String actual, String why) {
    return Finding.of(ImportIds.UNREADABLE, Severity.ERROR, device + ": " + why + " (" + file + ")")
        .at(Location.ofFile(file))
        .onDevice(device)
        .withValues(expected, actual);
  }

  /**
   * The platform a file's content belongs to, or empty: the pack that recognises it with the
   * highest rank ({@link LiveProfile#recognises}), the first by id on a tie.
   */
  static Optional<String> sniff(String ext, String text, Platforms platforms) {
    Object json = null;
    if (!ext.equals("xml")) {
      try {
        json = Json.parse(text);
      } catch (JsonException e) {
        if (ext.equals("json")) {
          return Optional.empty(); // a .json file that is not JSON is no platform's
        }
        json = null; // text: a running-config (EOS's, Junos's), which the packs recognise
      }
    }
    SavedConfig config = new SavedConfig(ext, text, json);
    String best = null;
    int bestRank = Integer.MIN_VALUE;
    for (PlatformPack pack : platforms.all()) {
      OptionalInt rank = pack.live().map(l -> l.recognises(config)).orElse(OptionalInt.empty());
      if (rank.isPresent() && rank.getAsInt() > bestRank) {
        best = pack.id();
        bestRank = rank.getAsInt();
      }
    }
    return Optional.ofNullable(best);
  }
}
