package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a platform read over NETCONF serves only over its CLI (EOS: the DSCP map, DSCP trust and the
 * ECMP hash), read over SSH beside the NETCONF read when a switch names its CLI login ({@code
 * management.cli}). Without that login the live profile's {@link LiveProfile#notAudited()} stands;
 * with it, {@link #profile()} judges the switch, so the features the CLI serves are compared per
 * feature with their intent lines like everything else.
 */
public interface CliAudit {

  /**
   * The rendered file that holds what the CLI serves (translation validation reads it back as the
   * commands' output).
   */
  String renderedFile();

  /** The show commands to run for {@code intended} (each output goes to {@link #merge}). */
  List<String> commands(CompiledSwitch intended);

  /**
   * The switch read over NETCONF with what the CLI outputs hold merged in.
   *
   * @param outputs command → its standard output, for every command of {@link #commands}
   * @param what names the source in messages, e.g. {@code spine-1 (127.0.0.1:22) CLI}
   */
  CompiledSwitch merge(CompiledSwitch read, Map<String, String> outputs, String what)
      throws ReadException;

  /**
   * The live profile of a switch read both ways: its {@code notAudited}, {@code expected}, {@code
   * paths} and {@code withUnserved} count the features the CLI serves as read.
   */
  LiveProfile profile();

  /**
   * How what the CLI serves is changed over the CLI login, for {@code weft remediate}: an undoable
   * {@link Transaction} of CLI commands and the read its run judges; empty when Weft does not
   * change it (the default). The switch's other features stay with its NETCONF remediation.
   *
   * @param intended the switch to change
   */
  default Optional<Session> session(CompiledSwitch intended) {
    return Optional.empty();
  }

  /**
   * The CLI part of a switch's remediation.
   *
   * @param profile reads the CLI login's one command ({@link LiveTransport.SshCommand}) into the
   *     whole switch: what the CLI serves as read, everything else as the intent carries it, so a
   *     comparison finds only what the CLI serves
   * @param transaction the commands that change it undoably
   */
  record Session(LiveProfile profile, Transaction transaction) {
    public Session {
      Objects.requireNonNull(profile, "profile");
      Objects.requireNonNull(transaction, "transaction");
      if (!(profile.transport() instanceof LiveTransport.SshCommand)) {
        throw new IllegalArgumentException("the CLI part is read by one SSH command");
      }
    }
  }
}
