package dev.weft.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * {@code --shard K/N}: the devices runner K of N audits. A device belongs to the shard its name hashes to
 * (SHA-256, so the split is even on any naming scheme), never to a position in a list: adding or removing a
 * device moves no other device between shards, and every runner computes the same split on its own.
 *
 * @param index 1..count
 * @param count how many shards
 */
public record Shard(int index, int count) {

    public static final Shard ALL = new Shard(1, 1);
    static final int MAX_SHARDS = 10_000;

    public Shard {
        if (count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
            throw new IllegalArgumentException("--shard must be K/N with 1 <= K <= N <= " + MAX_SHARDS
                    + ", found " + index + "/" + count);
        }
    }

    /** Parses {@code K/N}, e.g. {@code 2/4}. */
    public static Shard parse(String text) {
        String[] parts = text == null ? new String[0] : text.trim().split("/", -1);
        if (parts.length != 2 || !parts[0].matches("[0-9]{1,5}") || !parts[1].matches("[0-9]{1,5}")) {
            throw new IllegalArgumentException("--shard must be K/N (e.g. 2/4), found '" + text + "'");
        }
        return new Shard(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    public boolean selects(String device) {
        return bucket(device, count) == index - 1;
    }

    public boolean all() {
        return count == 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }

    /** The 0-based shard of a device name among {@code count}. */
    static int bucket(String device, int count) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(device.getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = (v << 8) | (h[i] & 0xff);
            }
            return (int) Long.remainderUnsigned(v, count);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
