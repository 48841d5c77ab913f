package dev.weft.netconf;

import java.util.Objects;

/** A device to read: where it listens and how to log in. */
public record DeviceTarget(DeviceEndpoint endpoint, Credentials credentials) {

    public DeviceTarget {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(credentials, "credentials");
    }
}
