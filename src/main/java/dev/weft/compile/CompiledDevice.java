package dev.weft.compile;

/** One device's compiled config (switch or host). Placeholder: the compile work defines the variants. */
public interface CompiledDevice {
    /** The device name as in the intent. */
    String name();
}
