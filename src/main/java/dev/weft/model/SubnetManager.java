package dev.weft.model;

/**
 * One subnet manager: the host it runs on, the HCA port it binds to, its priority.
 *
 * @param priority 0 (lowest) .. 15 (highest) when valid; kept as written so a rule can report a bad
 *     value
 */
public record SubnetManager(String host, String portGuid, long priority, Provenance at) {}
