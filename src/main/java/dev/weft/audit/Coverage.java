package dev.weft.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What one audit report covers, so shard reports prove after the fact that together they audited
 * the inventory once: the inventory revision, the shard, the devices the shard owned, and how many
 * devices the whole split had (with a digest of their names). A merged or unsharded report covers
 * all of them.
 *
 * @param revision the inventory's content digest ({@link #revision}): shards of one night read the
 *     same files
 * @param index the shard, 1..count
 * @param count how many shards the split had (1 for an unsharded or merged report)
 * @param devices the devices this report owned, in name order
 * @param total how many devices the whole split had
 * @param universe a digest of the whole split's device names
 */
public record Coverage(
    String revision, int index, int count, List<String> devices, int total, String universe) {

  public Coverage {
    devices = List.copyOf(new TreeSet<>(devices));
  }

  /** The coverage of {@code shard} among {@code all}. */
  public static Coverage of(String revision, Shard shard, Collection<String> all) {
    return new Coverage(
        revision,
        shard.index(),
        shard.count(),
        shard.of(all),
        new TreeSet<>(all).size(),
        digest(new TreeSet<>(all)));
  }

  /** Every device of the split is in this report. */
  public boolean complete() {
    return devices.size() == total;
  }

  /**
   * The shards' coverages as the one coverage of their merge; a shard missing or given twice, a
   * device in two shards or in none, shards of different inventory revisions or of different counts
   * are each refused with an {@link IllegalArgumentException} naming them.
   */
  public static Coverage merge(List<Coverage> shards) {
    Coverage first = shards.get(0);
    Map<Integer, Coverage> byIndex = new TreeMap<>();
    Map<String, Integer> owner = new TreeMap<>();
    for (Coverage c : shards) {
      if (c.count != first.count) {
        throw new IllegalArgumentException(
            "the reports are of different shard counts: shard "
                + first.index
                + "/"
                + first.count
                + " and shard "
                + c.index
                + "/"
                + c.count
                + ": merge the N reports of one split");
      }
      if (!c.revision.equals(first.revision) || !c.universe.equals(first.universe)) {
        throw new IllegalArgumentException(
            "the reports are of different inventory revisions: shard "
                + first.index
                + "/"
                + first.count
                + " read "
                + first.revision
                + ", shard "
                + c.index
                + "/"
                + c.count
                + " read "
                + c.revision
                + (c.revision.equals(first.revision)
                    ? " with another device selection (--device)"
                    : "")
                + ": rerun the shards on one commit");
      }
      if (byIndex.put(c.index, c) != null) {
        throw new IllegalArgumentException("shard " + c.index + "/" + c.count + " is given twice");
      }
      for (String d : c.devices) {
        Integer before = owner.put(d, c.index);
        if (before != null) {
          throw new IllegalArgumentException(
              "device "
                  + d
                  + " is in shard "
                  + before
                  + "/"
                  + c.count
                  + " and in shard "
                  + c.index
                  + "/"
                  + c.count
                  + ": the shards overlap");
        }
      }
    }
    List<String> missing = new ArrayList<>();
    for (int k = 1; k <= first.count; k++) {
      if (!byIndex.containsKey(k)) {
        missing.add(k + "/" + first.count);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "shard "
              + String.join(", ", missing)
              + (missing.size() == 1 ? " is" : " are")
              + " missing: no report for "
              + (missing.size() == 1 ? "it" : "them")
              + " among the "
              + shards.size()
              + " given, so "
              + (first.total - owner.size())
              + " of "
              + first.total
              + " devices were not audited (did that task fail or not run?)");
    }
    if (owner.size() != first.total || !digest(owner.keySet()).equals(first.universe)) {
      throw new IllegalArgumentException(
          "the "
              + first.count
              + " shards together own "
              + owner.size()
              + " of "
              + first.total
              + " devices: a gap (were the shards computed by one Weft version?)");
    }
    return new Coverage(
        first.revision, 1, 1, List.copyOf(owner.keySet()), first.total, first.universe);
  }

  /** A digest of text: the revision of an inventory's files, or of a split's device names. */
  public static String digest(Collection<String> parts) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String p : parts) {
        byte[] b = p.getBytes(StandardCharsets.UTF_8);
        sha.update(Integer.toString(b.length).getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) ':');
        sha.update(b);
      }
      return "sha256:" + HexFormat.of().formatHex(sha.digest(), 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
