package dev.weft.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * {@code weft audit}'s progress on stderr, fed the reader's {@code done/total devices} lines: on a
 * terminal one line redrawn in place with an ETA; in a CI log a plain line each time another 5 % of
 * the devices is done.
 */
final class AuditProgress implements Consumer<String> {

  private final PrintWriter err;
  private final boolean terminal;
  private final LongSupplier nanos;
  private final long start;
  private int lastStep = 0;

  AuditProgress(PrintWriter err, boolean terminal, LongSupplier nanos) {
    this.err = err;
    this.terminal = terminal;
    this.nanos = nanos;
    this.start = nanos.getAsLong();
  }

  @Override
  public synchronized void accept(String line) {
    String[] parts = line.split("[/ ]");
    if (parts.length < 2 || !parts[0].matches("[0-9]+") || !parts[1].matches("[0-9]+")) {
      return;
    }
    int done = Integer.parseInt(parts[0]);
    int total = Math.max(1, Integer.parseInt(parts[1]));
    int step = done * 20 / total; // 20 steps of 5 %
    if (terminal) {
      long elapsed = nanos.getAsLong() - start;
      long eta = done == 0 ? 0 : elapsed / done * (total - done) / 1_000_000_000L;
      err.print(
          "\rweft audit: "
              + done
              + "/"
              + total
              + " devices, ETA "
              + eta / 60
              + "m"
              + eta % 60
              + "s   ");
      err.flush();
    } else if (step > lastStep) {
      lastStep = step;
      err.println("weft audit: " + done + "/" + total + " devices (" + done * 100 / total + "%)");
      err.flush();
    }
  }
}
