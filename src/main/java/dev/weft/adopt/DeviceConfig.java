package dev.weft.adopt;

/**
 * One device's running config as found in the import folder, or as read from the device.
 *
 * @param device the device name (the file name without its extension, as {@code weft backup} writes
 *     it)
 * @param platform the platform pack that reads it
 * @param file the file's path as given on the command line, or the device's address, for messages
 * @param text the config's content
 * @param format {@code xml}, {@code json}, {@code txt}, {@code cfg}, or empty for a file without
 *     one: the extension {@code weft backup} gives it
 */
public record DeviceConfig(
    String device, String platform, String file, String text, String format) {}
