package dev.weft.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options every device command of a lab test passes: the inventory copy, the repository it is
 * in, the lab's host keys and the credentials file for the lab account. One place, so that a new
 * lab test cannot forget host-key verification or point at the project's own inventory.
 *
 * @param inventory the copied inventory folder
 * @param root the repository folder the copy is in ({@code --repo})
 * @param knownHosts the lab's known_hosts file
 * @param credentials the credentials file naming the lab account and its key
 */
public record LabRun(Path inventory, Path root, Path knownHosts, Path credentials) {

  /**
   * {@code COMMAND INVENTORY --repo ROOT --format json --known-hosts K --credentials C --timeout
   * TIMEOUT EXTRA...}: drift, audit, remediate.
   */
  public String[] json(String command, String timeout, String... extra) {
    List<String> args = new ArrayList<>(List.of(command, inventory.toString()));
    args.addAll(List.of("--repo", root.toString(), "--format", "json"));
    return withDevices(args, timeout, extra);
  }

  /** The same without {@code --format}: commands whose output is files (backup). */
  public String[] plain(String command, String timeout, String... extra) {
    List<String> args = new ArrayList<>(List.of(command, inventory.toString()));
    args.addAll(List.of("--repo", root.toString()));
    return withDevices(args, timeout, extra);
  }

  private String[] withDevices(List<String> args, String timeout, String... extra) {
    args.addAll(List.of("--known-hosts", knownHosts.toString()));
    args.addAll(List.of("--credentials", credentials.toString(), "--timeout", timeout));
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }
}
