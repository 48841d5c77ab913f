package dev.weft.compile;

import java.util.List;

/**
 * The vendor-neutral effective config of every device, compiled from the model: what templates
 * read, what drift compares, and what rules on rendered and live config check.
 * Placeholder shape: the compile work fills in the device records.
 */
public record CompiledFabric(List<CompiledDevice> devices) {
    public CompiledFabric {
        devices = List.copyOf(devices);
    }
}
