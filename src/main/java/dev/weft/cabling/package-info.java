/**
 * The cabling audit: the neighbours devices report (LLDP) against the links the intent declares:
 * missing and wrong neighbours, neighbours the intent does not know, and swapped pairs reported
 * once, each finding on the link's intent line and naming the rails involved.
 */
package dev.weft.cabling;
