package dev.weft.render;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** Keeps rendered files in memory, keyed {@code device/file}; for tests, diffs and drift. */
public final class MemorySink implements RenderSink {
  private final Map<String, byte[]> files = new TreeMap<>();

  @Override
  public synchronized void accept(String device, String file, byte[] content) {
    files.put(device + "/" + file, content.clone());
  }

  /** {@code device/file} → content, sorted by key. */
  public synchronized Map<String, byte[]> files() {
    return Collections.unmodifiableMap(new TreeMap<>(files));
  }
}
