package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How a NETCONF platform brings drifted parts of a device back to intent: the smallest {@code
 * <edit-config>} payload, in the platform's own model, that touches exactly those parts. A pack
 * offers it through {@link LiveProfile#remediation()}; {@code weft remediate} pushes it with
 * candidate, validate and confirmed commit and checks the result by reading the device back with
 * the same pack's reader.
 *
 * <p>The values come from what the pack's templates render for the intended switch ({@link
 * #renderedFile()}), never from a second description of the model: the subtrees of that rendered
 * {@code <config>} that hold the drifted parts are sent with {@code nc:operation} merge or replace,
 * and what the intent does not have there is removed.
 */
public interface Remediation {

  /** The rendered file of the pack whose {@code <config>} the edit is cut from. */
  default String renderedFile() {
    return "config.xml";
  }

  /**
   * @param intended the intended switch (its ports name the list entries to edit)
   * @param rendered what the pack's templates render for it: {@link #renderedFile()}
   * @param drifted the parts to bring back to intent
   * @throws ReadException when {@code rendered} is not the pack's {@code <config>} document
   */
  Edit edit(CompiledSwitch intended, String rendered, Collection<DriftedPart> drifted)
      throws ReadException;

  /** How one subtree is changed (RFC 6241 §7.2). */
  enum Operation {
    /** RFC 6902 {@code add} (a JSON Patch): create the member, or set it. */
    ADD,
    /** Set the leaves given, keep the rest. */
    MERGE,
    /** Make the subtree exactly what is given (its other children go). */
    REPLACE,
    /** Delete the subtree if the device has it. */
    REMOVE;

    /** The {@code nc:operation} value. */
    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One subtree of the edit.
   *
   * @param part the drifted part it brings back
   * @param operation merge, replace or remove
   * @param path where, in the platform's model, as drift findings name places ({@code
   *     /interfaces/interface[Ethernet8]/config/mtu})
   */
  record Step(DriftedPart part, Operation operation, String path) {
    public Step {
      Objects.requireNonNull(part, "part");
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(path, "path");
    }
  }

  /**
   * The edit for one device.
   *
   * @param config the {@code <config>} element for {@code <edit-config>}, or null when no part can
   *     be edited
   * @param steps each subtree it changes, by part
   * @param notRemediable parts this platform's edit does not change, each with the reason
   * @param kind what {@code config} is, as reports name it: {@code edit-config} (a NETCONF {@code
   *     <config>}), or the {@link Transaction.Change#kind()} of an SSH platform's edit: {@code
   *     json-patch} (an RFC 6902 patch, {@link PatchRemediation}), {@code nvue-patch}
   */
  record Edit(
      String config, List<Step> steps, SortedMap<DriftedPart, String> notRemediable, String kind) {
    public Edit {
      steps = List.copyOf(steps);
      notRemediable = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(notRemediable));
      Objects.requireNonNull(kind, "kind");
      if ((config == null) != steps.isEmpty()) {
        throw new IllegalArgumentException("an edit has a <config> exactly when it has steps");
      }
    }

    /** A NETCONF edit: {@code config} is the {@code <config>} of an {@code <edit-config>}. */
    public Edit(String config, List<Step> steps, SortedMap<DriftedPart, String> notRemediable) {
      this(config, steps, notRemediable, "edit-config");
    }

    /** Nothing to send. */
    public boolean isEmpty() {
      return config == null;
    }

    /** An edit that changes nothing, with why each part cannot be edited. */
    public static Edit none(Map<DriftedPart, String> notRemediable) {
      return new Edit(null, List.of(), new TreeMap<>(notRemediable));
    }
  }
}
