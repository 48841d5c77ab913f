package dev.weft.adopt;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The device files of an import folder: a {@code weft backup} repository ({@code <device>.xml} for NETCONF
 * devices, {@code <device>.json} for SONiC's CONFIG_DB or NVUE's revision) or any folder of such files. The
 * platform comes from the skeleton when it names the device, else from the file's format: the XML
 * namespaces of the vendor model, or the shape of the JSON. Dot-files and folders ({@code .git}) are skipped.
 */
public final class ConfigFolder {

    /** Larger than any switch's QoS config; checked before the file is read. */
    public static final long MAX_FILE_BYTES = 16L << 20;

    /** The files that were read, and a finding for each that could not be. */
    public record Contents(List<DeviceConfig> configs, List<Finding> findings) {
        public Contents {
            configs = List.copyOf(configs);
            findings = List.copyOf(findings);
        }
    }

    private ConfigFolder() {}

    /**
     * @param platformOf the platform a skeleton gives a device, or empty
     */
    public static Contents read(Path dir, java.util.function.Function<String, Optional<String>> platformOf) throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> !p.getFileName().toString().startsWith(".")).filter(Files::isRegularFile).sorted().toList();
        }
        List<DeviceConfig> configs = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
            if (!List.of("xml", "json", "txt").contains(ext)) {
                continue;   // a README or script beside the backups is not a device
            }
            String device = name.substring(0, dot);
            String where = f.toString();
            long size = Files.size(f);
            if (size > MAX_FILE_BYTES) {
                findings.add(unreadable(device, where, "at most " + MAX_FILE_BYTES + " bytes", size + " bytes",
                        "the file is larger than any switch config Weft reads"));
                continue;
            }
            String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
            Optional<String> platform = platformOf.apply(device).or(() -> sniff(ext, text));
            if (platform.isEmpty()) {
                findings.add(unreadable(device, where, "a config in a format Weft reads (OpenConfig, Junos or SR Linux XML,"
                        + " SONiC CONFIG_DB or NVUE JSON)", "." + ext + " in no known format",
                        "no platform reads this file"));
                continue;
            }
            configs.add(new DeviceConfig(device, platform.get(), where, text));
        }
        return new Contents(configs, findings);
    }

    static Finding unreadable(String device, String file, String expected, String actual, String why) {
        return Finding.of(ImportIds.UNREADABLE, Severity.ERROR, device + ": " + why + " (" + file + ")")
                .at(Location.ofFile(file)).onDevice(device).withValues(expected, actual);
    }

    /** The platform a file's content belongs to, or empty. */
    static Optional<String> sniff(String ext, String text) {
        if (ext.equals("xml")) {
            if (text.contains("http://yang.juniper.net/junos/conf")) {
                return Optional.of("junos");
            }
            if (text.contains("urn:nokia.com:srlinux")) {
                return Optional.of("srlinux");
            }
            if (text.contains("http://openconfig.net/yang/")) {
                return Optional.of("openconfig");
            }
            return Optional.empty();
        }
        try {
            Object root = Json.parse(text);
            if (root instanceof List<?>) {
                return Optional.of("cumulus");     // an NVUE revision: header/set documents
            }
            if (root instanceof Map<?, ?> m) {
                if (m.containsKey("PORT") || m.containsKey("DEVICE_METADATA") || m.containsKey("DSCP_TO_TC_MAP")) {
                    return Optional.of("sonic");
                }
                if (m.containsKey("qos") || m.containsKey("interface") || m.containsKey("set")) {
                    return Optional.of("cumulus");
                }
            }
        } catch (JsonException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
