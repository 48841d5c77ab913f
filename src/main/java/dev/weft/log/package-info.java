/**
 * Logging for the field: quiet by default, {@code --verbose} (Weft's own steps and timings) and
 * {@code --debug} (plus the NETCONF session trace and JGit's and MINA SSHD's own logs) on every
 * command, on stderr through slf4j-simple. Every message goes through {@link
 * dev.weft.log.Secrets#mask}. The only importer of slf4j; shared by every stage.
 */
package dev.weft.log;
