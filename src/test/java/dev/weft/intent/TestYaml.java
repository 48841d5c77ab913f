package dev.weft.intent;

import dev.weft.finding.Location;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Test-only: YAML text to our node tree with locations, so schema and mapper tests can state their
 * input inline without depending on the loader's limits and merge behaviour.
 */
final class TestYaml {

    private TestYaml() {}

    static MapNode parse(String file, String yaml) {
        LoadSettings settings = LoadSettings.builder().setSchema(new CoreSchema()).build();
        var root = new Compose(settings).composeString(yaml);
        if (root.isEmpty()) {
            return new MapNode(Location.ofFile(file), Map.of());
        }
        return (MapNode) convert(file, root.get());
    }

    private static Node convert(String file, org.snakeyaml.engine.v2.nodes.Node n) {
        Location at = new Location(file, n.getStartMark().get().getLine() + 1, n.getStartMark().get().getColumn() + 1);
        if (n instanceof MappingNode m) {
            Map<String, MapNode.Entry> entries = new LinkedHashMap<>();
            for (NodeTuple t : m.getValue()) {
                var k = (org.snakeyaml.engine.v2.nodes.ScalarNode) t.getKeyNode();
                Location kat = new Location(file, k.getStartMark().get().getLine() + 1, k.getStartMark().get().getColumn() + 1);
                entries.put(k.getValue(), new MapNode.Entry(k.getValue(), kat, convert(file, t.getValueNode())));
            }
            return new MapNode(at, entries);
        }
        if (n instanceof SequenceNode s) {
            List<Node> items = new ArrayList<>();
            s.getValue().forEach(i -> items.add(convert(file, i)));
            return new ListNode(at, items);
        }
        var s = (org.snakeyaml.engine.v2.nodes.ScalarNode) n;
        String text = s.getValue();
        Tag tag = s.getTag();
        Object value;
        if (tag.equals(Tag.NULL)) {
            value = null;
        } else if (tag.equals(Tag.BOOL)) {
            value = Boolean.valueOf(text.toLowerCase());
        } else if (tag.equals(Tag.INT)) {
            BigInteger big = text.startsWith("0x") ? new BigInteger(text.substring(2), 16) : new BigInteger(text);
            value = big.bitLength() < 64 ? (Object) big.longValue() : big;
        } else if (tag.equals(Tag.FLOAT)) {
            value = new BigDecimal(text);
        } else {
            value = text;
        }
        return new ScalarNode(at, value, text);
    }

    /** Minimal merge of several parsed files the way the loader does it (maps union, lists concatenated). */
    static MapNode merge(List<MapNode> roots) {
        Map<String, MapNode.Entry> out = new LinkedHashMap<>();
        for (MapNode r : roots) {
            for (MapNode.Entry e : r.entries().values()) {
                MapNode.Entry prev = out.get(e.key());
                if (prev == null) {
                    out.put(e.key(), e);
                } else if (prev.value() instanceof ListNode a && e.value() instanceof ListNode b) {
                    List<Node> items = new ArrayList<>(a.items());
                    items.addAll(b.items());
                    out.put(e.key(), new MapNode.Entry(e.key(), prev.keyLocation(), new ListNode(a.location(), items)));
                } else if (prev.value() instanceof MapNode a && e.value() instanceof MapNode b) {
                    Map<String, MapNode.Entry> m = new LinkedHashMap<>(a.entries());
                    m.putAll(b.entries());
                    out.put(e.key(), new MapNode.Entry(e.key(), prev.keyLocation(), new MapNode(a.location(), m)));
                }
            }
        }
        return new MapNode(roots.isEmpty() ? Location.ofFile("empty") : roots.get(0).location(), out);
    }
}
