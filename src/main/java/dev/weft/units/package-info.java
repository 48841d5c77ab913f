/**
 * Exact quantities with units as intent writes them: sizes, speeds, lengths and times, parsed
 * without floating point and printed back the same way. Shared values every stage may use.
 */
package dev.weft.units;
