package dev.weft.netconf;

import java.net.SocketAddress;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.HashMap;
import java.util.Map;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.config.keys.KeyUtils;

/**
 * The host-key decision for one connection attempt, applying a {@link HostKeyPolicy} through MINA's
 * known_hosts verifier and remembering why a key was refused, so the caller can report it with the
 * key's SHA256 fingerprint (MINA itself only says "did not validate").
 */
final class HostKeyCheck {

  /** Carries the check of a connection into the shared {@link Verifier}. */
  static final AttributeRepository.AttributeKey<HostKeyCheck> KEY =
      new AttributeRepository.AttributeKey<>();

  private final HostKeyPolicy policy;
  private volatile String refusal;
  private volatile String acceptedNew;

  HostKeyCheck(HostKeyPolicy policy) {
    this.policy = policy;
  }

  /** Why the key was refused, with its fingerprint; null when it was not refused. */
  String refusal() {
    return refusal;
  }

  /** Fingerprint of a key trusted on first contact (and appended to known_hosts), or null. */
  String acceptedNew() {
    return acceptedNew;
  }

  /** A key known_hosts has no entry for: trusted only with acceptNewKeys (MINA then appends it). */
  private boolean unknownKey(PublicKey key) {
    if (policy.acceptNewKeys()) {
      acceptedNew = describe(key);
      return true;
    }
    refusal =
        "unknown host key "
            + describe(key)
            + ": no entry in "
            + policy.knownHosts()
            + "; verify the fingerprint and add the key, or connect once with --accept-new-host-keys";
    return false;
  }

  /** A key other than the one known_hosts has for the host: always refused. */
  private boolean changedKey(PublicKey expected, PublicKey actual) {
    refusal =
        "host key CHANGED: the device presented "
            + describe(actual)
            + " but "
            + policy.knownHosts()
            + " has "
            + describe(expected)
            + "; refused (possible man-in-the-middle; if the device was re-keyed,"
            + " remove its old line)";
    return false;
  }

  private boolean verify(
      ClientSession session,
      SocketAddress remote,
      PublicKey key,
      KnownHostsServerKeyVerifier knownHosts) {
    boolean ok;
    try {
      ok = knownHosts.verifyServerKey(session, remote, key);
    } catch (RuntimeException e) {
      refusal =
          "cannot check host key "
              + describe(key)
              + " against "
              + policy.knownHosts()
              + ": "
              + e.getMessage();
      return false;
    }
    if (!ok && refusal == null) {
      refusal =
          "host key "
              + describe(key)
              + " was refused by "
              + policy.knownHosts()
              + " (revoked or unreadable entry)";
    }
    return ok;
  }

  static String describe(PublicKey key) {
    return KeyUtils.getKeyType(key) + " " + KeyUtils.getFingerPrint(key);
  }

  /**
   * The client-wide verifier: looks up the check of the connection; no check, no trust. It keeps
   * one MINA known_hosts verifier per file for the life of the client, which re-reads the file only
   * when it changed (size or time): a verifier per connection parsed the whole file on every
   * session, so an audit of N devices with a line each in known_hosts cost N² line parses, all
   * under the lock. Verifications run one at a time, so parallel first contacts with acceptNewKeys
   * append to known_hosts one at a time.
   */
  static final class Verifier implements ServerKeyVerifier {
    private final Map<Path, KnownHostsServerKeyVerifier> byFile = new HashMap<>();

    @Override
    public synchronized boolean verifyServerKey(
        ClientSession session, SocketAddress remote, PublicKey key) {
      HostKeyCheck check = check(session);
      if (check == null) {
        return false;
      }
      KnownHostsServerKeyVerifier knownHosts =
          byFile.computeIfAbsent(check.policy.knownHosts().toAbsolutePath(), Verifier::knownHosts);
      return check.verify(session, remote, key, knownHosts);
    }

    /** Unknown and changed keys go to the check of the session at hand. */
    private static KnownHostsServerKeyVerifier knownHosts(Path file) {
      KnownHostsServerKeyVerifier verifier =
          new KnownHostsServerKeyVerifier(
              (session, address, key) -> check(session).unknownKey(key), file);
      verifier.setModifiedServerKeyAcceptor(
          (session, address, entry, expected, actual) ->
              check(session).changedKey(expected, actual));
      return verifier;
    }

    private static HostKeyCheck check(ClientSession session) {
      AttributeRepository context = session.getConnectionContext();
      return context == null ? null : context.getAttribute(KEY);
    }
  }
}
