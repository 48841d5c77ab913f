/**
 * Translation validation: every rendered file a platform's reader can read is read back through
 * that reader (the one {@code weft drift} uses) and compared with the compiled plan feature by
 * feature ({@link dev.weft.drift.Drift}), so a template or compiler bug is an {@code
 * internal-error} naming the device, file and feature instead of a silently different config.
 * {@link dev.weft.translation.TranslationCheck} checks one device's files (the renderer runs it
 * before it writes them); {@link dev.weft.translation.TranslationSample} picks the devices {@code
 * weft validate} renders in memory to check; {@link dev.weft.translation.RenderedReply} says which
 * file stands for a device's reply, and which files no reader reads.
 */
package dev.weft.translation;
