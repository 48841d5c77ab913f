package dev.weft.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code --shard K/N}: the devices runner K of N audits. The devices are laid out in the order of
 * their names' SHA-256 (a ring no naming scheme can bias) and the ring is cut into N consecutive
 * runs whose sizes differ by at most one: runner K takes run K. Every runner computes the same cut
 * on its own from the inventory.
 *
 * <p>The trade-off (docs/audit.md): a pure hash bucket (or rendezvous hashing) moves no device when
 * another is added but leaves shards uneven (1, 0 and 5 devices of six over three shards); cutting
 * the hash order into runs keeps the sizes within one and still moves few: a device added or
 * removed shifts each of the N - 1 cuts by at most one place, so at most N - 1 other devices change
 * shard, each to a neighbouring one.
 *
 * @param index 1..count
 * @param count how many shards
 */
public record Shard(int index, int count) {

  public static final Shard ALL = new Shard(1, 1);
  static final int MAX_SHARDS = 10_000;

  public Shard {
    if (count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
      throw new IllegalArgumentException(
          "--shard must be K/N with 1 <= K <= N <= "
              + MAX_SHARDS
              + ", found "
              + index
              + "/"
              + count);
    }
  }

  /** Parses {@code K/N}, e.g. {@code 2/4}. */
  public static Shard parse(String text) {
    String[] parts = text == null ? new String[0] : text.trim().split("/", -1);
    if (parts.length != 2 || !parts[0].matches("[0-9]{1,5}") || !parts[1].matches("[0-9]{1,5}")) {
      throw new IllegalArgumentException(
          "--shard must be K/N (e.g. 2/4) or auto, found '" + text + "'");
    }
    return new Shard(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
  }

  /** This shard's devices among {@code all} (duplicates count once), in name order. */
  public List<String> of(Collection<String> all) {
    List<String> ring = ring(all);
    int from = start(index - 1, ring.size());
    int to = start(index, ring.size());
    return List.copyOf(new TreeSet<>(ring.subList(from, to)));
  }

  public boolean all() {
    return count == 1;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }

  /**
   * Where run {@code k} (0-based) starts among {@code size} devices: sizes of consecutive runs
   * differ by ≤ 1.
   */
  private int start(int k, int size) {
    return (int) ((long) k * size / count);
  }

  /** The devices in the order of their hash (name breaks a tie, so the order is total). */
  static List<String> ring(Collection<String> all) {
    Map<String, Long> hashes = new HashMap<>();
    new TreeSet<>(all).forEach(d -> hashes.put(d, hash(d)));
    List<String> ring = new ArrayList<>(hashes.keySet());
    ring.sort(
        Comparator.<String, Long>comparing(hashes::get, Long::compareUnsigned)
            .thenComparing(Comparator.naturalOrder()));
    return ring;
  }

  /** The first 64 bits of the name's SHA-256. */
  static long hash(String device) {
    try {
      byte[] h =
          MessageDigest.getInstance("SHA-256").digest(device.getBytes(StandardCharsets.UTF_8));
      long v = 0;
      for (int i = 0; i < 8; i++) {
        v = (v << 8) | (h[i] & 0xff);
      }
      return v;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
