package dev.weft.platform.eos;

import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.Transaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The EOS commands that take a running-config to the rendered {@code weft-qos.eos.cfg} in what the
 * switch serves only over its CLI ({@link EosCli}): the DSCP map, traffic class to tx-queue, DSCP
 * trust per port, the ECMP hash and each port's DCBX mode. Both texts are read by {@link
 * EosCliReader}, so the commands change exactly what drift compares; nothing else of the
 * running-config is touched (no hostname, never a replace of the whole config). A {@code no}
 * command is sent only for an entry of a set Weft owns whole: a DSCP value the intent does not map.
 * A value or field set is sent as the rendered command, which EOS takes as the new value (a DSCP's
 * traffic class, a traffic class's tx-queue, an interface's service-profile, a hash family's field
 * list). Commands are indented as EOS prints them, each under the mode command it belongs to.
 */
final class EosSessionChange {

  /** The change's kind in reports. */
  static final String KIND = "eos-session";

  private static final String TRUST = "qos trust dscp";

  private final List<String> lines = new ArrayList<>();
  private final List<Remediation.Step> steps = new ArrayList<>();

  private EosSessionChange() {}

  /**
   * @param rendered the rendered {@code weft-qos.eos.cfg}
   * @param running the switch's {@code show running-config}
   * @param what names the running-config in messages
   * @throws ReadException when a known command of either text has a value out of range
   */
  static Transaction.Change of(String rendered, String running, String what) throws ReadException {
    EosCliReader.Facts want =
        EosCliReader.read(Map.of(EosCli.RENDERED, rendered), "the rendered " + EosCli.RENDERED);
    EosCliReader.Facts live = EosCliReader.read(Map.of(EosCli.RUNNING, running), what);
    Map<String, List<String>> wantBlocks = blocks(rendered);
    Map<String, List<String>> liveBlocks = blocks(running);
    EosSessionChange c = new EosSessionChange();
    c.dscp(want, live);
    c.queues(want, live);
    c.trust(want, live, wantBlocks, liveBlocks);
    c.hash(want, live, wantBlocks);
    c.dcbx(wantBlocks, liveBlocks);
    return c.steps.isEmpty()
        ? new Transaction.Change(null, KIND, List.of())
        : new Transaction.Change(String.join("\n", c.lines) + "\n", KIND, c.steps);
  }

  private void dscp(EosCliReader.Facts want, EosCliReader.Facts live) {
    DriftedPart part = DriftedPart.switchWide(Feature.CLASSIFICATION);
    for (int d = 0; d < 64; d++) {
      Integer w = want.dscpToPriority().get(d);
      Integer l = live.dscpToPriority().get(d);
      if (Objects.equals(w, l)) {
        continue;
      }
      String path = "cli: qos map dscp " + d + " to traffic-class";
      if (w != null) {
        lines.add("qos map dscp " + d + " to traffic-class " + w);
        steps.add(
            new Remediation.Step(
                part, l == null ? Remediation.Operation.ADD : Remediation.Operation.REPLACE, path));
      } else {
        lines.add("no qos map dscp " + d + " to traffic-class " + l);
        steps.add(new Remediation.Step(part, Remediation.Operation.REMOVE, path));
      }
    }
  }

  private void queues(EosCliReader.Facts want, EosCliReader.Facts live) {
    DriftedPart part = DriftedPart.switchWide(Feature.CLASSIFICATION);
    for (int tc = 0; tc < 8; tc++) {
      int w = want.priorityToQueue().get(tc);
      if (w != live.priorityToQueue().get(tc)) {
        lines.add("qos map traffic-class " + tc + " to tx-queue " + w);
        steps.add(
            new Remediation.Step(
                part,
                Remediation.Operation.REPLACE,
                "cli: qos map traffic-class " + tc + " to tx-queue"));
      }
    }
  }

