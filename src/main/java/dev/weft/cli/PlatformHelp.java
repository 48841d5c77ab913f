package dev.weft.cli;

import dev.weft.platform.LiveTransport;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import dev.weft.render.TemplateAccessException;
import dev.weft.render.TemplateFolders;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The platforms a command's help names, from the platform packs themselves: {@code render}'s help
 * once omitted Junos, SR Linux and NX-OS, and {@code drift}'s said NETCONF although SONiC and
 * Cumulus are read over SSH (issue 32). A description holds a placeholder; the help, {@code weft
 * help} and the man pages fill it from {@link Platforms#builtIn()} when they are printed, so a run
 * that prints no help never loads the packs.
 */
final class PlatformHelp {

  /** Where a description names the platforms {@code weft render} writes configs for. */
  static final String RENDERED = "{rendered-platforms}";

  /** Where a description names the platforms whose live config Weft reads, by transport. */
  static final String LIVE = "{live-platforms}";

  private PlatformHelp() {}

  /** Help and man pages of every subcommand of {@code cli} fill the placeholders when printed. */
  static void install(CommandLine cli) {
    cli.getSubcommands()
        .values()
        .forEach(
            sub ->
                sub.getHelpSectionMap()
                    .put(
                        UsageMessageSpec.SECTION_KEY_DESCRIPTION,
                        help -> fill(help.description())));
  }

  /** {@code text} with the placeholders replaced; the packs are read only when there is one. */
  static String fill(String text) {
    if (!text.contains(RENDERED) && !text.contains(LIVE)) {
      return text;
    }
    List<PlatformPack> packs = Platforms.builtIn().all();
    return text.replace(RENDERED, rendered(packs)).replace(LIVE, live(packs));
  }

  /** Each line of a description, filled. */
  static String[] fill(String[] lines) {
    String[] out = new String[lines.length];
    for (int i = 0; i < lines.length; i++) {
      out[i] = fill(lines[i]);
    }
    return out;
  }

  /**
   * The packs with templates: {@code sonic, cumulus, ...}, the ids an inventory's {@code platform:}
   * takes.
   */
  private static String rendered(List<PlatformPack> packs) {
    TemplateFolders templates = TemplateFolders.builtIn();
    List<String> ids = new ArrayList<>();
    for (PlatformPack pack : packs) {
      try {
        templates.read(pack.templateFolder() + "/manifest.properties");
        ids.add(pack.id());
      } catch (TemplateAccessException noTemplates) {
        // a platform configured through another (ib-quantum through the subnet manager): nothing
        // rendered
      }
    }
    return String.join(", ", ids);
  }

  /** {@code eos, junos, ... over NETCONF; cumulus, sonic over SSH}. */
  private static String live(List<PlatformPack> packs) {
    String netconf = over(packs, LiveTransport.NetconfGetConfig.class);
    String ssh = over(packs, LiveTransport.SshCommand.class);
    return netconf + " over NETCONF; " + ssh + " over SSH";
  }

  private static String over(List<PlatformPack> packs, Class<?> transport) {
    return packs.stream()
        .filter(p -> p.live().map(l -> transport.isInstance(l.transport())).orElse(false))
        .map(PlatformPack::id)
        .collect(Collectors.joining(", "));
  }
}
