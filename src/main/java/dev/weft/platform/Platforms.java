package dev.weft.platform;

import dev.weft.model.SwitchPlatforms;
import dev.weft.model.Transport;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The platform packs Weft ships, found through {@link ServiceLoader} (each pack's class is one line
 * of {@code META-INF/services/dev.weft.platform.PlatformPack}). Everything that needs the list of
 * platforms (the intent schema's {@code platform} enum, the live registry, the docs) asks here.
 */
public final class Platforms {

  private final Map<String, PlatformPack> byId;

  private Platforms(Map<String, PlatformPack> byId) {
    this.byId = Collections.unmodifiableMap(new TreeMap<>(byId));
  }

  /** The built-in packs. */
  public static Platforms builtIn() {
    Map<String, PlatformPack> packs = new TreeMap<>();
    for (PlatformPack pack :
        ServiceLoader.load(PlatformPack.class, Platforms.class.getClassLoader())) {
      PlatformPack before = packs.put(pack.id(), pack);
      if (before != null) {
        throw new IllegalStateException(
            "two platform packs claim '"
                + pack.id()
                + "': "
                + before.getClass().getName()
                + " and "
                + pack.getClass().getName());
      }
    }
    return new Platforms(packs);
  }

  /**
   * The built-in packs with the project's platform data (user HWSKU profiles): what a run whose
   * project names some uses everywhere it asks a pack.
   */
  public static Platforms builtIn(PlatformData data) {
    Platforms packs = builtIn();
    if (data == null || data.equals(PlatformData.NONE)) {
      return packs;
    }
    return of(packs.all().stream().map(p -> p.withData(data)).toList());
  }

  /** Exactly these packs (tests, and users' builds that add their own). */
  public static Platforms of(List<PlatformPack> packs) {
    Map<String, PlatformPack> byId = new TreeMap<>();
    packs.forEach(p -> byId.put(p.id(), p));
    return new Platforms(byId);
  }

  public Optional<PlatformPack> pack(String id) {
    return Optional.ofNullable(id == null ? null : byId.get(id));
  }

  /** Every pack, by id. */
  public List<PlatformPack> all() {
    return List.copyOf(byId.values());
  }

  /** The ids a switch's {@code platform} may take, sorted. */
  public SortedSet<String> switchPlatforms() {
    SortedSet<String> ids = new TreeSet<>();
    byId.values().stream().filter(p -> p.kind() == DeviceKind.SWITCH).forEach(p -> ids.add(p.id()));
    return Collections.unmodifiableSortedSet(ids);
  }

  /** The switch platforms with their fabric transport, for the intent stage. */
  public SwitchPlatforms switches() {
    Map<String, Transport> ids = new TreeMap<>();
    byId.values().stream()
        .filter(p -> p.kind() == DeviceKind.SWITCH)
        .forEach(p -> ids.put(p.id(), p.fabricTransport()));
    return SwitchPlatforms.of(ids);
  }

  /** The live profile of a platform, or empty when it cannot be audited. */
  public Optional<LiveProfile> live(String platform) {
    return pack(platform).flatMap(PlatformPack::live);
  }

  /** Why a platform cannot be audited, for the device's status. */
  public String missingLive(String platform) {
    SortedSet<String> live = new TreeSet<>();
    byId.values().stream().filter(p -> p.live().isPresent()).forEach(p -> live.add(p.id()));
    return "platform '"
        + platform
        + "' has no live profile (platforms that can be audited: "
        + String.join(", ", live)
        + ")";
  }
}
