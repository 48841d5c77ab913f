/**
 * Model → compiled per-device config: the vendor-neutral effective config that templates read,
 * drift compares and rules on rendered or live config check. Imports no third-party library.
 *
 * <ul>
 *   <li>{@link dev.weft.compile.Compiler#compile} builds a {@link dev.weft.compile.CompiledFabric}
 *       of {@link dev.weft.compile.CompiledSwitch} (ports in natural order) and {@link
 *       dev.weft.compile.CompiledHost} (NICs) with provenance: field → intent line.
 *   <li>The records carry no template code: the render stage builds the views templates read
 *       ({@code dev.weft.render.TemplateData}).
 *   <li>{@link dev.weft.compile.Headroom} computes PFC headroom from an {@link
 *       dev.weft.compile.AsicProfile}, loaded by {@link dev.weft.compile.AsicProfiles} from sourced
 *       data files ({@code dev/weft/compile/asic/<asic>.properties}); {@link
 *       dev.weft.compile.HeadroomExplainer} shows the arithmetic for {@code weft explain-headroom}.
 *   <li>A reader of rendered files or live config that produces compiled devices should copy the
 *       intent-side facts from the intended device: {@code asic}, {@code asicProfileVersion},
 *       {@code thresholdRoundingBytes} and each PG's {@code requiredXoff}, and mark read values
 *       with origin {@code device}.
 * </ul>
 */
package dev.weft.compile;
