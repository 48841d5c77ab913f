package dev.weft.adopt;

/**
 * One device's running config as found in the import folder.
 *
 * @param device   the device name (the file name without its extension, as {@code weft backup} writes it)
 * @param platform the platform pack that reads it
 * @param file     the file's path as given on the command line, for messages
 * @param text     the file's content
 */
public record DeviceConfig(String device, String platform, String file, String text) {}
