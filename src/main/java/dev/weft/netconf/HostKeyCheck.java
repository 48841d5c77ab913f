package dev.weft.netconf;

import java.net.SocketAddress;
import java.security.PublicKey;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.config.keys.KeyUtils;

/**
 * The host-key decision for one connection attempt, applying a {@link HostKeyPolicy} through
 * MINA's known_hosts verifier and remembering why a key was refused, so the caller can report
 * it with the key's SHA256 fingerprint (MINA itself only says "did not validate").
 */
final class HostKeyCheck {

    /** Carries the check of a connection into the shared {@link Verifier}. */
    static final AttributeRepository.AttributeKey<HostKeyCheck> KEY = new AttributeRepository.AttributeKey<>();

    private final HostKeyPolicy policy;
    private final Object knownHostsLock;
    private volatile String refusal;
    private volatile String acceptedNew;

    /**
     * @param knownHostsLock shared by the sessions of one client, so that parallel first contacts
     *                       with {@code acceptNewKeys} append to known_hosts one at a time
     */
    HostKeyCheck(HostKeyPolicy policy, Object knownHostsLock) {
        this.policy = policy;
        this.knownHostsLock = knownHostsLock;
    }

    /** Why the key was refused, with its fingerprint; null when it was not refused. */
    String refusal() {
        return refusal;
    }

    /** Fingerprint of a key trusted on first contact (and appended to known_hosts), or null. */
    String acceptedNew() {
        return acceptedNew;
    }

    boolean verify(ClientSession session, SocketAddress remote, PublicKey key) {
        String file = policy.knownHosts().toString();
        ServerKeyVerifier unknown = (s, address, k) -> {
            if (policy.acceptNewKeys()) {
                acceptedNew = describe(k);
                return true;
            }
            refusal = "unknown host key " + describe(k) + ": no entry in " + file
                    + "; verify the fingerprint and add the key, or connect once with --accept-new-host-keys";
            return false;
        };
        KnownHostsServerKeyVerifier knownHosts = new KnownHostsServerKeyVerifier(unknown, policy.knownHosts());
        knownHosts.setModifiedServerKeyAcceptor((s, address, entry, expected, actual) -> {
            refusal = "host key CHANGED: the device presented " + describe(actual) + " but " + file + " has "
                    + describe(expected) + "; refused (possible man-in-the-middle; if the device was re-keyed,"
                    + " remove its old line)";
            return false;
        });
        boolean ok;
        try {
            synchronized (knownHostsLock) {
                ok = knownHosts.verifyServerKey(session, remote, key);
            }
        } catch (RuntimeException e) {
            refusal = "cannot check host key " + describe(key) + " against " + file + ": " + e.getMessage();
            return false;
        }
        if (!ok && refusal == null) {
            refusal = "host key " + describe(key) + " was refused by " + file + " (revoked or unreadable entry)";
        }
        return ok;
    }

    static String describe(PublicKey key) {
        return KeyUtils.getKeyType(key) + " " + KeyUtils.getFingerPrint(key);
    }

    /** The client-wide verifier: looks up the check of the connection; no check, no trust. */
    static final class Verifier implements ServerKeyVerifier {
        @Override
        public boolean verifyServerKey(ClientSession session, SocketAddress remote, PublicKey key) {
            AttributeRepository context = session.getConnectionContext();
            HostKeyCheck check = context == null ? null : context.getAttribute(KEY);
            return check != null && check.verify(session, remote, key);
        }
    }
}
