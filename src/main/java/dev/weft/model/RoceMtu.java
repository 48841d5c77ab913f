package dev.weft.model;

/**
 * The three MTUs of a RoCE fabric (fields {@code switch}, {@code nic}, {@code roce}).
 *
 * @param switchMtu L3 MTU on every switch port carrying RoCE
 * @param nic netdev MTU on every RDMA NIC
 * @param roce RoCE path MTU: 256, 512, 1024, 2048 or 4096
 */
public record RoceMtu(int switchMtu, int nic, int roce, Provenance at) {}
