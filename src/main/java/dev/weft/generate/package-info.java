/**
 * Synthetic fabrics for scale tests and benchmarks: rail-optimised RoCE and InfiniBand inventories
 * written as YAML text. Depends on no other stage.
 */
package dev.weft.generate;
