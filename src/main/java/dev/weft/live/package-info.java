/**
 * Reading devices: the transport-independent side of drift, backup and audit (fetching a device's
 * running config through its platform pack's {@link dev.weft.platform.LiveTransport}, per-device
 * statuses), and the InfiniBand fabric read with infiniband-diags on the subnet manager host, and
 * the GPU hosts' counter commands over SSH for the audit ({@link dev.weft.live.HostReader}).
 */
package dev.weft.live;
