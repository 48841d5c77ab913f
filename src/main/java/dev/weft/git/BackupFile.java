package dev.weft.git;

import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.nio.charset.StandardCharsets;
import org.w3c.dom.Element;

/**
 * What {@code weft backup} stores for one device: the file's extension and its bytes, deterministic
 * so an unchanged configuration gives an identical file (and no commit).
 *
 * @param extension {@code xml} (NETCONF), {@code json} (SONiC's CONFIG_DB, NVUE's applied revision)
 *     or {@code txt} (a command's output that is not JSON, kept as sent)
 */
public record BackupFile(String extension, byte[] content) {

  public BackupFile {
    content = content.clone();
  }

  @Override
  public byte[] content() {
    return content.clone();
  }

  /** A NETCONF {@code <data>} element, pretty-printed by {@link BackupXml}. */
  public static BackupFile xml(Element data) {
    return new BackupFile("xml", BackupXml.render(data).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * A command's output: JSON is written canonically (sorted keys, four-space indent), so a device
   * that prints the same config in another key order is unchanged; anything else is kept exactly as
   * sent.
   */
  public static BackupFile text(String output) {
    try {
      return new BackupFile("json", Json.canonical(output));
    } catch (JsonException e) {
      return new BackupFile("txt", output.getBytes(StandardCharsets.UTF_8));
    }
  }
}
