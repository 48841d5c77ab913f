/**
 * The fabric as immutable records with provenance (which file and line set each value): switches,
 * ports, links, hosts, NICs, traffic classes, the InfiniBand subnet. Knows nothing of YAML,
 * templates or devices.
 */
package dev.weft.model;
