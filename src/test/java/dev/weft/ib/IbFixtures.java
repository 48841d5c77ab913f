package dev.weft.ib;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.intent.SubnetMapper;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Provenance;
import dev.weft.model.Subnet;
import dev.weft.model.Switch;
import dev.weft.model.Transport;
import dev.weft.units.Speed;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-built InfiniBand inventories for tests that must not wait for the YAML loader: a fat tree of
 * switches, hosts and links as records, and the {@code subnet} section as plain Java maps turned
 * into intent nodes (each value on its own line of a pretend file) so the real {@link SubnetMapper}
 * maps it and tests can ask where any value "was written".
 */
public final class IbFixtures {

  public static final String FILE = "inventories/test/subnet.yaml";

  /** Switch node GUIDs: 0x0002c903000a0000 + index (spines first, then leaves). */
  public static String switchGuid(int index) {
    return String.format("0x%016x", 0x0002c903000a0000L + index);
  }

  /** HCA port GUID of host index k (0-based): node GUID 0x0002c90300b00000 + 2k, port 1 = +1. */
  public static String hcaGuid(int k) {
    return String.format("0x%016x", 0x0002c90300b00000L + 2L * k + 1);
  }

  /** The built model and where each subnet value sits. */
  public record Built(
      FabricModel model, Map<String, Location> where, List<Finding> mapperFindings) {
    public Location at(String pointer) {
      Location l = where.get(pointer);
      if (l == null) {
        throw new IllegalArgumentException("no value at " + pointer + "; known: " + where.keySet());
      }
      return l;
    }
  }

  /**
   * A two-tier fat tree with {@code ufm-01}/{@code ufm-02} SM hosts on the first and last leaf.
   * Leaf ports: hosts 1..H, the SM host H+1, spine s at H+1+s; spine port l goes to leaf l.
   */
  public record Topology(List<Switch> switches, List<Host> hosts, List<Link> links) {}

  public static Topology fatTree(int spines, int leaves, int hostsPerLeaf) {
    List<Switch> sw = new ArrayList<>();
    List<Host> hosts = new ArrayList<>();
    List<Link> links = new ArrayList<>();
    Location here = Location.ofFile("inventories/test/topology.yaml");
    Provenance p = Provenance.at(here);
    for (int s = 1; s <= spines; s++) {
      sw.add(
          new Switch(
              String.format("spine-%02d", s),
              "spine",
              "ib-quantum",
              null,
              null,
              null,
              List.of(),
              switchGuid(s - 1),
              p));
    }
    for (int l = 1; l <= leaves; l++) {
      sw.add(
          new Switch(
              String.format("leaf-%02d", l),
              "leaf",
              "ib-quantum",
              null,
              null,
              null,
              List.of(),
              switchGuid(spines + l - 1),
              p));
      for (int s = 1; s <= spines; s++) {
        links.add(
            link(
                String.format("leaf-%02d", l),
                hostsPerLeaf + 1 + s,
                String.format("spine-%02d", s),
                String.valueOf(l),
                here));
      }
    }
    int k = 0;
    for (int l = 1; l <= leaves; l++) {
      for (int h = 1; h <= hostsPerLeaf; h++) {
        String name = String.format("gpu-%03d", k + 1);
        hosts.add(
            new Host(
                name, List.of(), List.of(new Hca("mlx5_0", hcaGuid(k), new Speed(400), p)), p));
        links.add(link(String.format("leaf-%02d", l), h, name, "mlx5_0", here));
        k++;
      }
    }
    String[] sms = {"ufm-01", "ufm-02"};
    int[] smLeaf = {1, leaves};
    for (int i = 0; i < 2; i++) {
      hosts.add(
          new Host(
              sms[i], List.of(), List.of(new Hca("mlx5_0", hcaGuid(k), new Speed(400), p)), p));
      links.add(
          link(String.format("leaf-%02d", smLeaf[i]), hostsPerLeaf + 1, sms[i], "mlx5_0", here));
      k++;
    }
    return new Topology(sw, hosts, links);
  }

  private static Link link(String dev, int port, String peer, String peerPort, Location here) {
    return new Link(
        new Endpoint(dev, String.valueOf(port), here),
        new Endpoint(peer, peerPort, here),
        null,
        Provenance.at(here));
  }

