/**
 * YAML text to a node tree with positions, hardened (duplicate keys, tags, alias bombs, size and
 * depth limits are findings), with a fast path for the block style inventories use. Used alike by
 * intent, rule metadata and credentials; the only importer of snakeyaml-engine.
 */
package dev.weft.yaml;
