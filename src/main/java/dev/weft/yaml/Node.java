package dev.weft.yaml;

import dev.weft.finding.Location;

/**
 * A YAML value with the place it was written. The loader turns snakeyaml-engine's tree into these
 * so nothing past {@code intent} depends on the YAML library.
 */
public sealed interface Node permits MapNode, ListNode, ScalarNode {
    /** Where the value starts (1-based). */
    Location location();
}
