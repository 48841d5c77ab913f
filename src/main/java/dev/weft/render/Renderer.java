package dev.weft.render;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import dev.weft.platform.RenderGaps;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Renders compiled devices into files through the platform templates.
 *
 * <p>Devices render in parallel; results come back in device order, so the same input gives the same
 * files, findings and summary in the same order. A device that cannot be rendered (unknown platform,
 * template error, missing headroom) gets {@code render-error} findings and writes no file; the other
 * devices still render. Files named {@code *.json} are written canonically (sorted keys, four-space
 * indent), so templates may emit JSON in any order and the output is always valid JSON.
 */
public final class Renderer {
    /** Rule id of every finding the renderer makes. */
    public static final String RULE = RenderGaps.RENDER_ERROR;
    /** Manifest {@code requires} value: lossless ports must carry computed headroom. */
    static final String REQUIRES_HEADROOM = "headroom";

    private final TemplateFolders folders;
    private final TemplateEngine engine;
    private final Platforms platforms;
    private final Map<String, Object> manifests = new ConcurrentHashMap<>();

    public Renderer(TemplateFolders folders) {
        this(folders, new TemplateEngine(folders));
    }

    public Renderer(TemplateFolders folders, TemplateEngine engine) {
        this(folders, engine, Platforms.builtIn());
    }

    /** @param platforms the packs whose facts templates see and whose render checks stop a switch */
    public Renderer(TemplateFolders folders, TemplateEngine engine, Platforms platforms) {
        this.folders = folders;
        this.engine = engine;
        this.platforms = platforms;
    }

    /**
     * One device's rendered files (output name → bytes, sorted) or the findings that stopped it.
     * Files are empty when findings are not.
     */
    public record DeviceOutput(String device, Map<String, byte[]> files, List<Finding> findings) {
        public DeviceOutput {
            files = Collections.unmodifiableMap(new TreeMap<>(files));
            findings = List.copyOf(findings);
        }

        public String text(String file) {
            byte[] content = files.get(file);
            return content == null ? null : new String(content, StandardCharsets.UTF_8);
        }
    }

    /** Renders the selected devices of a fabric into {@code sink}. */
    public RenderResult render(CompiledFabric fabric, RenderOptions options, RenderSink sink) {
        return render(fabric, options, sink, RenderCache.none());
    }

