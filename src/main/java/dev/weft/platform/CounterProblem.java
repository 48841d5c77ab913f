package dev.weft.platform;

/**
 * A counter answer that could not be used: the device and command it came from are named in the
 * finding.
 *
 * @param port the interface the command asked about, or null (a switch-wide command)
 * @param command the command as sent
 * @param message what was expected and what was found
 */
public record CounterProblem(String port, String command, String message) {}
