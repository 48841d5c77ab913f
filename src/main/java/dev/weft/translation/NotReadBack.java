package dev.weft.translation;

import dev.weft.platform.DeviceKind;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A platform's rendered files that translation validation does not read back, and why: a pack with
 * no reader of a device's config (hosts, whose script and environment are commands; the subnet
 * manager), a reader whose reply no rendered file stands for, or files beside the one the reader
 * reads. Reported, never silently passed: {@code weft render} names them on stderr and
 * docs/translation-validation.md lists them (a test keeps the two in step).
 *
 * @param platform the pack's id
 * @param files the output names not read back, as its templates' manifest lists them
 * @param reason why, in one sentence
 */
public record NotReadBack(String platform, List<String> files, String reason) {

  public NotReadBack {
    files = List.copyOf(files);
  }

  /**
   * Every pack's files that are not read back, in pack order.
   *
   * @param outputs the file names a platform's templates write (empty: the pack renders none)
   */
  public static List<NotReadBack> of(Platforms platforms, Function<String, List<String>> outputs) {
    List<NotReadBack> out = new ArrayList<>();
    for (PlatformPack pack : platforms.all()) {
      List<String> files = outputs.apply(pack.id());
      if (files.isEmpty()) {
        continue;
      }
      Optional<LiveProfile> live = pack.live();
      if (live.isEmpty()) {
        out.add(new NotReadBack(pack.id(), files, noReader(pack)));
        continue;
      }
      Optional<String> read = RenderedReply.fileFor(live.get());
      if (read.isEmpty()) {
        out.add(
            new NotReadBack(
                pack.id(),
                files,
                "its reader reads "
                    + transport(live.get())
                    + ", which no rendered file stands for"));
        continue;
      }
      // a CLI file beside the NETCONF one is read back through the CLI reader
      Optional<String> cli = live.get().cliAudit().map(c -> c.renderedFile());
      List<String> others =
          files.stream().filter(f -> !f.equals(read.get()) && !Optional.of(f).equals(cli)).toList();
      if (!others.isEmpty()) {
        out.add(
            new NotReadBack(
                pack.id(),
                others,
                "its reader reads "
                    + read.get()
                    + " only (what "
                    + transport(live.get())
                    + " returns); the rest of the plan is in these files, which no reader of"
                    + " Weft's reads"));
      }
    }
    return out;
  }

  private static String noReader(PlatformPack pack) {
    if (pack.kind() == DeviceKind.HOST) {
      return "a host's files are commands and environment, not a config a reader reads: drift"
          + " reads the NIC's state from command outputs (docs/hosts.md)";
    }
    if (pack.kind() == DeviceKind.SUBNET_MANAGER) {
      return "the subnet manager's files are checked as OpenSM parses them (opensm-file) and read"
          + " by OpenSM itself in the lab tests; Weft has no reader that turns them back into the"
          + " plan";
    }
    return "the " + pack.id() + " pack has no reader of a device's config";
  }

  private static String transport(LiveProfile profile) {
    if (profile.transport() instanceof LiveTransport.SshCommand c) {
      return "the output of `" + c.command() + "`";
    }
    return "a NETCONF <get-config>";
  }
}
