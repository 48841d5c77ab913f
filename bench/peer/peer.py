#!/usr/bin/python3
"""The Python peer of Weft's benchmark (docs/performance.md): the same work the way an Ansible/AVD-style
pipeline does it, in one process. PyYAML loads every file, jsonschema checks each against Weft's own
intent.schema.json (draft 2020-12), a few of Weft's rules run over the merged intent, and `render`
builds each switch's template context (the keys dev.weft.render.DeviceContext builds, headroom
included) and renders Weft's own templates/sonic/config_db.json.j2 with Jinja2.

    /usr/bin/python3 bench/peer/peer.py validate INVENTORY
    /usr/bin/python3 bench/peer/peer.py render INVENTORY OUT

Exit 0 when clean, 1 when a finding was printed (like weft), 2 on usage errors.
Needs Debian's python3-yaml, python3-jsonschema, python3-jinja2 (not pyenv's python3).
"""
import json
import os
import re
import sys
from fractions import Fraction

import jinja2
import jsonschema
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA = os.path.join(ROOT, "docs/intent.schema.json")  # the published schema, platforms filled in
TEMPLATES = os.path.join(ROOT, "templates/sonic")
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Spectrum-4 (src/main/resources/dev/weft/compile/asic/spectrum-4.properties) and IEEE pause quanta
# (dev.weft.compile.PauseQuanta): the inputs of Weft's headroom formula (dev.weft.compile.Headroom).
ASICS = {"spectrum-4": {"cell": 192, "mac_phy": Fraction(8, 10) * 1024, "pipeline": 19 * 1024, "small": 50}}
PAUSE_QUANTA = {1: 2, 10: 67, 25: 80, 40: 118, 50: 147, 100: 394, 200: 453, 400: 905, 800: 905}

SIZE = {"B": 1, "KB": 1000, "MB": 10**6, "KiB": 1024, "MiB": 2**20}
TIME = {"us": Fraction(1, 1000), "ms": 1, "s": 1000}
UNIT = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]*)\s*$")


def quantity(value, units, default):
    if isinstance(value, (int, float)):
        return Fraction(value)
    m = UNIT.match(str(value))
    if not m or (m.group(2) or default) not in units:
        raise ValueError(f"bad quantity {value!r}")
    return Fraction(m.group(1)) * units[m.group(2) or default]


def speed_gbps(value):
    return int(quantity(value, {"G": 1, "T": 1000}, "G"))


def length_m(value):
    return int(quantity(value, {"m": 1}, "m"))


def load(inventory):
    files = []
    for dirpath, dirnames, filenames in os.walk(inventory):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for f in filenames:
            if not f.startswith(".") and f.endswith((".yaml", ".yml")):
                files.append(os.path.join(dirpath, f))
    files.sort()
    docs = []
    for path in files:
        with open(path, "rb") as fh:
            docs.append((path, yaml.load(fh, Loader=Loader) or {}))
    return docs


def validate_schema(docs, findings):
    with open(SCHEMA, encoding="utf-8") as fh:
        validator = jsonschema.Draft202012Validator(json.load(fh))
    for path, doc in docs:
        for error in validator.iter_errors(doc):
            findings.append(f"{path}: schema: /{'/'.join(map(str, error.absolute_path))}: {error.message}")


def merge(docs, findings):
    merged = {"profiles": {}, "switches": [], "hosts": [], "links": [], "waivers": []}
    for path, doc in docs:
        for key, value in doc.items():
            if key in ("fabric", "subnet"):
                if key in merged:
                    findings.append(f"{path}: {key} defined twice")
                merged[key] = value
            elif key == "profiles":
                for name, profile in value.items():
                    if name in merged["profiles"]:
                        findings.append(f"{path}: profile {name} defined twice")
                    merged["profiles"][name] = profile
            elif key in ("switches", "hosts", "links", "waivers"):
                merged[key].extend(value)
    return merged


