package dev.weft.platform;

import java.util.List;
import java.util.Objects;

/**
 * How a platform's devices tell their neighbours (LLDP): what to ask in the session the audit
 * already opens, and how the answer maps to {@link Neighbour}s. A pack that has one returns it from
 * {@link PlatformPack#neighbours()}.
 */
public interface NeighbourReader {

  /** What to ask. */
  sealed interface Query {}

  /** A command over the SSH session whose standard output lists the neighbours (lldpd's JSON). */
  record Command(String command) implements Query {
    public Command {
      Objects.requireNonNull(command, "command");
    }
  }

  /**
   * A NETCONF {@code <get>} of the LLDP state model.
   *
   * @param path the model path named in messages (and in {@code not-served} findings)
   * @param filter the subtree filter
   */
  record StateGet(String path, String filter) implements Query {
    public StateGet {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(filter, "filter");
    }
  }

  Query query();

  /**
   * The neighbours in a reply, sorted; empty when the device has none.
   *
   * @throws ReadException when the reply is not what the platform prints
   * @throws NotServed when the reply holds no LLDP state at all (a server without the state model)
   */
  List<Neighbour> read(String reply, String device) throws ReadException, NotServed;

  /** The device answered, but without the LLDP state: its neighbours are not served. */
  final class NotServed extends Exception {
    private static final long serialVersionUID = 1L;

    public NotServed(String message) {
      super(message);
    }
  }
}
