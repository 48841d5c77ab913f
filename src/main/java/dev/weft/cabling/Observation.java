package dev.weft.cabling;

import dev.weft.platform.Neighbour;
import java.util.List;

/**
 * What one device said of its neighbours.
 *
 * @param device the device
 * @param neighbours its neighbours, or null when they were not read
 * @param notServed why they were not read (the command or model path the device does not serve), or
 *     null
 */
public record Observation(String device, List<Neighbour> neighbours, String notServed) {
  public Observation {
    neighbours = neighbours == null ? null : List.copyOf(neighbours);
  }

  public static Observation read(String device, List<Neighbour> neighbours) {
    return new Observation(device, neighbours, null);
  }

  public static Observation notServed(String device, String why) {
    return new Observation(device, null, why);
  }
}