  /** The ib-pod-b style subnet as editable plain values (maps keep insertion order). */
  public static Map<String, Object> podSubnet(Topology t) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("prefix", "0xfe80000000000000");
    String ufm1 =
        t.hosts().stream()
            .filter(h -> h.name().equals("ufm-01"))
            .findFirst()
            .orElseThrow()
            .hcas()
            .get(0)
            .portGuid();
    String ufm2 =
        t.hosts().stream()
            .filter(h -> h.name().equals("ufm-02"))
            .findFirst()
            .orElseThrow()
            .hcas()
            .get(0)
            .portGuid();
    s.put(
        "subnet-managers",
        new ArrayList<>(
            List.of(
                map("host", "ufm-01", "port-guid", ufm1, "priority", 15L),
                map("host", "ufm-02", "port-guid", ufm2, "priority", 14L))));
    s.put("routing-engine", new ArrayList<>(List.of("ftree", "updn")));
    s.put(
        "root-switches",
        new ArrayList<>(
            t.switches().stream()
                .filter(x -> x.role().equals("spine"))
                .map(Switch::name)
                .toList()));
    s.put("lmc", 0L);
    s.put("mtu", 4096L);
    s.put("rate", "400G");
    s.put(
        "qos",
        map(
            "enabled",
            true,
            "max-vls",
            8L,
            "high-limit",
            0L,
            "vlarb-high",
            new ArrayList<>(List.of(map("vl", 0L, "weight", 64L), map("vl", 1L, "weight", 64L))),
            "vlarb-low",
            new ArrayList<>(
                List.of(
                    map("vl", 0L, "weight", 64L),
                    map("vl", 1L, "weight", 64L),
                    map("vl", 2L, "weight", 64L))),
            "sl2vl",
            new ArrayList<>(
                List.of(0L, 1L, 2L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L)),
            "levels",
            new ArrayList<>(
                List.of(map("name", "DEFAULT", "sl", 0L), map("name", "storage", "sl", 1L)))));
    List<String> gpus =
        t.hosts().stream().map(Host::name).filter(n -> n.startsWith("gpu-")).toList();
    int half = gpus.size() / 2;
    s.put(
        "partitions",
        new ArrayList<>(
            List.of(
                map(
                    "name",
                    "Default",
                    "pkey",
                    "0x7fff",
                    "members",
                    new ArrayList<>(List.of(map("all", true, "membership", "limited")))),
                map(
                    "name",
                    "tenant-a",
                    "pkey",
                    "0x0101",
                    "ipoib",
                    true,
                    "mtu",
                    4096L,
                    "rate",
                    "400G",
                    "sl",
                    0L,
                    "members",
                    new ArrayList<>(
                        List.of(
                            map(
                                "hosts",
                                new ArrayList<>(gpus.subList(0, half)),
                                "membership",
                                "full")))),
                map(
                    "name",
                    "tenant-b",
                    "pkey",
                    "0x0102",
                    "ipoib",
                    true,
                    "mtu",
                    4096L,
                    "rate",
                    "400G",
                    "sl",
                    1L,
                    "members",
                    new ArrayList<>(
                        List.of(
                            map(
                                "hosts",
                                new ArrayList<>(gpus.subList(half, gpus.size())),
                                "membership",
                                "full")))))));
    s.put("adaptive-routing", map("enabled", false));
    s.put("sharp", map("enabled", true));
    return s;
  }

  /** Maps the plain subnet through the real mapper and builds the model. */
  public static Built build(Topology t, Map<String, Object> subnet) {
    Map<String, Location> where = new HashMap<>();
    int[] line = {1};
    Node root = toNode(subnet, "/subnet", where, line);
    List<Finding> findings = new ArrayList<>();
    Subnet mapped = SubnetMapper.map((MapNode) root, findings);
    Fabric fabric =
        Fabric.builder("test-ib", Transport.INFINIBAND)
            .at(Provenance.at(Location.ofFile(FILE)))
            .build();
    FabricModel model =
        FabricModel.of(
            "inventories/test",
            fabric,
            Map.of(),
            t.switches(),
            t.hosts(),
            t.links(),
            mapped,
            List.of());
    return new Built(model, where, findings);
  }

  public static Built pod() {
    Topology t = fatTree(2, 4, 4);
    return build(t, podSubnet(t));
  }

  @SuppressWarnings("unchecked")
  private static Node toNode(Object v, String pointer, Map<String, Location> where, int[] line) {
    Location at = new Location(FILE, line[0]++, 5);
    where.put(pointer, at);
    if (v instanceof Map<?, ?> m) {
      Map<String, MapNode.Entry> entries = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) {
        Node child = toNode(e.getValue(), pointer + "/" + e.getKey(), where, line);
        entries.put(e.getKey(), new MapNode.Entry(e.getKey(), child.location(), child));
      }
      return new MapNode(at, entries);
    }
    if (v instanceof List<?> l) {
      List<Node> items = new ArrayList<>();
      for (int i = 0; i < l.size(); i++) {
        items.add(toNode(l.get(i), pointer + "/" + i, where, line));
      }
      return new ListNode(at, items);
    }
    return new ScalarNode(at, v, String.valueOf(v));
  }

  /** A mutable map from key/value pairs. */
  public static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** Navigates the plain subnet by a pointer like {@code partitions/1}. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> mapAt(Map<String, Object> subnet, String path) {
    Object cur = subnet;
    for (String part : path.split("/")) {
      cur =
          cur instanceof List<?> l
              ? l.get(Integer.parseInt(part))
              : ((Map<String, Object>) cur).get(part);
    }
    return (Map<String, Object>) cur;
  }

  @SuppressWarnings("unchecked")
  public static List<Object> listAt(Map<String, Object> subnet, String path) {
    Object cur = subnet;
    for (String part : path.split("/")) {
      cur =
          cur instanceof List<?> l
              ? l.get(Integer.parseInt(part))
              : ((Map<String, Object>) cur).get(part);
    }
    return (List<Object>) cur;
  }

  private IbFixtures() {}
}
