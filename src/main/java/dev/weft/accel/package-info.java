/**
 * The one seam over Weft's hand-written fast paths (the YAML subset parser, the schema quick pass,
 * the template compiler): {@code WEFT_FAST=on|off|verify} (or {@code -Dweft.fast=}). {@code off}
 * runs only the libraries; {@code verify} runs both and reports any divergence as an {@code
 * internal-error} finding naming the file; every run counts what each fast path took and declined
 * ({@code WEFT_TIMINGS=1} prints it).
 *
 * <p>Shared: used by the stages that own a fast path; depends on nothing but the JDK.
 */
package dev.weft.accel;