def rules(intent, findings):
    """A handful of Weft's intent rules: duplicate names, link endpoints, a port in two links, MTU."""
    devices = {}
    for kind in ("switches", "hosts"):
        for d in intent[kind]:
            if d["name"] in devices:
                findings.append(f"duplicate device {d['name']}")
            ports = {p["name"] for p in d.get("ports", ())} | {n["name"] for n in d.get("nics", ())}
            devices[d["name"]] = ports
    used = {}
    for i, link in enumerate(intent["links"]):
        for side in ("a", "b"):
            device, _, port = link[side].partition(":")
            if port not in devices.get(device, ()):
                findings.append(f"links[{i}].{side}: unknown endpoint {link[side]}")
            if link[side] in used:
                findings.append(f"links[{i}].{side}: {link[side]} is also in links[{used[link[side]]}]")
            used[link[side]] = i
    mtu = intent.get("fabric", {}).get("mtu")
    if mtu:
        if mtu["roce"] > mtu["nic"]:
            findings.append("fabric.mtu: roce MTU above the NIC MTU")
        if mtu["nic"] + 22 > mtu["switch"]:
            findings.append("fabric.mtu: NIC MTU plus headers above the switch MTU")
    # MTU mismatch across a switch-to-switch link (Weft's mtu-link-mismatch), by port index as Weft does.
    port_mtu = {}
    for sw in intent["switches"]:
        for p in sw.get("ports", ()):
            eff = dict(intent["profiles"].get(p.get("profile"), {}))
            eff.update(p)
            port_mtu[sw["name"] + ":" + p["name"]] = eff.get("mtu", (mtu or {}).get("switch"))
    for i, link in enumerate(intent["links"]):
        a, b = port_mtu.get(link["a"]), port_mtu.get(link["b"])
        if a is not None and b is not None and a != b:
            findings.append(f"links[{i}]: MTU {a} on {link['a']} but {b} on {link['b']}")
    return findings