    /**
     * Renders the selected devices of a fabric into {@code sink}, leaving alone the devices that
     * {@code cache} (the manifest of the output folder) shows unchanged, then deletes the files the
     * manifest recorded for devices no longer in the inventory and writes the new manifest.
     */
    public RenderResult render(CompiledFabric fabric, RenderOptions options, RenderSink sink, RenderCache cache) {
        List<Finding> findings = new ArrayList<>();
        Set<String> known = fabric.byName().keySet();
        for (String wanted : options.devices()) {
            if (!known.contains(wanted)) {
                findings.add(Finding.of(RULE, Severity.ERROR, "no device named '" + wanted + "' in the inventory")
                        .onDevice(wanted));
            }
        }
        List<CompiledDevice> selected = fabric.devices().stream().filter(d -> options.wants(d.name())).toList();
        List<RenderedFile> files = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(options.threads(), Math.max(1, selected.size())));
        try {
            List<Future<DeviceResult>> futures = new ArrayList<>();
            for (CompiledDevice device : selected) {
                futures.add(pool.submit(() -> renderAndWrite(device, fabric.fabric(), sink, cache)));
            }
            for (Future<DeviceResult> future : futures) {
                DeviceResult result = await(future);
                files.addAll(result.files());
                findings.addAll(result.findings());
                if (result.unchanged() != null) {
                    unchanged.add(result.unchanged());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> removed = new ArrayList<>();
        if (cache.active()) {
            Set<String> notSelected = new TreeSet<>(known);
            selected.forEach(d -> notSelected.remove(d.name()));
            cache.carryOver(notSelected);
            for (String gone : cache.goneFrom(known)) {
                try {
                    for (String kept : cache.remove(gone)) {
                        findings.add(Finding.of(RULE, Severity.WARNING, "left " + gone + "/" + kept + ": " + gone
                                + " is no longer in the inventory, but the file was changed after Weft wrote it").onDevice(gone));
                    }
                    removed.add(gone);
                } catch (IOException e) {
                    findings.add(Finding.of(RULE, Severity.WARNING, "cannot remove the files of " + gone
                            + " (no longer in the inventory): " + e.getMessage()).onDevice(gone));
                }
            }
            try {
                cache.write();
            } catch (IOException e) {
                findings.add(Finding.of(RULE, Severity.WARNING, "cannot write the render manifest " + RenderCache.FILE
                        + " (the next render will render every device): " + e.getMessage()));
            }
        }
        return new RenderResult(files, findings, unchanged, removed, cache.active());
    }

    /** Renders one device with the templates of its own platform. */
    public DeviceOutput renderDevice(CompiledDevice device, String fabric) {
        return renderDeviceAs(device, DeviceContext.platformOf(device), fabric);
    }

    /**
     * Renders one device with the templates of {@code platform}, whatever its own platform is: the
     * round-trip tests read every switch back through the SONiC and OpenConfig readers this way.
     */
    public DeviceOutput renderDeviceAs(CompiledDevice device, String platform, String fabric) {
        return renderWith(device, platform, DeviceContext.of(device, fabric, pack(platform))).output();
    }

    private PlatformPack pack(String platform) {
        return platforms.pack(platform).orElse(null);
    }

    /** A device's output and every template it read (manifest, top-level templates, includes). */
    private record Rendered(DeviceOutput output, Set<String> templates) {}

    private Rendered renderWith(CompiledDevice device, String platform, Map<String, Object> data) {
        String name = device.name();
        PlatformManifest manifest;
        try {
            manifest = manifest(platform);
        } catch (TemplateAccessException e) {
            return new Rendered(failed(name, Finding.of(RULE, Severity.ERROR, "cannot render " + name + ": " + e.getMessage())
                    .at(device.owner("platform")).onDevice(name)), Set.of());
        }
        Set<String> templates = new TreeSet<>();
        templates.add(platform + "/" + PlatformManifest.FILE);
        List<Finding> findings = new ArrayList<>(checkRequirements(device, manifest));
        PlatformPack pack = pack(platform);
        if (device instanceof CompiledSwitch sw && pack != null) {
            pack.renderChecks(sw).stream().filter(f -> f.severity() == Severity.ERROR).forEach(findings::add);
        }
        if (!findings.isEmpty()) {
            return new Rendered(new DeviceOutput(name, Map.of(), findings), templates);
        }
        Map<String, byte[]> files = new TreeMap<>();
        for (Map.Entry<String, String> entry : manifest.files().entrySet()) {
            String output = entry.getKey();
            TemplateEngine.Outcome outcome = engine.render(entry.getValue(), data);
            templates.add(entry.getValue());
            templates.addAll(outcome.included());
            if (!outcome.ok()) {
                for (TemplateProblem problem : outcome.problems()) {
                    findings.add(Finding.of(RULE, Severity.ERROR,
                                    "cannot render " + output + " for " + name + ": " + problem.message())
                            .at(new Location(problem.template(), problem.line(), 1)).onDevice(name));
                }
                continue;
            }
            try {
                files.put(output, finish(output, outcome.text()));
            } catch (JsonException e) {
                findings.add(Finding.of(RULE, Severity.ERROR, "cannot render " + output + " for " + name
                                + ": the template wrote invalid JSON (output line " + e.getMessage() + ")")
                        .at(new Location(engine.shownAs(entry.getValue()), 1, 1)).onDevice(name));
            }
        }
        DeviceOutput output = findings.isEmpty() ? new DeviceOutput(name, files, List.of())
                : new DeviceOutput(name, Map.of(), findings);
        return new Rendered(output, templates);
    }

    /** One device's part of a render: files written, findings, or the name of a device left unchanged. */
    private record DeviceResult(List<RenderedFile> files, List<Finding> findings, String unchanged) {}

    private DeviceResult renderAndWrite(CompiledDevice device, String fabric, RenderSink sink, RenderCache cache) {
        String platform = DeviceContext.platformOf(device);
        Map<String, Object> own = DeviceContext.own(device, fabric);
        RenderCache.Input input = cache.active() ? cache.input(platform, own, folders) : null;
        if (input != null) {
            RenderCache.Entry same = cache.unchanged(device.name(), input);
            if (same != null) {
                cache.record(device.name(), same);
                return new DeviceResult(List.of(), List.of(), device.name());
            }
        }
        Rendered rendered = renderWith(device, platform, DeviceContext.complete(device, own, pack(platform)));
        DeviceOutput output = rendered.output();
        if (!output.findings().isEmpty()) {
            return new DeviceResult(List.of(), output.findings(), null);
        }
        List<RenderedFile> written = new ArrayList<>();
        Map<String, RenderCache.FileState> states = new TreeMap<>();
        for (Map.Entry<String, byte[]> file : output.files().entrySet()) {
            try {
                sink.accept(device.name(), file.getKey(), file.getValue());
            } catch (IOException e) {
                return new DeviceResult(written, List.of(Finding.of(RULE, Severity.ERROR,
                        "cannot write " + file.getKey() + " for " + device.name() + ": " + e.getMessage())
                        .onDevice(device.name())), null);
            }
            written.add(new RenderedFile(device.name(), file.getKey(), file.getValue().length));
            if (input != null) {
                states.put(file.getKey(), RenderCache.stateOf(file.getValue()));
            }
        }
        if (input != null) {
            cache.record(device.name(), new RenderCache.Entry(input.with(rendered.templates()),
                    new TreeSet<>(rendered.templates()), new TreeMap<>(states)));
        }
        return new DeviceResult(written, List.of(), null);
    }

    private PlatformManifest manifest(String platform) throws TemplateAccessException {
        Object cached = manifests.computeIfAbsent(String.valueOf(platform), p -> {
            try {
                return PlatformManifest.load(folders, platform);
            } catch (TemplateAccessException e) {
                return e.getMessage();
            }
        });
        if (cached instanceof PlatformManifest manifest) {
            return manifest;
        }
        throw new TemplateAccessException((String) cached);
    }

    /** What the platform needs from the model that compiling could not provide, as findings. */
    private static List<Finding> checkRequirements(CompiledDevice device, PlatformManifest manifest) {
        if (!manifest.requires().contains(REQUIRES_HEADROOM) || !(device instanceof CompiledSwitch sw)) {
            return List.of();
        }
        List<Finding> findings = new ArrayList<>();
        for (CompiledPort port : sw.ports()) {
            if (!port.pfcPriorities().isEmpty() && port.headroom().isEmpty()) {
                // The asic line when there is one; else the switch itself (no asic written).
                Location where = sw.owner("asic") != null ? sw.owner("asic") : sw.owner("name");
                findings.add(Finding.of(RULE, Severity.ERROR, "cannot render " + sw.name() + " for platform "
                                + manifest.platform() + ": port " + port.name() + " carries lossless priorities "
                                + port.pfcPriorities() + " but has no computed headroom ("
                                + missingHeadroomCause(sw, port) + ")")
                        .at(port.cableLengthMetres() == null ? sw.owner("name") : where).onDevice(sw.name()).onPort(port.name()));
                break;
            }
        }
        return findings;
    }

    /** Why the compiler had no headroom for a lossless port, in the order the inputs are needed. */
    private static String missingHeadroomCause(CompiledSwitch sw, CompiledPort port) {
        if (sw.asic() == null) {
            return "the switch names no asic";
        }
        if (port.cableLengthMetres() == null) {
            return "the port has no link with a cable-length";
        }
        return "no usable ASIC profile for asic '" + sw.asic() + "'";
    }

    /** Makes every file end in one newline; JSON is re-written canonically. As UTF-8 bytes. */
    static byte[] finish(String output, String text) throws JsonException {
        if (output.endsWith(".json")) {
            return Json.canonical(text);
        }
        return endInOneNewline(text);
    }

    /**
     * {@code text.stripTrailing()} plus one newline (nothing for a blank text), as UTF-8, with one copy
     * fewer: the text is encoded once and the trailing white space cut from the bytes. Only an ASCII
     * tail is cut here; a text ending in any other character takes the String path, whose notion of
     * white space ({@link Character#isWhitespace}) covers more than ASCII.
     */
    static byte[] endInOneNewline(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] >= 0 && Character.isWhitespace(bytes[end - 1])) {
            end--;
        }
        if (end > 0 && bytes[end - 1] < 0) {
            String trimmed = text.stripTrailing();
            return (trimmed.isEmpty() ? "" : trimmed + "\n").getBytes(StandardCharsets.UTF_8);
        }
        if (end == 0) {
            return new byte[0];
        }
        byte[] out = java.util.Arrays.copyOf(bytes, end + 1);
        out[end] = '\n';
        return out;
    }

    private static DeviceOutput failed(String device, Finding finding) {
        return new DeviceOutput(device, Map.of(), List.of(finding));
    }

    private static DeviceResult await(Future<DeviceResult> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("rendering was interrupted", e);
        } catch (ExecutionException e) {
            // A bug, not a user mistake: let it surface with its cause.
            throw new IllegalStateException("rendering failed unexpectedly", e.getCause());
        }
    }
}
