package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a platform read over SSH commands (no NETCONF candidate) brings a drifted device back to
 * intent: an RFC 6902 JSON Patch from its running config to what Weft renders, applied inside a
 * checkpoint the device can roll back to. {@code weft remediate} takes a checkpoint, has the device
 * check the patch (a dry run), applies it, reads the device back with the pack's reader and rolls
 * back to the checkpoint unless it reads back in sync. The pack says what the patch holds and which
 * commands do each step; the commands that take the patch read it on standard input. {@link
 * JsonPatchTransaction} runs these commands as a {@link Transaction}.
 */
public interface PatchRemediation {

  /** The rendered file of the pack the intended config is taken from. */
  String renderedFile();

  /**
   * The patch that takes {@code running} to {@code rendered} in the parts of the config Weft owns,
   * each operation tagged with the feature (and port) it is about.
   *
   * @param what names the running config in messages
   * @throws ReadException when either text is not the platform's config document
   */
  Patch patch(CompiledSwitch intended, String rendered, String running, String what)
      throws ReadException;

  /** The command that saves the running config as checkpoint {@code name}. */
  String checkpoint(String name);

  /**
   * The command that applies the patch it reads on standard input; with {@code dryRun}, the one
   * that only checks it (the device's own validation) and changes nothing.
   */
  String applyPatch(boolean dryRun);

  /** The command that makes checkpoint {@code name} the running config again. */
  String rollback(String name);

  /** The command that deletes checkpoint {@code name}. */
  String deleteCheckpoint(String name);

  /**
   * One RFC 6902 operation.
   *
   * @param op {@code add}, {@code replace} or {@code remove}
   * @param path its JSON Pointer (RFC 6901), segments escaped
   * @param value the value of an add or replace; null for a remove
   * @param part the feature and port it brings back
   */
  record Op(String op, String path, Object value, DriftedPart part) {
    public Op {
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(part, "part");
    }

    /** The operation as a {@link Remediation.Step} of a plan. */
    public Remediation.Step step() {
      Remediation.Operation operation =
          switch (op) {
            case "add" -> Remediation.Operation.ADD;
            case "replace" -> Remediation.Operation.REPLACE;
            case "remove" -> Remediation.Operation.REMOVE;
            default -> throw new IllegalStateException("not an RFC 6902 op Weft sends: " + op);
          };
      return new Remediation.Step(part, operation, path);
    }
  }

  /** A patch: its operations in the order they are applied. */
  record Patch(List<Op> ops) {
    public Patch {
      ops = List.copyOf(ops);
    }

    public boolean isEmpty() {
      return ops.isEmpty();
    }

    /** The RFC 6902 document (a JSON array), as sent. */
    public String text() {
      List<Object> out = new ArrayList<>();
      for (Op o : ops) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("op", o.op());
        m.put("path", o.path());
        if (!o.op().equals("remove")) {
          m.put("value", o.value());
        }
        out.add(m);
      }
      return Json.write(out);
    }
  }

  /** An RFC 6901 reference token: {@code ~} as {@code ~0}, {@code /} as {@code ~1}. */
  static String escape(String segment) {
    return segment.replace("~", "~0").replace("/", "~1");
  }

  /** The JSON Pointer of these (unescaped) segments. */
  static String pointer(String... segments) {
    StringBuilder b = new StringBuilder();
    for (String s : segments) {
      b.append('/').append(escape(s));
    }
    return b.toString();
  }
}
