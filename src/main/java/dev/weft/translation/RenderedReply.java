package dev.weft.translation;

import dev.weft.json.Json;
import dev.weft.platform.ConfigView;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.ReadException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * Which rendered file stands for the reply a platform's live reader reads, by how the reader asks
 * (the transport, not the platform): a NETCONF {@code <get-config>} reply carries the rendered
 * {@code config.xml} trees; SONiC's {@code show runningconfiguration all} prints the loaded
 * CONFIG_DB, i.e. the rendered {@code config_db.json}; NVUE's {@code nv config show -o json} prints
 * the applied revision, i.e. the rendered {@code startup.yaml} as JSON. A pack read by another
 * command has no rendered stand-in here: its files are reported as not read back, never silently
 * passed.
 */
final class RenderedReply {

  /** The file read back and the text the reader is given for it. */
  record Reply(String file, String text) {}

  /** Why a rendered file cannot be turned into the reader's input. */
  static final class Unreadable extends Exception {
    private static final long serialVersionUID = 1L;

    Unreadable(String message) {
      super(message);
    }
  }

  static final String NETCONF_FILE = "config.xml";
  private static final String SONIC_COMMAND = "show runningconfiguration all";
  private static final String SONIC_FILE = "config_db.json";
  private static final String NVUE_COMMAND = "nv config show -o json";
  private static final String NVUE_FILE = "startup.yaml";

  private RenderedReply() {}

  /** The rendered file that stands for {@code profile}'s reply, or empty when none does. */
  static Optional<String> fileFor(LiveProfile profile) {
    if (profile.transport() instanceof LiveTransport.NetconfGetConfig) {
      return Optional.of(NETCONF_FILE);
    }
    if (profile.transport() instanceof LiveTransport.SshCommand ssh) {
      return switch (ssh.command()) {
        case SONIC_COMMAND -> Optional.of(SONIC_FILE);
        case NVUE_COMMAND -> Optional.of(NVUE_FILE);
        default -> Optional.empty();
      };
    }
    return Optional.empty();
  }

  /**
   * What the reader of {@code profile} is given for the device's rendered {@code files}.
   *
   * @throws Unreadable when the file is missing or cannot be turned into the reply (a template that
   *     wrote another shape)
   */
  static Reply of(LiveProfile profile, String file, Map<String, byte[]> files) throws Unreadable {
    byte[] bytes = files.get(file);
    if (bytes == null) {
      throw new Unreadable("no " + file + " was rendered, though the reader reads it");
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    Optional<ConfigView> converted =
        profile
            .configView()
            .filter(
                v ->
                    v.renderedFile().equals(file)
                        && v.syntax() == ConfigView.Syntax.JSON
                        && v.rendered() != ConfigView.JSON_TEXT);
    if (converted.isEmpty()) {
      return new Reply(file, text); // the reply's own format: CONFIG_DB JSON, a NETCONF <config>
    }
    // A rendered file in another syntax than the reply (NVUE's startup.yaml against `nv config show
    // -o json`): the pack's config view reads it into the JSON values the reply carries.
    try {
      return new Reply(file, Json.write(converted.get().rendered().read(text, file)));
    } catch (ReadException e) {
      throw new Unreadable(e.getMessage());
    }
  }
}
