package dev.weft.netconf;

import java.util.Locale;

/** NETCONF configuration datastores (RFC 6241 §5.1). */
public enum Datastore {
  RUNNING,
  CANDIDATE,
  STARTUP;

  /** The element name: {@code running}, {@code candidate}, {@code startup}. */
  public String element() {
    return name().toLowerCase(Locale.ROOT);
  }
}