  /**
   * A port that trusts DSCP in the rendered file but not on the switch gets the rendered profile's
   * trust (when the switch's profile of that name lacks it), the rendered service-profile, and its
   * own trust setting taken away ({@code default qos trust}), which would win over the profile's.
   */
  private void trust(
      EosCliReader.Facts want,
      EosCliReader.Facts live,
      Map<String, List<String>> wantBlocks,
      Map<String, List<String>> liveBlocks) {
    TreeSet<String> profilesFixed = new TreeSet<>();
    for (Map.Entry<String, Boolean> t : new java.util.TreeMap<>(want.trust()).entrySet()) {
      String port = t.getKey();
      if (!t.getValue() || live.trust().getOrDefault(port, false)) {
        continue; // only trust is rendered: a port that should not trust has nothing to send
      }
      DriftedPart part = new DriftedPart(Feature.CLASSIFICATION, port);
      String profile = sub(wantBlocks.get("interface " + port), "service-profile");
      if (profile == null) {
        continue;
      }
      profile = profile.substring("service-profile ".length());
      String head = "qos profile " + profile;
      if (wantBlocks.getOrDefault(head, List.of()).stream().anyMatch(s -> s.strip().equals(TRUST))
          && liveBlocks.getOrDefault(head, List.of()).stream()
              .noneMatch(s -> s.strip().equals(TRUST))
          && profilesFixed.add(profile)) {
        lines.add(head);
        lines.add("   " + TRUST);
        steps.add(
            new Remediation.Step(
                part, Remediation.Operation.MERGE, "cli: " + head + " / " + TRUST));
      }
      List<String> own = liveBlocks.getOrDefault("interface " + port, List.of());
      String bound = sub(own, "service-profile");
      boolean rebind = !("service-profile " + profile).equals(bound);
      boolean ownTrust =
          own.stream()
              .map(String::strip)
              .anyMatch(s -> s.startsWith("qos trust") || s.startsWith("no qos trust"));
      if (rebind || ownTrust) {
        lines.add("interface " + port);
        if (rebind) {
          lines.add("   service-profile " + profile);
        }
        if (ownTrust) {
          lines.add("   default qos trust");
        }
        steps.add(
            new Remediation.Step(
                part,
                Remediation.Operation.MERGE,
                "cli: interface " + port + " service-profile / qos trust"));
      }
    }
  }

  /** The rendered hash commands, whole, when the fields differ: each replaces a group's fields. */
  private void hash(
      EosCliReader.Facts want, EosCliReader.Facts live, Map<String, List<String>> wantBlocks) {
    if (want.hashFields().equals(live.hashFields())) {
      return;
    }
    DriftedPart part = DriftedPart.switchWide(Feature.HASH);
    for (Map.Entry<String, List<String>> b : wantBlocks.entrySet()) {
      String head = b.getKey();
      if (head.startsWith("ip load-sharing trident fields ")
          || head.equals("load-balance policies")) {
        lines.add(head);
        lines.addAll(b.getValue());
        steps.add(
            new Remediation.Step(
                part,
                Remediation.Operation.REPLACE,
                head.startsWith("ip ")
                    ? "cli: ip load-sharing trident fields " + head.split(" ")[4]
                    : "cli: load-balance sand profile default fields"));
      }
    }
  }

  /**
   * Each port whose rendered block sets a DCBX mode ({@code dcbx mode ieee}, {@code no dcbx mode})
   * and whose running-config block says otherwise gets the rendered line; a port without a dcbx
   * line on the switch is off, EOS's default, which the running-config does not print.
   */
  private void dcbx(Map<String, List<String>> wantBlocks, Map<String, List<String>> liveBlocks) {
    for (Map.Entry<String, List<String>> b : wantBlocks.entrySet()) {
      String want = dcbxLine(b.getValue());
      if (!b.getKey().startsWith("interface ") || want == null) {
        continue;
      }
      String live = dcbxLine(liveBlocks.getOrDefault(b.getKey(), List.of()));
      if (!dcbxMode(want).equals(live == null ? "off" : dcbxMode(live))) {
        lines.add(b.getKey());
        lines.add("   " + want);
        steps.add(
            new Remediation.Step(
                DriftedPart.switchWide(Feature.PFC),
                Remediation.Operation.REPLACE,
                "cli: " + b.getKey() + " dcbx mode"));
      }
    }
  }

  /** The block's dcbx mode line (stripped), or null. */
  private static String dcbxLine(List<String> subs) {
    return subs.stream()
        .map(String::strip)
        .filter(
            s ->
                s.startsWith("dcbx mode ")
                    || s.equals("no dcbx mode")
                    || s.equals("default dcbx mode"))
        .reduce((first, last) -> last)
        .orElse(null);
  }

  /** A dcbx mode line in Weft's words: ieee, off or EOS's own word. */
  private static String dcbxMode(String line) {
    String mode = line.startsWith("dcbx mode ") ? line.substring("dcbx mode ".length()) : "off";
    return mode.equals("none") ? "off" : mode;
  }

  /** The first of {@code subs} (stripped) that starts with the word {@code word}, or null. */
  private static String sub(List<String> subs, String word) {
    if (subs == null) {
      return null;
    }
    return subs.stream()
        .map(String::strip)
        .filter(s -> s.equals(word) || s.startsWith(word + " "))
        .findFirst()
        .orElse(null);
  }

  /**
   * A config text as EOS prints it: each top-level command with its indented lines (as written), in
   * order; comments ({@code !}), blank lines and {@code end} left out. A top-level command given
   * twice keeps the lines of both.
   */
  static Map<String, List<String>> blocks(String text) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    List<String> current = null;
    for (String raw : text.split("\n", -1)) {
      String line = raw.stripTrailing();
      String t = line.strip();
      if (t.isEmpty() || t.startsWith("!") || t.equals("end")) {
        continue;
      }
      if (line.charAt(0) != ' ') {
        current = out.computeIfAbsent(t, k -> new ArrayList<>());
      } else if (current != null) {
        current.add(line);
      }
    }
    return out;
  }
}
