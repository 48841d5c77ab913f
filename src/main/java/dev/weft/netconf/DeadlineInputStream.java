package dev.weft.netconf;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.function.LongConsumer;

/**
 * Gives every read of the channel stream the time left until the current deadline, so one
 * RPC has one overall timeout however many reads it takes.
 */
final class DeadlineInputStream extends InputStream {

    private final InputStream in;
    private final LongConsumer setReadTimeoutMillis;
    private long deadlineNanos;

    DeadlineInputStream(InputStream in, LongConsumer setReadTimeoutMillis) {
        this.in = in;
        this.setReadTimeoutMillis = setReadTimeoutMillis;
    }

    void deadline(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
    }

    private void arm() throws InterruptedIOException {
        long leftMillis = (deadlineNanos - System.nanoTime()) / 1_000_000L;
        if (leftMillis <= 0) {
            throw new InterruptedIOException("deadline passed");
        }
        setReadTimeoutMillis.accept(leftMillis);
    }

    @Override
    public int read() throws IOException {
        arm();
        return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        arm();
        return in.read(b, off, len);
    }

    @Override
    public int available() throws IOException {
        return in.available();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
