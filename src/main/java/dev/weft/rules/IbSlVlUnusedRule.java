package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.IbQos;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ib-sl-vl-unused}: traffic on an SL goes to the VL that SL2VL maps it to. If that VL is 15 (drop),
 * at or above the VLs in use ({@code max-vls}), or has no weight in either VL arbitration table, the SL's
 * traffic is dropped or never scheduled. OpenSM silently truncates out-of-range table entries (VL 99 becomes
 * 3, weight 300 becomes 44), so every entry is range-checked at its line first.
 */
public final class IbSlVlUnusedRule implements Rule {

    @Override
    public String id() {
        return "ib-sl-vl-unused";
    }

    @Override
    public List<Finding> check(RuleInput input) {
        Subnet subnet = input.model().subnet();
        if (subnet == null || !subnet.qosEnabled()) {
            return List.of();
        }
        IbQos qos = subnet.qos();
        List<Finding> out = new ArrayList<>();
        boolean tablesValid = ranges(qos, out);

        // the SLs something uses, with the line that uses each (first one wins)
        Map<Long, Location> used = new LinkedHashMap<>();
        used.put(0L, subnet.at().self()); // SM/SA traffic: sm_sl is 0 and Weft does not change it
        for (int i = 0; i < qos.levels().size(); i++) {
            IbQos.QosLevel l = qos.levels().get(i);
            if (sl(l.sl(), "qos level " + l.name(), l.at().of("sl"), "/subnet/qos/levels/" + i + "/sl", out)) {
                used.put(l.sl(), l.at().of("sl"));
            }
        }
        List<Partition> parts = subnet.partitions();
        for (int i = 0; i < parts.size(); i++) {
            Partition p = parts.get(i);
            if (p.sl() != null && sl(p.sl(), "partition " + p.name(), p.at().of("sl"),
                    IbTopology.pointer("partitions", i, "sl"), out)) {
                used.put(p.sl(), p.at().of("sl"));
            }
        }
        if (!tablesValid) {
            return out; // mapping through a broken table would only repeat the range findings
        }
        long maxVls = qos.maxVls() == null ? IbQos.DEFAULT_MAX_VLS : qos.maxVls();
        for (Map.Entry<Long, Location> e : new java.util.TreeMap<>(used).entrySet()) {
            long sl = e.getKey();
            long vl = vlOf(qos, sl);
            Location where = qos.sl2vl().isEmpty() ? e.getValue() : qos.sl2vlAt().get((int) sl);
            String msg = null;
            if (vl == 15) {
                msg = "SL " + sl + " is in use but sl2vl maps it to VL 15, which drops its packets";
            } else if (vl >= maxVls) {
                msg = "SL " + sl + " is in use but sl2vl maps it to VL " + vl + ", at or above max-vls " + maxVls;
            } else if (weight(qos.vlarbHigh(), true, vl) == 0 && weight(qos.vlarbLow(), false, vl) == 0) {
                msg = "SL " + sl + " is in use and maps to VL " + vl
                        + ", which has no weight in vlarb-high or vlarb-low, so it is never scheduled";
            }
            if (msg != null) {
                out.add(Finding.of(id(), Severity.WARNING, msg + " (used at " + e.getValue() + ")").at(where)
                        .withPath("/subnet/qos/sl2vl/" + sl).withValues("a VL below " + maxVls + " with weight",
                                "VL " + vl));
            }
        }
        return out;
    }

    /** The VL an SL maps to: the written table, else OpenSM's default {@code 0,1,..,14,7}. */
    static long vlOf(IbQos qos, long sl) {
        if (!qos.sl2vl().isEmpty()) {
            return qos.sl2vl().get((int) sl);
        }
        return sl == 15 ? 7 : sl;
    }

    /** A VL's total weight in a table: the written one, else OpenSM's default for high or low. */
    static long weight(List<IbQos.VlWeight> table, boolean high, long vl) {
        if (table.isEmpty()) {
            return high ? (vl == 0 ? 4 : 0) : (vl == 0 ? 0 : 4);
        }
        return table.stream().filter(w -> w.vl() == vl).mapToLong(IbQos.VlWeight::weight).sum();
    }

    private boolean sl(long sl, String what, Location at, String path, List<Finding> out) {
        if (sl >= 0 && sl <= 15) {
            return true;
        }
        out.add(Finding.of(id(), Severity.ERROR, what + " uses SL " + sl + "; SLs are 0..15").at(at).withPath(path)
                .withValues("0..15", String.valueOf(sl)));
        return false;
    }

    /** Range checks on every table entry; false when a table is unusable. */
    private boolean ranges(IbQos qos, List<Finding> out) {
        boolean ok = true;
        if (qos.maxVls() != null && (qos.maxVls() < 1 || qos.maxVls() > 15)) {
            out.add(range("max-vls " + qos.maxVls() + " is outside 1..15; OpenSM would silently use 15",
                    qos.at().of("max-vls"), "/subnet/qos/max-vls", "1..15", qos.maxVls()));
            ok = false;
        }
        if (qos.highLimit() != null && (qos.highLimit() < 0 || qos.highLimit() > 255)) {
            out.add(range("high-limit " + qos.highLimit() + " is outside 0..255", qos.at().of("high-limit"),
                    "/subnet/qos/high-limit", "0..255", qos.highLimit()));
        }
        if (!qos.sl2vl().isEmpty() && qos.sl2vl().size() != 16) {
            out.add(Finding.of(id(), Severity.ERROR, "sl2vl lists " + qos.sl2vl().size()
                    + " VLs; it needs exactly 16 (one per SL). OpenSM would map the missing SLs to VL 0")
                    .at(qos.at().of("sl2vl")).withPath("/subnet/qos/sl2vl").withValues("16", String.valueOf(qos.sl2vl().size())));
            ok = false;
        }
        for (int i = 0; i < qos.sl2vl().size(); i++) {
            long vl = qos.sl2vl().get(i);
            if (vl < 0 || vl > 15) {
                out.add(range("sl2vl entry for SL " + i + " is VL " + vl + ", outside 0..15 (OpenSM would"
                        + " silently use VL " + (vl & 0xF) + ")", qos.sl2vlAt().get(i), "/subnet/qos/sl2vl/" + i, "0..15", vl));
                ok = false;
            }
        }
        ok &= weights(qos.vlarbHigh(), "vlarb-high", out);
        ok &= weights(qos.vlarbLow(), "vlarb-low", out);
        return ok;
    }

    private boolean weights(List<IbQos.VlWeight> table, String name, List<Finding> out) {
        boolean ok = true;
        for (int i = 0; i < table.size(); i++) {
            IbQos.VlWeight w = table.get(i);
            if (w.vl() < 0 || w.vl() > 14) {
                out.add(range(name + " entry VL " + w.vl() + " is outside the data VLs 0..14", w.at().of("vl"),
                        "/subnet/qos/" + name + "/" + i + "/vl", "0..14", w.vl()));
                ok = false;
            }
            if (w.weight() < 0 || w.weight() > 255) {
                out.add(range(name + " weight " + w.weight() + " is outside 0..255 (OpenSM would silently use "
                        + (w.weight() & 0xFF) + ")", w.at().of("weight"), "/subnet/qos/" + name + "/" + i + "/weight",
                        "0..255", w.weight()));
                ok = false;
            }
        }
        return ok;
    }

    private Finding range(String msg, Location at, String path, String expected, long actual) {
        return Finding.of(id(), Severity.ERROR, msg).at(at).withPath(path).withValues(expected, String.valueOf(actual));
    }
}
