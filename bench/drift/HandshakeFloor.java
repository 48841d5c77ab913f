import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;

/**
 * The SSH handshake floor of Weft's transport (Apache MINA SSHD, the library and version in weft.jar): TCP
 * connect, key exchange, host-key check against the lab's known_hosts (unknown keys rejected), public-key
 * user auth, close; no channel, no NETCONF. One SshClient for every session, as Weft's NetconfClient does.
 * Prints the client CPU per session (process CPU after warm-up sessions, so the JIT and class loading are
 * out), the wall time per session and the key exchange negotiated. {@code -Dkex=curve25519-sha256} offers
 * only that key exchange (to see what MINA's default, post-quantum hybrid first, costs); Weft offers MINA's
 * default list.
 *
 *     java -cp target/weft.jar bench/drift/HandshakeFloor.java USER KEY KNOWN_HOSTS SESSIONS WARMUP PORT...
 */
public class HandshakeFloor {
    public static void main(String[] args) throws Exception {
        String user = args[0];
        int sessions = Integer.parseInt(args[3]);
        int warmup = Integer.parseInt(args[4]);
        int[] ports = new int[args.length - 5];
        for (int i = 0; i < ports.length; i++) {
            ports[i] = Integer.parseInt(args[5 + i]);
        }
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(new KnownHostsServerKeyVerifier(RejectAllServerKeyVerifier.INSTANCE, Path.of(args[2])));
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(new FileKeyPairProvider(Path.of(args[1])));
        String kex = System.getProperty("kex");
        if (kex != null) {
            client.setKeyExchangeFactories(org.apache.sshd.common.kex.BuiltinDHFactories.parseDHFactoriesList(kex)
                    .getParsedFactories().stream().map(org.apache.sshd.client.ClientBuilder.DH2KEX).toList());
        }
        client.start();
        String negotiated = "?";
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = 0;
        long wall0 = 0;
        for (int n = 0; n < warmup + sessions; n++) {
            if (n == warmup) {
                cpu0 = os.getProcessCpuTime();
                wall0 = System.nanoTime();
            }
            try (ClientSession session = client.connect(user, "127.0.0.1", ports[n % ports.length])
                    .verify(Duration.ofSeconds(60)).getSession()) {
                session.auth().verify(Duration.ofSeconds(60));
                negotiated = session.getNegotiatedKexParameter(org.apache.sshd.common.kex.KexProposalOption.ALGORITHMS);
            }
        }
        double cpu = (os.getProcessCpuTime() - cpu0) / 1e6 / sessions;
        double wall = (System.nanoTime() - wall0) / 1e6 / sessions;
        client.stop();
        System.out.printf("mina-sshd %d sessions (%s): client CPU %.2f ms/session, wall %.2f ms/session%n", sessions, negotiated, cpu, wall);
    }
}
