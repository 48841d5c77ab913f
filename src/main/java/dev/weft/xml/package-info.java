/**
 * The one XML hardening: every XML Weft reads (NETCONF messages, device replies, files) goes
 * through {@link dev.weft.xml.HardenedXml}, which refuses a DOCTYPE outright (no DTDs, no internal
 * or external entities, no XInclude) and prints nothing. Shared: depends on the JDK only.
 */
package dev.weft.xml;
