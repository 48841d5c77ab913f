/**
 * Platform packs: one package per platform ({@code dev.weft.platform.<id>}) holding everything Weft
 * knows about it: the {@link dev.weft.platform.PlatformPack} (id, kind, template folder, what it
 * cannot express), its live reader ({@link dev.weft.platform.LiveProfile}: transport, reply →
 * compiled switch, what the platform does not serve, its counters, how its saved configs are
 * recognised), and the vendor's defaults the reader fills in. Code outside this package asks a pack
 * and never names a platform id. Templates live in {@code templates/<id>/}, vendor models in {@code
 * yang/vendor/}. {@link dev.weft.platform.Platforms} is the registry; the intent schema's platform
 * list follows from it.
 *
 * <p>Readers use the JDK's hardened XML ({@link dev.weft.platform.SafeXml}) or the project's JSON
 * reader, and report every problem as a {@link dev.weft.platform.ReadException} with one located
 * line.
 */
package dev.weft.platform;
