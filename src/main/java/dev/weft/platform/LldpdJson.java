package dev.weft.platform;

import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * lldpd's {@code lldpctl -f json}, the neighbour listing of every platform that runs lldpd (SONiC,
 * Cumulus Linux, Linux hosts). lldpd writes {@code lldp.interface} as one object when there is one
 * interface and as a list of one-key objects when there are more; each holds {@code chassis} (keyed
 * by the system name) and {@code port} (its {@code id} with a {@code type}, and {@code descr}).
 */
public class LldpdJson implements NeighbourReader {

  /** The command every lldpd answers with its neighbours as JSON. */
  public static final String COMMAND = "lldpctl -f json";

  @Override
  public Query query() {
    return new Command(COMMAND);
  }

  @Override
  public List<Neighbour> read(String reply, String device) throws ReadException {
    Object root;
    try {
      root = Json.parse(reply);
    } catch (JsonException e) {
      throw new ReadException(
          device + ": `" + COMMAND + "` printed no JSON: " + e.getMessage(), "lldp");
    }
    Object lldp = field(root, "lldp", device);
    List<Neighbour> out = new ArrayList<>();
    Object interfaces = lldp instanceof Map<?, ?> m ? m.get("interface") : null;
    if (interfaces == null) {
      if (!(lldp instanceof Map<?, ?>) && !(lldp instanceof List<?> l && l.isEmpty())) {
        throw new ReadException(device + ": `" + COMMAND + "`: lldp is not an object", "lldp");
      }
      return out; // no neighbour at all: lldpd prints {"lldp": {}}
    }
    List<?> entries = interfaces instanceof List<?> list ? list : List.of(interfaces);
    for (Object entry : entries) {
      if (!(entry instanceof Map<?, ?> byName)) {
        throw new ReadException(
            device + ": `" + COMMAND + "`: an interface entry is not an object", "lldp.interface");
      }
      for (Map.Entry<?, ?> e : byName.entrySet()) {
        out.add(neighbour(String.valueOf(e.getKey()), e.getValue(), device));
      }
    }
    out.sort(null);
    return out;
  }

  private static Neighbour neighbour(String port, Object value, String device)
      throws ReadException {
    String where = "lldp.interface." + port;
    if (!(value instanceof Map<?, ?> m)
        || !(m.get("chassis") instanceof Map<?, ?> chassis)
        || !(m.get("port") instanceof Map<?, ?> peerPort)) {
      throw new ReadException(
          device + ": `" + COMMAND + "`: " + where + " has no chassis and port objects", where);
    }
    if (chassis.size() != 1) {
      throw new ReadException(
          device
              + ": `"
              + COMMAND
              + "`: "
              + where
              + ".chassis names "
              + chassis.size()
              + " systems, expected one",
          where + ".chassis");
    }
    String peer = String.valueOf(chassis.keySet().iterator().next());
    String id = null;
    if (peerPort.get("id") instanceof Map<?, ?> pid && pid.get("value") != null) {
      Object type = pid.get("type");
      // a MAC address names no port: then the description carries the port's name
      id = "mac".equals(type) ? null : String.valueOf(pid.get("value"));
    }
    if (id == null && peerPort.get("descr") != null) {
      id = String.valueOf(peerPort.get("descr"));
    }
    if (id == null) {
      throw new ReadException(
          device
              + ": `"
              + COMMAND
              + "`: "
              + where
              + ".port has neither a port ID nor a"
              + " description",
          where + ".port");
    }
    return new Neighbour(port, peer, id);
  }

  private static Object field(Object root, String key, String device) throws ReadException {
    if (!(root instanceof Map<?, ?> m) || !m.containsKey(key)) {
      throw new ReadException(device + ": `" + COMMAND + "`: no \"" + key + "\" object", key);
    }
    return m.get(key);
  }
}
