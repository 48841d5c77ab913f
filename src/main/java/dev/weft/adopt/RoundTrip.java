package dev.weft.adopt;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftAudit;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Platforms;
import dev.weft.render.Renderer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The proof of an import: the new inventory, compiled and rendered, against the configs it came
 * from. Each device's compiled switch is compared with the imported one feature by feature exactly
 * as {@code weft drift} compares intent with a device ({@link DriftAudit#comparable}, {@link
 * Drift#compare}), so every difference is a {@code drift-*} finding naming the intent line; the
 * render's own findings and the settings outside Weft's model ({@link OutsideModel}) follow.
 */
public final class RoundTrip {

  private RoundTrip() {}

  /**
   * The round trip's findings, sorted; empty when the inventory reproduces every imported feature.
   */
  public static List<Finding> check(
      CompiledFabric compiled, ImportResult imported, Platforms platforms, Renderer renderer) {
    Map<String, CompiledSwitch> intended = new TreeMap<>();
    compiled.switches().forEach(s -> intended.put(s.name(), s));
    List<Finding> out = new ArrayList<>();
    for (Map.Entry<String, CompiledSwitch> e : imported.devices().entrySet()) {
      CompiledSwitch want = intended.get(e.getKey());
      DeviceConfig config = imported.configs().get(e.getKey());
      if (want == null) {
        out.add(
            Finding.of(
                    ImportIds.UNREADABLE,
                    Severity.ERROR,
                    e.getKey()
                        + ": the imported inventory has no switch"
                        + " of this name after compiling")
                .at(Location.ofFile(config.file()))
                .onDevice(e.getKey())
                .withValues("a compiled switch", "none"));
        continue;
      }
      LiveProfile profile = platforms.live(want.platform()).orElseThrow();
      out.addAll(
          Drift.compare(
              DriftAudit.comparable(want, profile),
              e.getValue(),
              Tolerance.of(want),
              profile.paths(),
              profile.notAudited().keySet()));
      Renderer.DeviceOutput rendered = renderer.renderDevice(want, compiled.fabric());
      out.addAll(rendered.findings());
      String main = mainFile(rendered);
      if (main != null) {
        out.addAll(OutsideModel.of(config, main, profile));
      }
    }
    out.sort(Finding.ORDER);
    return List.copyOf(out);
  }

  /** The rendered file that holds the device's config (the one file, or the one a device loads). */
  private static String mainFile(Renderer.DeviceOutput out) {
    for (String name : List.of("config.xml", "config_db.json")) {
      byte[] b = out.files().get(name);
      if (b != null) {
        return new String(b, StandardCharsets.UTF_8);
      }
    }
    return null;
  }
}
