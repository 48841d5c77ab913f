package dev.weft.netconf;

/** The outcome of reading one device: its reply, or why it could not be read. */
public sealed interface FetchResult permits FetchResult.Fetched, FetchResult.Failed {

    DeviceEndpoint endpoint();

    /** The device answered; {@code reply.data()} is its configuration. */
    record Fetched(DeviceEndpoint endpoint, Reply reply) implements FetchResult {
    }

    /** The device could not be read; {@code error.reason()} says why (refused, timeout, auth, ...). */
    record Failed(DeviceEndpoint endpoint, NetconfException error) implements FetchResult {
    }
}