def ceil1024(x):
    return -(-x // 1024) * 1024 if isinstance(x, int) else int(-(-x // 1024)) * 1024


def headroom(speed, cable, port_mtu, lossless_mtu, asic):
    """Weft's formula (dev.weft.compile.Headroom), exact with fractions."""
    cell = asic["cell"]
    wcf = Fraction(cell, 64) if cell > 128 else Fraction(2 * cell, 1 + cell)
    occupancy = (100 - asic["small"] + asic["small"] * wcf) / 100
    one_way = Fraction(cable * speed * 10**9, 200_000_000 * 8)
    propagation = port_mtu + 2 * one_way + asic["mac_phy"] + PAUSE_QUANTA[speed] * 64
    xoff = ceil1024(lossless_mtu + propagation * occupancy)
    xon = ceil1024(asic["pipeline"])
    return xoff, xon, ceil1024(xoff + xon)


def contexts(intent):
    """Each switch's template context: the keys DeviceContext builds for a switch."""
    fabric = intent["fabric"]
    classes = fabric["traffic-classes"]
    dscp_map = {}
    for tc in classes:
        if tc["dscp"] != "default":
            for d in tc["dscp"]:
                dscp_map[d] = tc["priority"]
    for tc in classes:
        if tc["dscp"] == "default":
            for d in range(64):
                dscp_map.setdefault(d, tc["priority"])
    dscp_map = dict(sorted(dscp_map.items()))
    queue_of = list(range(8))
    for tc in classes:
        queue_of[tc["priority"]] = tc.get("queue", tc["priority"])
    lossless = sorted(tc["priority"] for tc in classes if tc.get("lossless"))
    pg_of = [p if p in lossless else 0 for p in range(8)]
    queues, ecn_profiles = [], []
    for tc in sorted(classes, key=lambda c: c.get("queue", c["priority"])):
        q = {"queue": tc.get("queue", tc["priority"]), "traffic_class": tc["name"],
             "scheduler": tc["scheduler"]["type"], "lossless": bool(tc.get("lossless")),
             "scheduler_name": tc["name"]}
        if "weight" in tc["scheduler"]:
            q["weight"] = tc["scheduler"]["weight"]
        if "ecn" in tc:
            q["ecn_profile"] = tc["name"]
            ecn_profiles.append({"name": tc["name"], "min_bytes": int(quantity(tc["ecn"]["min"], SIZE, "B")),
                                 "max_bytes": int(quantity(tc["ecn"]["max"], SIZE, "B")),
                                 "probability": tc["ecn"]["probability"],
                                 # intent ecn.non-ect: keep (default) or drop
                                 "drop_non_ect": tc["ecn"].get("non-ect", "keep") == "drop"})
        queues.append(q)
    pfc = fabric.get("pfc", {})
    ratio = pfc.get("headroom-over-subscription")
    wd = pfc.get("watchdog")
    watchdog = None
    if wd:
        detection = int(quantity(wd["detection"], TIME, "ms"))
        watchdog = {"enabled": wd["enabled"], "action": wd["action"], "detection_ms": detection,
                    "restoration_ms": int(quantity(wd["restoration"], TIME, "ms")), "poll_ms": detection}
    peers = {}
    for link in intent["links"]:
        cable = length_m(link["cable-length"]) if "cable-length" in link else None
        peers[link["a"]] = (link["b"], cable)
        peers[link["b"]] = (link["a"], cable)
    mtu = fabric["mtu"]
    natural = lambda s: [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]
    memo = {}
    for sw in intent["switches"]:
        asic = ASICS[sw["asic"]]
        # the switch's own trust, else the fabric's (default dscp); PCP uses fabric.pcp-map, else
        # identity (Compiler.SwitchPlan)
        pcp = sw.get("trust", fabric.get("trust", "dscp")) == "pcp"
        pcp_map = fabric.get("pcp-map", list(range(8))) if pcp else None
        ports = []
        for p in sorted(sw["ports"], key=lambda p: natural(p["name"])):
            eff = dict(intent["profiles"].get(p.get("profile"), {}))
            eff.update(p)
            speed = speed_gbps(eff["speed"])
            port_mtu = eff.get("mtu", mtu["switch"])
            port = {"name": p["name"], "speed_gbps": speed, "mtu": port_mtu, "role": eff.get("role"),
                    "trust_dscp": not pcp, "pfc_priorities": lossless, "pfc_queues": sorted({queue_of[x] for x in lossless}),
                    "priority_to_queue": queue_of, "pfc_priority_to_queue": queue_of, "queues": queues,
                    "watchdog": bool(watchdog and watchdog["enabled"] and lossless),
                    "watchdog_queues": sorted({queue_of[x] for x in lossless}),
                    # A port's own watchdog action comes from a documented exception; the generated
                    # fabrics declare none, so every port keeps the fabric's (the template's fallback).
                    # ("" rather than None: None entries are dropped below, and the template reads the key.)
                    "watchdog_action": "", "link_pause": False, "headroom": [],
                    "speed_mbps": speed * 1000, "pfc_priorities_csv": csv(lossless),
                    "watchdog_queues_csv": csv(sorted({queue_of[x] for x in lossless}))}
            peer = peers.get(sw["name"] + ":" + p["name"])
            if peer:
                port["peer"] = peer[0]
                if peer[1] is not None:
                    port["cable_length_m"] = peer[1]
                    key = (speed, peer[1], port_mtu, mtu["nic"], sw["asic"])
                    if key not in memo:
                        memo[key] = headroom(speed, peer[1], port_mtu, mtu["nic"], asic)
                    xoff, xon, size = memo[key]
                    if ratio is not None:
                        size = xon  # a shared headroom pool holds the xoff: the PG reserves its xon
                    port["headroom"] = [{"pg": pg_of[x], "xoff": xoff, "xon": xon, "size": size} for x in lossless]
            ports.append({k: v for k, v in port.items() if v is not None})
        # the shared headroom pool: the switch's summed lossless xoff over the ratio, rounded up
        # (Compiler.sharedHeadroomPool); None (left out) without a ratio or without headroom
        pooled = sum(pg["xoff"] for port in ports for pg in port["headroom"])
        shared_pool = -(-pooled // ratio) if ratio is not None and pooled else None
        profiles, bindings, name_of = {}, [], {}
        for port in ports:
            for pg in port["headroom"]:
                key = (port["speed_gbps"], port.get("cable_length_m"), port["mtu"], pg["xoff"], pg["xon"], pg["size"])
                name = name_of.get(key)
                if name is None:
                    base = f"pg_lossless_{port['speed_gbps'] * 1000}_{port.get('cable_length_m', 'unknown')}m"
                    name = base + "_profile"
                    n = 2
                    while name in profiles:
                        name = f"{base}_mtu{port['mtu']}_{n}_profile"
                        n += 1
                    name_of[key] = name
                    profiles[name] = {"name": name, "xoff": pg["xoff"], "xon": pg["xon"], "size": pg["size"]}
                bindings.append({"port": port["name"], "pg": pg["pg"], "profile": name})
        by_priority = {}
        for d, prio in dscp_map.items():
            by_priority.setdefault(prio, []).append(d)
        ctx = {"kind": "switch", "name": sw["name"], "role": sw["role"], "platform": sw["platform"],
               "asic": sw.get("asic"), "os_version": sw.get("os-version"), "fabric": fabric["name"],
               "congestion_control": fabric.get("congestion-control"), "dscp_to_priority": dscp_map,
               "priority_to_queue": queue_of, "priority_to_pg": pg_of, "lossless_priorities": lossless,
               "queues": queues, "ecn_profiles": ecn_profiles, "watchdog": watchdog, "link_pause": False,
               "ecmp_hash_fields": fabric.get("ecmp", {}).get("hash-fields", []), "ports": ports,
               "buffer_profiles": [profiles[k] for k in sorted(profiles)], "buffer_pgs": bindings,
               # fabric.pfc's buffer knobs as TemplateData names them; None (left out) when unset
               "lossless_dynamic_th": pfc.get("dynamic-threshold"),
               "shared_headroom_pool_bytes": shared_pool,
               # PCP p → priority where the switch trusts PCP; None (left out) where it trusts DSCP
               "pcp_to_priority": pcp_map,
               "dscp_by_priority": [{"priority": p, "dscp": d} for p, d in sorted(by_priority.items())],
               "port_queues": [dict(q, port=port["name"]) for port in ports for q in port["queues"]]}
        if sw["platform"] == "sonic":
            # what the sonic pack's templateData gives a switch without a hwsku (the generator names none)
            facts = {"hash_fields": [SONIC_HASH[f] for f in ctx["ecmp_hash_fields"] if f in SONIC_HASH],
                     "lossless_pool": "ingress_lossless_pool"}
            facts.update(hwsku_facts(sw.get("hwsku"), [port["name"] for port in ports]))
            ctx["facts"] = facts
        yield sw, {k: v for k, v in ctx.items() if v is not None}


# SWITCH_HASH ecmp_hash names, as the sonic pack spells the intent's hash fields (SonicPack.HASH)
SONIC_HASH = {"src-ip": "SRC_IP", "dst-ip": "DST_IP", "ip-protocol": "IP_PROTOCOL", "l4-src-port": "L4_SRC_PORT",
              "l4-dst-port": "L4_DST_PORT", "src-mac": "SRC_MAC", "dst-mac": "DST_MAC", "ethertype": "ETHERTYPE",
              "vlan-id": "VLAN_ID", "in-port": "IN_PORT", "ipv6-flow-label": "IPV6_FLOW_LABEL"}

HWSKU_DIR = os.path.join(ROOT, "src/main/resources/dev/weft/platform/sonic/hwsku")


def hwsku_facts(name, port_names):
    """The sonic pack's HWSKU facts (SonicHwskus): platform, the ports' lanes/alias/index, BUFFER_POOL."""
    if not name:
        return {}
    props = {}
    with open(os.path.join(HWSKU_DIR, name + ".properties"), encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                key, value = line.split("=", 1)
                props[key.strip()] = value.strip()
    ports = {}
    for port in port_names:
        spec = props.get("port." + port)
        if spec is not None:
            lanes, alias, index, _speed = spec.split()
            ports[port] = {"lanes": lanes, "alias": alias, "index": index}
    pools = []
    for key in sorted(k for k in props if k.startswith("pool.")):
        kind, mode, size = props[key].split()
        pools.append({"name": key[len("pool."):], "type": kind, "mode": mode, "size": size})
    return {"hwsku": name, "platform": props["platform"], "ports": ports, "pools": pools}


def csv(values):
    """A list as one comma-joined string (SONiC's pfc_enable), None when empty: as DeviceContext."""
    return ",".join(str(v) for v in values) or None


def render(intent, out):
    # Trim/lstrip blocks as Weft's engine does. StrictUndefined, as Weft's engine fails on unknown
    # variables: a key the template reads that this context lacks is an error here, never a silent "".
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=False,
                             keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    template = env.get_template("config_db.json.j2")  # compiled once, used for every switch
    count = 0
    for sw, ctx in contexts(intent):
        if sw["platform"] != "sonic":
            continue
        text = template.render(ctx)
        folder = os.path.join(out, sw["name"])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "config_db.json"), "w", encoding="utf-8") as fh:
            # As Weft writes *.json: canonical, sorted keys, four-space indent.
            fh.write(json.dumps(json.loads(text), indent=4, sort_keys=True, ensure_ascii=False) + "\n")
        count += 1
    return count


def main(argv):
    if len(argv) < 2 or argv[0] not in ("validate", "render") or (argv[0] == "render" and len(argv) != 3):
        print("usage: peer.py validate INVENTORY | peer.py render INVENTORY OUT", file=sys.stderr)
        return 2
    findings = []
    docs = load(argv[1])
    validate_schema(docs, findings)
    intent = merge(docs, findings)
    rules(intent, findings)
    for f in findings:
        print(f)
    if argv[0] == "render" and not findings:
        n = render(intent, argv[2])
        print(f"peer: rendered {n} switches into {argv[2]}", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
