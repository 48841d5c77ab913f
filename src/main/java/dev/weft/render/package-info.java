/**
 * Compiled devices to files through Jinjava templates; with its subpackage {@code
 * dev.weft.render.fast}, the only package that imports Jinjava.
 *
 * <p>{@link dev.weft.render.Renderer} renders a {@link dev.weft.compile.CompiledFabric} device by
 * device (in parallel, results in device order) into a {@link dev.weft.render.RenderSink} ({@link
 * dev.weft.render.DirectorySink} writes {@code DIR/<device>/<file>}), and returns a {@link
 * dev.weft.render.RenderResult}: the files written, {@code render-error} findings located at
 * template file:line for devices that could not be rendered, and a {@link
 * dev.weft.render.RenderSummary}. {@link dev.weft.render.Renderer#renderDevice} and {@code
 * renderDeviceAs} render one device in memory (for drift and diffs).
 *
 * <p>{@link dev.weft.render.TemplateEngine} is the sandbox (unknown variables fail, includes stay
 * in the templates folders, no Java calls, output capped, no clock or randomness); {@link
 * dev.weft.render.TemplateFolders} resolves templates in a {@code --templates} folder first, then
 * the built-ins; a platform's {@code manifest.properties} ({@link
 * dev.weft.render.PlatformManifest}) lists its output files. Templates within the subset {@link
 * dev.weft.render.fast.FastTemplate} compiles (every built-in one) render through that compiled
 * program, falling back to Jinjava for anything it is not sure of.
 */
package dev.weft.render;
