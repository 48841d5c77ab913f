package dev.weft.render;

import dev.weft.accel.Accelerators;
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
 * <p>Devices render in parallel; results come back in device order, so the same input gives the
 * same files, findings and summary in the same order. A device that cannot be rendered (unknown
 * platform, template error, missing headroom) gets {@code render-error} findings and writes no
 * file; the other devices still render. Files named {@code *.json} are written canonically (sorted
 * keys, four-space indent), so templates may emit JSON in any order and the output is always valid
 * JSON.
 */
public final class Renderer {
  /** Rule id of the findings that stop a device from rendering. */
  public static final String RULE = RenderGaps.RENDER_ERROR;

  /** Rule id of the warnings about tidying the output folder (stale files, the manifest). */
  public static final String OUTPUT_RULE = "render-output";

  /** Manifest {@code requires} value: lossless ports must carry computed headroom. */
  static final String REQUIRES_HEADROOM = "headroom";

  /** A manifest's {@code requires} word: every port's config holds a fixed speed. */
  static final String REQUIRES_SPEED = "speed";

  private final TemplateFolders folders;
  private final TemplateEngine engine;
  private final Platforms platforms;
  private final Map<String, Object> manifests = new ConcurrentHashMap<>();
  private final OutputCheck check;

  public Renderer(TemplateFolders folders) {
    this(folders, new TemplateEngine(folders));
  }

  public Renderer(TemplateFolders folders, TemplateEngine engine) {
    this(folders, engine, Platforms.builtIn());
  }

  /**
   * @param platforms the packs whose facts templates see and whose render checks stop a switch
   */
  public Renderer(TemplateFolders folders, TemplateEngine engine, Platforms platforms) {
    this(folders, engine, platforms, OutputCheck.NONE);
  }

