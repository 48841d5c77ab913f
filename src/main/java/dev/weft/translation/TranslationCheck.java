package dev.weft.translation;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftAudit;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.platform.CliAudit;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.render.OutputCheck;
import dev.weft.rules.RuleEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reads one switch's rendered file back through its platform's live reader (the one {@code weft
 * drift} uses, given the file as the device's reply) and compares what it reads with the compiled
 * plan as that platform carries it ({@link LiveProfile#expected}). Equal is the common case and
 * costs one {@code equals}; a difference is compared again feature by feature with {@link Drift}
 * (exact, no cell tolerance: a rendered file has no cells to round to), and each difference is an
 * {@code internal-error} naming the device, the file, the feature, the vendor path, expected and
 * actual, at the intent line that owns the value. A file the reader cannot read is one such error
 * too: either way a template or compiler bug, never the inventory's.
 *
 * <p>Devices whose files no reader reads (hosts; a pack without a live reader; a reader whose reply
 * no rendered file stands for) are not checked here: {@link NotReadBack} names them.
 */
public final class TranslationCheck implements OutputCheck {

  /** The id of every finding: a difference is a defect of Weft, not of the inventory. */
  public static final String RULE = RuleEngine.INTERNAL_ERROR;

  /** How each message starts, so a reader of a report knows which check spoke. */
  static final String PREFIX = "translation validation: ";

  private final Platforms platforms;

  /** Thread time spent reading back, summed over the renderer's threads ({@code WEFT_TIMINGS}). */
  private final LongAdder nanos = new LongAdder();

  public TranslationCheck(Platforms platforms) {
    this.platforms = platforms;
  }

  /** The time this check has spent so far, summed over every thread that ran it. */
  public long nanos() {
    return nanos.sum();
  }

  @Override
  public List<Finding> check(CompiledDevice device, Map<String, byte[]> files) {
    long start = System.nanoTime();
    try {
      return checkSwitch(device, files);
    } finally {
      nanos.add(System.nanoTime() - start);
    }
  }

  private List<Finding> checkSwitch(CompiledDevice device, Map<String, byte[]> files) {
    if (!(device instanceof CompiledSwitch sw)) {
      return List.of();
    }
    Optional<LiveProfile> live = platforms.live(sw.platform());
    if (live.isEmpty()) {
      return List.of();
    }
    LiveProfile profile = live.get();
    Optional<String> file = RenderedReply.fileFor(profile);
    if (file.isEmpty()) {
      return List.of();
    }
    List<Finding> out = check(sw, profile, file.get(), files);
    Optional<CliAudit> cli = profile.cliAudit();
    if (out.isEmpty() && cli.isPresent() && files.containsKey(cli.get().renderedFile())) {
      return checkCli(sw, profile, cli.get(), file.get(), files);
    }
    return out;
  }

  /**
   * A platform that keeps part of the plan in a CLI file beside its NETCONF one (EOS): the NETCONF
   * file read back, the CLI file read as each of the CLI's show commands would print it once the
   * switch holds it (the file is that running-config text), merged, and compared with what a switch
   * read both ways should hold.
   */
  private static List<Finding> checkCli(
      CompiledSwitch sw,
      LiveProfile profile,
      CliAudit cli,
      String file,
      Map<String, byte[]> files) {
    String cliFile = cli.renderedFile();
    CompiledSwitch read;
    try {
      RenderedReply.Reply reply = RenderedReply.of(profile, file, files);
      CompiledSwitch netconf =
          profile.read(reply.text(), sw.name(), "rendered " + sw.name() + "/" + file);
      String text = new String(files.get(cliFile), java.nio.charset.StandardCharsets.UTF_8);
      Map<String, String> outputs = new java.util.TreeMap<>();
      cli.commands(sw).forEach(c -> outputs.put(c, text));
      read = cli.merge(netconf, outputs, "rendered " + sw.name() + "/" + cliFile);
    } catch (RenderedReply.Unreadable | ReadException | RuntimeException e) {
      return List.of(
          finding(
              sw,
              cliFile,
              PREFIX
                  + sw.name()
                  + "/"
                  + cliFile
                  + " does not read back through the "
                  + profile.platform()
                  + " CLI reader: "
                  + e.getMessage()
                  + " (a template or compiler bug)"));
    }
    return compared(sw, cli.profile(), cliFile, read);
  }

  private static List<Finding> check(
      CompiledSwitch sw, LiveProfile profile, String file, Map<String, byte[]> files) {
    CompiledSwitch read;
    try {
      RenderedReply.Reply reply = RenderedReply.of(profile, file, files);
      read = profile.read(reply.text(), sw.name(), "rendered " + sw.name() + "/" + file);
    } catch (RenderedReply.Unreadable | ReadException | RuntimeException e) {
      return List.of(
          finding(
              sw,
              file,
              PREFIX
                  + sw.name()
                  + "/"
                  + file
                  + " does not read back through the "
                  + profile.platform()
                  + " reader: "
                  + e.getMessage()
                  + " (a template or compiler bug: the file is not what that platform's device would"
                  + " take)"));
    }
    return compared(sw, profile, file, read);
  }

  /** The plan as {@code profile} carries it beside what {@code file} read back as. */
  private static List<Finding> compared(
      CompiledSwitch sw, LiveProfile profile, String file, CompiledSwitch read) {
    CompiledSwitch expected = carried(profile.expected(sw));
    if (expected.equals(read)) {
      return List.of();
    }
    List<Finding> drift =
        Drift.compare(
            DriftAudit.comparable(sw, profile),
            read,
            Tolerance.EXACT,
            profile.paths(),
            profile.notAudited().keySet());
    List<Finding> out = new ArrayList<>();
    for (Finding d : drift) {
      out.add(
          new Finding(
              RULE,
              Severity.ERROR,
              PREFIX
                  + sw.name()
                  + "/"
                  + file
                  + " reads back with a different "
                  + feature(d.rule())
                  + " than the plan: "
                  + d.message()
                  + " (a template or compiler bug)",
              d.location(),
              sw.name(),
              d.port(),
              d.path(),
              d.expected(),
              d.actual(),
              false,
              null));
    }
    if (out.isEmpty()) {
      // what the feature comparison does not look at still differs: name the parts
      out.add(
          finding(
                  sw,
                  file,
                  PREFIX
                      + sw.name()
                      + "/"
                      + file
                      + " reads back different from the plan in "
                      + RecordDifference.between(expected, read)
                      + " (a template or compiler bug)")
              .at(sw.owner("name")));
    }
    return out;
  }

  /**
   * {@code expected} without the two facts no platform's file writes as such: the
   * congestion-control label (a reader derives it from the PFC and ECN it reads, which the features
   * compare) and a port's VLAN (an L2 fact the rules check, no QoS template renders it).
   */
  static CompiledSwitch carried(CompiledSwitch expected) {
    List<CompiledPort> ports = new ArrayList<>(expected.ports().size());
    for (CompiledPort p : expected.ports()) {
      ports.add(p.vlan() == null ? p : p.toBuilder().vlan(null).build());
    }
    return expected.toBuilder()
        .congestionControl(
            ReadBack.congestionControl(expected.losslessPriorities(), expected.queues()))
        .ports(ports)
        .build();
  }

  /** The feature a drift id compares: {@code drift-pfc} → {@code pfc}. */
  static String feature(String driftRule) {
    return driftRule.startsWith("drift-") ? driftRule.substring("drift-".length()) : driftRule;
  }

  private static Finding finding(CompiledSwitch sw, String file, String message) {
    return Finding.of(RULE, Severity.ERROR, message).onDevice(sw.name()).at(sw.owner("name"));
  }
}
