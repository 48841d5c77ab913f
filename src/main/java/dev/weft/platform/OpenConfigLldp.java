package dev.weft.platform;

import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;

/**
 * The neighbours in openconfig-lldp's operational state ({@code
 * /lldp/interfaces/interface/neighbors}), which the OpenConfig-speaking NETCONF servers serve
 * (Arista EOS, Nokia SR Linux, OpenConfig targets): per interface, each neighbour's {@code
 * state/system-name} and {@code state/port-id} (its {@code port-description} when the ID is a MAC
 * address). A reply without an {@code <lldp>} tree is a server that does not serve the model.
 */
public class OpenConfigLldp implements NeighbourReader {

  static final String NS = "http://openconfig.net/yang/lldp";

  /** The model path asked for, as messages name it. */
  public static final String PATH = "openconfig-lldp:/lldp/interfaces/interface/neighbors";

  @Override
  public Query query() {
    return new StateGet(PATH, "<lldp xmlns=\"" + NS + "\"><interfaces/></lldp>");
  }

  @Override
  public List<Neighbour> read(String reply, String device) throws ReadException, NotServed {
    Element data = SafeXml.configOrData(reply, device + " get " + PATH);
    Element lldp = SafeXml.child(data, NS, "lldp");
    if (lldp == null) {
      throw new NotServed(device + " holds no openconfig-lldp state at " + PATH);
    }
    List<Neighbour> out = new ArrayList<>();
    for (Element itf : SafeXml.children(SafeXml.child(lldp, NS, "interfaces"), NS, "interface")) {
      String port = SafeXml.text(itf, NS, "name");
      for (Element n : SafeXml.children(SafeXml.child(itf, NS, "neighbors"), NS, "neighbor")) {
        String peer = SafeXml.text(n, NS, "state", "system-name");
        String id = SafeXml.text(n, NS, "state", "port-id");
        String type = SafeXml.text(n, NS, "state", "port-id-type");
        if (id == null || (type != null && type.endsWith("MAC_ADDRESS"))) {
          id = SafeXml.text(n, NS, "state", "port-description");
        }
        if (port == null || peer == null || id == null) {
          throw new ReadException(
              device
                  + ": "
                  + PATH
                  + ": a neighbour of interface "
                  + port
                  + " lacks its system-name or port-id",
              "/lldp/interfaces/interface[" + port + "]/neighbors");
        }
        out.add(new Neighbour(port, peer, id));
      }
    }
    out.sort(null);
    return out;
  }
}