  /**
   * @param check run on each device's files before they are written (translation validation); an
   *     error it finds keeps the device's files unwritten
   */
  public Renderer(
      TemplateFolders folders, TemplateEngine engine, Platforms platforms, OutputCheck check) {
    this.folders = folders;
    this.engine = engine;
    this.platforms = platforms;
    this.check = check;
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
  public RenderResult render(
      CompiledFabric fabric, RenderOptions options, RenderSink sink, RenderCache cache) {
    Pass pass = renderDevices(fabric, options, sink, cache);
    List<Finding> findings = new ArrayList<>(pass.findings());
    List<String> removed = finish(fabric, pass.selected(), cache, findings);
    return new RenderResult(pass.files(), findings, pass.unchanged(), removed, cache.active());
  }

  /**
   * Renders into the folder {@code out} device by device all or nothing: every device is rendered
   * into a staging folder ({@link StagingArea}) first, then the devices that rendered whole are
   * moved into place, devices no longer in the inventory removed and the manifest written. A device
   * that fails is that device's {@code render-error}: its folder in {@code out} is left exactly as
   * it was (no half-written device) and the manifest does not record it, so the next render tries
   * it again; the others still complete. A failure that is no device's (the output folder itself)
   * leaves {@code out} as it was and the result lists no file.
   *
   * @param reuse false for {@code --force}: render every device, even unchanged ones
   */
  public RenderResult renderInto(
      CompiledFabric fabric, RenderOptions options, java.nio.file.Path out, boolean reuse) {
    RenderCache cache = RenderCache.load(out, reuse);
    StagingArea stage;
    try {
      stage = StagingArea.in(out);
    } catch (IOException e) {
      return new RenderResult(
          List.of(),
          List.of(
              Finding.of(RULE, Severity.ERROR, "cannot write into " + out + ": " + e.getMessage())),
          List.of(),
          List.of(),
          true);
    }
    Pass pass = renderDevices(fabric, options, stage, cache);
    List<Finding> findings = new ArrayList<>(pass.findings());
    if (findings.stream().anyMatch(f -> f.severity() == Severity.ERROR && f.device() == null)) {
      discard(stage, findings);
      return new RenderResult(List.of(), findings, List.of(), List.of(), true);
    }
    Set<String> failed = new TreeSet<>();
    findings.stream()
        .filter(f -> f.severity() == Severity.ERROR)
        .forEach(f -> failed.add(f.device()));
    try {
      stage.commit(failed);
    } catch (IOException e) {
      discard(stage, findings);
      findings.add(
          Finding.of(
              RULE,
              Severity.ERROR,
              "cannot move the rendered files into "
                  + out
                  + ": "
                  + e.getMessage()
                  + " (the manifest was not written, so the next render writes every file again)"));
      return new RenderResult(List.of(), findings, List.of(), List.of(), true);
    }
    List<String> removed = finish(fabric, pass.selected(), cache, findings);
    List<RenderedFile> written =
        pass.files().stream().filter(f -> !failed.contains(f.device())).toList();
    return new RenderResult(written, findings, pass.unchanged(), removed, true);
  }

  private static void discard(StagingArea stage, List<Finding> findings) {
    try {
      stage.discard();
    } catch (IOException e) {
      findings.add(
          Finding.of(
              OUTPUT_RULE,
              Severity.WARNING,
              "cannot remove the staging folder " + StagingArea.FOLDER + ": " + e.getMessage()));
    }
  }

  /** What rendering the selected devices gave, before the output folder is tidied. */
  private record Pass(
      List<RenderedFile> files,
      List<Finding> findings,
      List<String> unchanged,
      List<CompiledDevice> selected) {}

  private Pass renderDevices(
      CompiledFabric fabric, RenderOptions options, RenderSink sink, RenderCache cache) {
    List<Finding> findings = new ArrayList<>();
    Set<String> known = fabric.byName().keySet();
    for (String wanted : options.devices()) {
      if (!known.contains(wanted)) {
        String hint = dev.weft.finding.DidYouMean.suggest(wanted, known);
        findings.add(
            Finding.of(
                    RULE,
                    Severity.ERROR,
                    "no device named '"
                        + wanted
                        + "' in the inventory"
                        + (hint == null ? "" : "; did you mean '" + hint + "'?"))
                .onDevice(wanted));
      }
    }
    List<CompiledDevice> selected =
        fabric.devices().stream().filter(d -> options.wants(d.name())).toList();
    List<RenderedFile> files = new ArrayList<>();
    List<String> unchanged = new ArrayList<>();
    ExecutorService pool =
        Executors.newFixedThreadPool(Math.min(options.threads(), Math.max(1, selected.size())));
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
    return new Pass(files, findings, unchanged, selected);
  }

  /**
   * Removes the files of devices that left the inventory and writes the manifest; returns the
   * removed devices.
   */
  private static List<String> finish(
      CompiledFabric fabric,
      List<CompiledDevice> selected,
      RenderCache cache,
      List<Finding> findings) {
    List<String> removed = new ArrayList<>();
    if (!cache.active()) {
      return removed;
    }
    Set<String> known = fabric.byName().keySet();
    Set<String> notSelected = new TreeSet<>(known);
    selected.forEach(d -> notSelected.remove(d.name()));
    cache.carryOver(notSelected);
    for (String gone : cache.goneFrom(known)) {
      try {
        for (String kept : cache.remove(gone)) {
          findings.add(
              Finding.of(
                      OUTPUT_RULE,
                      Severity.WARNING,
                      "left "
                          + gone
                          + "/"
                          + kept
                          + ": "
                          + gone
                          + " is no longer in the inventory, but the file was changed after Weft wrote it")
                  .onDevice(gone));
        }
        removed.add(gone);
      } catch (IOException e) {
        findings.add(
            Finding.of(
                    OUTPUT_RULE,
                    Severity.WARNING,
                    "cannot remove the files of "
                        + gone
                        + " (no longer in the inventory): "
                        + e.getMessage())
                .onDevice(gone));
      }
    }
    try {
      cache.write();
    } catch (IOException e) {
      findings.add(
          Finding.of(
              OUTPUT_RULE,
              Severity.WARNING,
              "cannot write the render manifest "
                  + RenderCache.FILE
                  + " (the next render will render every device): "
                  + e.getMessage()));
    }
    return removed;
  }

  /** The file names {@code platform}'s templates write, sorted; empty when it has no templates. */
  public List<String> outputs(String platform) {
    PlatformManifest manifest = manifestOrNull(platform);
    return manifest == null ? List.of() : List.copyOf(manifest.files().keySet());
  }

  /** The platform whose templates render {@code device} (a host's is its NIC's pack). */
  public static String platformOf(CompiledDevice device) {
    return DeviceContext.platformOf(device);
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
    Set<String> templates = new TreeSet<>();
    List<Blocker> blockers = blockers(device, platform);
    if (!blockers.isEmpty()) {
      if (blockers.get(0).cause() != Blocker.Cause.PLATFORM) {
        templates.add(platform + "/" + PlatformManifest.FILE);
      }
      return new Rendered(
          new DeviceOutput(name, Map.of(), blockers.stream().map(Blocker::finding).toList()),
          templates);
    }
    // what the platform's pack says it cannot render for this switch (an error) stops the device
    // too
    PlatformPack pack = pack(platform);
    if (device instanceof CompiledSwitch sw && pack != null) {
      List<Finding> checks = new ArrayList<>();
      pack.renderChecks(sw).stream()
          .filter(c -> c.severity() == Severity.ERROR)
          .forEach(checks::add);
      checks.addAll(RenderGaps.lagNames(sw, pack));
      if (!checks.isEmpty()) {
        templates.add(platform + "/" + PlatformManifest.FILE);
        return new Rendered(new DeviceOutput(name, Map.of(), checks), templates);
      }
    }
    PlatformManifest manifest = manifestOrNull(platform);
    templates.add(platform + "/" + PlatformManifest.FILE);
    List<Finding> findings = new ArrayList<>();
    Map<String, byte[]> files = new TreeMap<>();
    for (Map.Entry<String, String> entry : manifest.files().entrySet()) {
      String output = entry.getKey();
      TemplateEngine.Outcome outcome = engine.render(entry.getValue(), data);
      templates.add(entry.getValue());
      templates.addAll(outcome.included());
      if (!outcome.ok()) {
        for (TemplateProblem problem : outcome.problems()) {
          findings.add(
              Finding.of(
                      RULE,
                      Severity.ERROR,
                      "cannot render " + output + " for " + name + ": " + problem.message())
                  .at(new Location(problem.template(), problem.line(), 1))
                  .onDevice(name));
        }
        continue;
      }
      try {
        files.put(output, finish(output, outcome.text(), name, engine.accelerators()));
      } catch (JsonException e) {
        findings.add(
            Finding.of(
                    RULE,
                    Severity.ERROR,
                    "cannot render "
                        + output
                        + " for "
                        + name
                        + ": the template wrote invalid JSON (output line "
                        + e.getMessage()
                        + ")")
                .at(new Location(engine.shownAs(entry.getValue()), 1, 1))
                .onDevice(name));
      }
    }
    DeviceOutput output =
        findings.isEmpty()
            ? new DeviceOutput(name, files, List.of())
            : new DeviceOutput(name, Map.of(), findings);
    return new Rendered(output, templates);
  }

  /**
   * One device's part of a render: files written, findings, or the name of a device left unchanged.
   */
  private record DeviceResult(List<RenderedFile> files, List<Finding> findings, String unchanged) {}

  private DeviceResult renderAndWrite(
      CompiledDevice device, String fabric, RenderSink sink, RenderCache cache) {
    String platform = DeviceContext.platformOf(device);
    Map<String, Object> own = DeviceContext.own(device, fabric);
    PlatformPack facts = pack(platform);
    RenderCache.Input input =
        cache.active()
            ? cache.input(platform, own, facts == null ? "" : facts.dataFingerprint(), folders)
            : null;
    if (input != null) {
      RenderCache.Entry same = cache.unchanged(device.name(), input);
      if (same != null) {
        cache.record(device.name(), same);
        return new DeviceResult(List.of(), List.of(), device.name());
      }
    }
    Rendered rendered =
        renderWith(device, platform, DeviceContext.complete(device, own, pack(platform)));
    DeviceOutput output = rendered.output();
    if (!output.findings().isEmpty()) {
      return new DeviceResult(List.of(), output.findings(), null);
    }
    List<Finding> checked = check.check(device, output.files());
    if (checked.stream().anyMatch(f -> f.severity() == Severity.ERROR)) {
      return new DeviceResult(List.of(), checked, null);
    }
    List<RenderedFile> written = new ArrayList<>();
    Map<String, RenderCache.FileState> states = new TreeMap<>();
    for (Map.Entry<String, byte[]> file : output.files().entrySet()) {
      try {
        sink.accept(device.name(), file.getKey(), file.getValue());
      } catch (IOException e) {
        return new DeviceResult(
            written,
            List.of(
                Finding.of(
                        RULE,
                        Severity.ERROR,
                        "cannot write "
                            + file.getKey()
                            + " for "
                            + device.name()
                            + ": "
                            + e.getMessage())
                    .onDevice(device.name())),
            null);
      }
      written.add(new RenderedFile(device.name(), file.getKey(), file.getValue().length));
      if (input != null) {
        states.put(file.getKey(), RenderCache.stateOf(file.getValue()));
      }
    }
    if (input != null) {
      cache.record(
          device.name(),
          new RenderCache.Entry(
              input.with(rendered.templates()),
              new TreeSet<>(rendered.templates()),
              new TreeMap<>(states)));
    }
    return new DeviceResult(written, checked, null);
  }

  private PlatformManifest manifest(String platform) throws TemplateAccessException {
    Object cached =
        manifests.computeIfAbsent(
            String.valueOf(platform),
            p -> {
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

  /**
   * Why a device cannot be rendered, known before any template runs: its platform has no templates,
   * or the templates require what compiling could not provide (the computed headroom of every
   * lossless port).
   *
   * @param finding the {@code render-error} finding, exactly as {@code weft render} reports it
   * @param cause what is missing
   */
  public record Blocker(Finding finding, Cause cause) {

    /**
     * What is missing; {@link #rule()} names the policy rule that reports the same cause at the
     * same place.
     */
    public enum Cause {
      PLATFORM(null),
      NO_ASIC(null),
      NO_ASIC_PROFILE("asic-profile-missing"),
      NO_LINK(null),
      CABLE_DEFAULT(null),
      NO_CABLE_LENGTH("cable-length-missing"),
      NO_SPEED(null),
      NO_PAUSE_QUANTA("headroom-uncomputable"),
      NO_HEADROOM(null);

      private final String rule;

      Cause(String rule) {
        this.rule = rule;
      }

      /** The warning rule whose finding at the same place this error replaces, or null. */
      public String rule() {
        return rule;
      }
    }
  }

  /**
   * Every device of {@code fabric} that cannot be rendered, with the same finding {@link #render}
   * would give it: {@code weft validate} reports these, so a validate that passes means every
   * device renders. Cheap (no template runs), in device order.
   */
  public List<Blocker> preflight(CompiledFabric fabric) {
    List<Blocker> out = new ArrayList<>();
    for (CompiledDevice device : fabric.devices()) {
      out.addAll(blockers(device, DeviceContext.platformOf(device)));
    }
    return out;
  }

  /**
   * Every reason {@code device} cannot be rendered: its platform, or each lossless port without the
   * headroom the templates need (a cause of the whole switch, no asic or no ASIC profile, is given
   * once).
   */
  private List<Blocker> blockers(CompiledDevice device, String platform) {
    PlatformManifest manifest;
    try {
      manifest = manifest(platform);
    } catch (TemplateAccessException e) {
      return List.of(
          new Blocker(
              Finding.of(
                      RULE,
                      Severity.ERROR,
                      "cannot render " + device.name() + ": " + e.getMessage())
                  .at(device.owner("platform"))
                  .onDevice(device.name()),
              Blocker.Cause.PLATFORM));
    }
    return requirements(device, manifest);
  }

  private PlatformManifest manifestOrNull(String platform) {
    try {
      return manifest(platform);
    } catch (TemplateAccessException e) {
      return null; // blockers() already reported it
    }
  }

  /**
   * The lossless ports whose headroom the platform's templates need and compiling could not
   * provide.
   */
  private static List<Blocker> requirements(CompiledDevice device, PlatformManifest manifest) {
    if (!(device instanceof CompiledSwitch sw)) {
      return List.of();
    }
    List<Blocker> out = new ArrayList<>();
    if (manifest.requires().contains(REQUIRES_SPEED)) {
      out.addAll(unfixedSpeeds(sw, manifest));
    }
    if (!manifest.requires().contains(REQUIRES_HEADROOM)) {
      return out;
    }
    for (CompiledPort port : sw.ports()) {
      boolean speedAlreadyReported =
          port.speedGbps() == null && manifest.requires().contains(REQUIRES_SPEED);
      if (!port.pfcPriorities().isEmpty() && port.headroom().isEmpty() && !speedAlreadyReported) {
        Blocker.Cause cause = missingHeadroomCause(sw, port);
        // at the place of the cause, where the intent must change (and a warning about it would
        // point)
        Location where =
            switch (cause) {
              case NO_ASIC -> sw.owner("name");
              case NO_ASIC_PROFILE -> sw.owner("asic");
              case NO_LINK -> port.owner("name");
              case CABLE_DEFAULT -> port.owner("cable_length_m");
              case NO_CABLE_LENGTH -> port.owner("peer");
              case NO_SPEED, NO_PAUSE_QUANTA ->
                  port.owner("speed_gbps") != null ? port.owner("speed_gbps") : port.owner("name");
              default -> sw.owner("name");
            };
        boolean wholeSwitch =
            cause == Blocker.Cause.NO_ASIC || cause == Blocker.Cause.NO_ASIC_PROFILE;
        out.add(
            new Blocker(
                Finding.of(
                        RULE,
                        Severity.ERROR,
                        cannotRender(sw, manifest)
                            + (wholeSwitch
                                ? "its lossless ports (" + port.name() + " first)"
                                : "port " + port.name())
                            + " carr"
                            + (wholeSwitch ? "y" : "ies")
                            + " lossless priorities "
                            + port.pfcPriorities()
                            + " but "
                            + (wholeSwitch ? "have" : "has")
                            + " no computed headroom ("
                            + explain(cause, sw, port)
                            + ")")
                    .at(where)
                    .onDevice(sw.name())
                    .onPort(wholeSwitch ? null : port.name()),
                cause));
        if (wholeSwitch) {
          break;
        }
      }
    }
    return out;
  }

  /**
   * The ports with no fixed speed ({@code speed: auto}) on a platform whose config must hold one
   * (SONiC: {@code speed} is mandatory in sonic-port.yang's PORT list), one finding each at the
   * line that says auto.
   */
  private static List<Blocker> unfixedSpeeds(CompiledSwitch sw, PlatformManifest manifest) {
    List<Blocker> out = new ArrayList<>();
    for (CompiledPort port : sw.ports()) {
      if (port.speedGbps() == null) {
        Location where =
            port.owner("speed_gbps") != null ? port.owner("speed_gbps") : port.owner("name");
        out.add(
            new Blocker(
                Finding.of(
                        RULE,
                        Severity.ERROR,
                        cannotRender(sw, manifest)
                            + "port "
                            + port.name()
                            + " has no fixed speed (speed: auto), and the platform's port"
                            + " configuration requires one; write the speed the port runs at")
                    .at(where)
                    .onDevice(sw.name())
                    .onPort(port.name()),
                Blocker.Cause.NO_SPEED));
      }
    }
    return out;
  }

  private static String cannotRender(CompiledSwitch sw, PlatformManifest manifest) {
    return "cannot render " + sw.name() + " for platform " + manifest.platform() + ": ";
  }

  /** Why the compiler had no headroom for a lossless port, in the order the inputs are needed. */
  private static Blocker.Cause missingHeadroomCause(CompiledSwitch sw, CompiledPort port) {
    if (sw.asic() == null) {
      return Blocker.Cause.NO_ASIC;
    }
    if (sw.asicProfileVersion() == null) {
      return Blocker.Cause.NO_ASIC_PROFILE;
    }
    if (port.cableLengthMetres() == null && port.owner("cable_length_m") != null) {
      return Blocker.Cause.CABLE_DEFAULT; // cable-length: default, the line that says so
    }
    if (port.peer() == null && port.cableLengthMetres() == null) {
      return Blocker.Cause.NO_LINK;
    }
    if (port.cableLengthMetres() == null) {
      return Blocker.Cause.NO_CABLE_LENGTH;
    }
    if (port.speedGbps() == null) {
      return Blocker.Cause.NO_SPEED;
    }
    if (dev.weft.compile.PauseQuanta.forSpeed(port.speedGbps()).isEmpty()) {
      return Blocker.Cause.NO_PAUSE_QUANTA;
    }
    return Blocker.Cause.NO_HEADROOM;
  }

  private static String explain(Blocker.Cause cause, CompiledSwitch sw, CompiledPort port) {
    return switch (cause) {
      case NO_ASIC ->
          "the switch names no asic; add asic: (e.g. spectrum-4) so Weft can size its headroom";
      case NO_ASIC_PROFILE -> "no ASIC profile for asic '" + sw.asic() + "'";
      case NO_LINK -> "the port has no link, so no cable length to size it from";
      case CABLE_DEFAULT ->
          "cable-length: default leaves the headroom to the platform, but this platform's file"
              + " carries the headroom Weft sizes from a length; write the cable's length, e.g."
              + " cable-length: 3m";
      case NO_CABLE_LENGTH -> "its link has no cable-length; add one, e.g. cable-length: 30m";
      case NO_SPEED ->
          "the port has no fixed speed (speed: auto); write the speed it runs at, or pin its"
              + " headroom";
      case NO_PAUSE_QUANTA -> "no sourced pause-quanta value for " + port.speedGbps() + "G";
      default -> "the port's MTU or the NIC MTU is not set";
    };
  }

  /** Makes every file end in one newline; JSON is re-written canonically. As UTF-8 bytes. */
  static byte[] finish(String output, String text, String device, Accelerators accelerators)
      throws JsonException {
    if (output.endsWith(".json")) {
      return Json.canonical(text, device + "/" + output, accelerators);
    }
    return endInOneNewline(text);
  }

  /**
   * {@code text.stripTrailing()} plus one newline (nothing for a blank text), as UTF-8, with one
   * copy fewer: the text is encoded once and the trailing white space cut from the bytes. Only an
   * ASCII tail is cut here; a text ending in any other character takes the String path, whose
   * notion of white space ({@link Character#isWhitespace}) covers more than ASCII.
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
