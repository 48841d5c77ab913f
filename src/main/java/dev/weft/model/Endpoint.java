package dev.weft.model;

import dev.weft.finding.Location;

/** One end of a link, {@code device:port} as written, with its location. */
public record Endpoint(String device, String port, Location at) {
  @Override
  public String toString() {
    return device + ":" + port;
  }
}
