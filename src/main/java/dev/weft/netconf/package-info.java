/**
 * The NETCONF client (RFC 6241 over SSH, RFC 6242): the {@code netconf} SSH subsystem, the {@code
 * <hello>} exchange, end-of-message and chunked framing, message-id matching, typed {@code
 * <rpc-error>}s, and the operations Weft needs (get-config with a subtree filter, get, lock/unlock,
 * close-session, plus {@link dev.weft.netconf.NetconfSession#rpc(String)} for others such as
 * edit-config and commit). The only package that imports Apache MINA SSHD.
 *
 * <pre>{@code
 * CredentialsFile creds = CredentialsFile.load(Path.of("credentials.yaml"));     // --credentials
 * try (NetconfClient client = NetconfClient.create()) {                         // passwords from System.getenv
 *     DeviceEndpoint leaf = new DeviceEndpoint("leaf-1", "127.0.0.1", 18301);    // switch.management
 *     try (NetconfSession s = client.connect(leaf, creds.get("lab").orElseThrow(),
 *             HostKeyPolicy.strict(Path.of("known_hosts")), Timeouts.all(Duration.ofSeconds(30)))) {
 *         Reply r = s.getConfig("<qos xmlns=\"http://openconfig.net/yang/qos\"/>");
 *         String xml = r.text();          // raw reply, e.g. for live.OpenConfigReader
 *         Element data = r.data();        // parsed <data>, e.g. for git.BackupXml
 *     }
 * } catch (NetconfException e) {
 *     // e.reason().label(): refused | timeout | auth | host-key | netconf-error | reply-too-large | protocol
 *     // e.getMessage(): one line naming the device; never a secret
 * }
 * }</pre>
 *
 * <p>Many devices are read in parallel by {@code dev.weft.live.LiveReader}, one session each,
 * isolated from each other ({@code dev.weft.live.DevicePool}). Host keys are always checked against
 * a known_hosts file ({@link dev.weft.netconf.HostKeyPolicy#acceptNew} for {@code
 * --accept-new-host-keys}); replies are parsed with DTDs and external entities refused, their size
 * is capped while reading ({@link dev.weft.netconf.ClientSettings}), as are the hello, its
 * capabilities, XML nesting and notifications skipped per reply (docs/limits.md). Only loopback
 * addresses are allowed unless {@code ClientSettings.allowNonLoopback} is set.
 */
package dev.weft.netconf;
