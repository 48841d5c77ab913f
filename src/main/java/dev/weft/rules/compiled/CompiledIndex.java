package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Switches and their ports by name, for rules that look across a link. Built once per rule run: the
 * compiled records only offer linear lookups, and a 32k-GPU fabric has 100,000+ ports.
 */
final class CompiledIndex {

    private final Map<String, CompiledSwitch> switches;
    private final Map<String, Map<String, CompiledPort>> ports = new HashMap<>();

    CompiledIndex(CompiledFabric compiled) {
        List<CompiledSwitch> list = compiled.switches();
        switches = new HashMap<>(Math.max(16, list.size() * 2));
        for (CompiledSwitch s : list) {
            switches.putIfAbsent(s.name(), s);
        }
    }

    CompiledSwitch switchNamed(String name) {
        return switches.get(name);
    }

    /** The port at {@code device:port} when the device is a compiled switch, else null. */
    CompiledPort port(String end) {
        int colon = end == null ? -1 : end.indexOf(':');
        if (colon <= 0) {
            return null;
        }
        return port(end.substring(0, colon), end.substring(colon + 1));
    }

    CompiledPort port(String device, String port) {
        CompiledSwitch s = switches.get(device);
        if (s == null) {
            return null;
        }
        return ports.computeIfAbsent(device, d -> {
            Map<String, CompiledPort> byName = new HashMap<>(Math.max(16, s.ports().size() * 2));
            for (CompiledPort p : s.ports()) {
                byName.putIfAbsent(p.name(), p);
            }
            return byName;
        }).get(port);
    }

    /** The device part of {@code device:port}. */
    static String device(String end) {
        int colon = end == null ? -1 : end.indexOf(':');
        return colon <= 0 ? null : end.substring(0, colon);
    }
}
