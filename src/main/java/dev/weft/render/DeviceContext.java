package dev.weft.render;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The data a template sees for one device: the compiled device's plain-value view (see {@link
 * TemplateData#of(CompiledDevice)}) plus the fabric name and, for switches, the named lossless
 * buffer profiles ({@code buffer_profiles}, {@code buffer_pgs}: see {@link BufferProfiles}) and the
 * DSCP map grouped by priority ({@code dscp_by_priority}), and {@code facts}: what the rendering
 * platform's pack knows that the compiled switch does not ({@link PlatformPack#templateData}, e.g.
 * SONiC's HWSKU port lanes and buffer pools, each platform's spelling of the ECMP hash fields).
 * Only maps, lists, strings, numbers and booleans: nothing a template could call a method on.
 */
final class DeviceContext {
  /** The platform whose templates render hosts (RDMA NICs). */
  static final String HOST_PLATFORM = "connectx";

  /**
   * The keys {@link #complete} adds, computed from the device's own view (ports, DSCP map): a
   * function of the rest of the data and of the Weft build, so the render fingerprint leaves them
   * out (see {@link RenderCache#input}) rather than encode the same facts again (they were a third
   * of it), and a device the manifest shows unchanged never builds them.
   */
  static final Set<String> DERIVED =
      Set.of("buffer_profiles", "buffer_pgs", "dscp_by_priority", "port_queues", "facts");

  private DeviceContext() {}

  /**
   * Everything a template sees for {@code device}, with the facts of its own platform's built-in
   * pack.
   */
  static Map<String, Object> of(CompiledDevice device, String fabric) {
    return complete(device, own(device, fabric));
  }

  /**
   * Everything a template sees for {@code device} rendered with {@code pack}'s templates (null: no
   * pack).
   */
  static Map<String, Object> of(CompiledDevice device, String fabric, PlatformPack pack) {
    return complete(device, own(device, fabric), pack);
  }

  /** The device's own view plus the fabric name: what the render fingerprint encodes. */
  static Map<String, Object> own(CompiledDevice device, String fabric) {
    return TemplateView.with(TemplateData.of(device), "fabric", fabric == null ? "" : fabric);
  }

  /**
   * {@code own} (from {@link #own}) with the {@link #DERIVED} keys of a switch added (its own
   * platform's facts).
   */
  static Map<String, Object> complete(CompiledDevice device, Map<String, Object> own) {
    return complete(device, own, Platforms.builtIn().pack(platformOf(device)).orElse(null));
  }

  /**
   * {@code own} with the {@link #DERIVED} keys of a switch added, the facts from {@code pack} (may
   * be null).
   */
  static Map<String, Object> complete(
      CompiledDevice device, Map<String, Object> own, PlatformPack pack) {
    if (!(device instanceof CompiledSwitch sw)) {
      return own;
    }
    Map<String, Object> data = new TreeMap<>(own);
    BufferProfiles.Plan buffers = BufferProfiles.of(sw);
    data.put(
        "buffer_profiles", buffers.profiles().stream().map(BufferProfiles.Profile::view).toList());
    data.put("buffer_pgs", buffers.bindings().stream().map(BufferProfiles.Binding::view).toList());
    data.put("dscp_by_priority", dscpByPriority(sw));
    data.put("port_queues", portQueues(data));
    Map<String, Object> facts = pack == null ? Map.of() : pack.templateData(sw);
    if (!facts.isEmpty()) {
      data.put("facts", facts);
    }
    return Collections.unmodifiableMap(data);
  }

  /**
   * Every (port, queue) pair, in port order then queue order: each port's queue map plus {@code
   * port} (the port name), so a template writes per-port queue tables in one loop instead of one
   * nested loop per port.
   */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> portQueues(Map<String, Object> data) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> port : (List<Map<String, Object>>) data.get("ports")) {
      Object name = port.get("name");
      for (Map<String, Object> queue : (List<Map<String, Object>>) port.get("queues")) {
        out.add(TemplateView.with(queue, "port", name));
      }
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * The DSCP map turned around: one entry per priority that some code point maps to, ascending,
   * with its code points ascending (OpenConfig classifier terms, EOS map lines).
   */
  private static List<Map<String, Object>> dscpByPriority(CompiledSwitch sw) {
    Map<Integer, List<Integer>> byPriority = new TreeMap<>();
    sw.dscpToPriority()
        .forEach(
            (dscp, priority) ->
                byPriority.computeIfAbsent(priority, p -> new ArrayList<>()).add(dscp));
    List<Map<String, Object>> out = new ArrayList<>();
    byPriority.forEach(
        (priority, dscps) -> out.add(Map.of("priority", priority, "dscp", List.copyOf(dscps))));
    return out;
  }

  /**
   * The template folder a device renders with: its platform for a switch, {@code connectx} for a
   * host.
   */
  static String platformOf(CompiledDevice device) {
    if (device instanceof CompiledSwitch sw) {
      return sw.platform();
    }
    if (device instanceof CompiledHost) {
      return HOST_PLATFORM;
    }
    return null;
  }
}
