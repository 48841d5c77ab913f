/**
 * The NETCONF client (RFC 6241 over SSH, RFC 6242): the {@code netconf} SSH subsystem, the
 * {@code <hello>} exchange, end-of-message and chunked framing, message-id matching, typed
 * {@code <rpc-error>}s, and the operations Weft needs (get-config with a subtree filter, get,
 * lock/unlock, close-session, plus {@link dev.weft.netconf.NetconfSession#rpc(String)} for
 * others). The only package that imports Apache MINA SSHD.
 *
 * <p>Every failure is a {@link dev.weft.netconf.NetconfException} with a
 * {@link dev.weft.netconf.NetconfException.Reason} and a one-line message naming the device.
 * Host keys are always checked against a known_hosts file; replies are parsed with DTDs and
 * external entities refused, and their size is capped while reading.
 */
package dev.weft.netconf;
