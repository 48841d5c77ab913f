package dev.weft.model;

/**
 * How drift reaches a switch: NETCONF over SSH at host:port with a named credential (never a
 * secret).
 */
public record Management(String host, int port, String credentials, Provenance at) {}
