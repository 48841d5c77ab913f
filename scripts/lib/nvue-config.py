#!/usr/bin/python3
"""nvue-config.py DB COMMAND: the SSH lab's emulation of NVUE's revision commands on a Cumulus switch
(scripts/ssh-lab), run by the lab account of an nvue device whose folder is DB, with the command line the
client asked for. Standard input is the patch where the command reads one.

State in DB, each file replaced by one rename:
  running    the applied revision, as `nv config show -o json` prints it (a list of header/set documents)
  pending    the pending revision's set document (JSON), after `nv config patch`, until apply or detach
  previous   the applied revision before an `nv config apply --confirm` that awaits `nv config confirm`
  deadline   when that apply rolls back (seconds since the epoch)
  lapse      armed by `ssh-lab lapse`: the next confirm window has lapsed before the next command
  fault      armed by `ssh-lab fault`: the next apply also applies this NVUE patch, once

The timer is deterministic: no process waits. Every command first checks the deadline: past it (or lapsed),
the previous revision becomes the applied one again before the command runs. `ssh-lab expire` fires it now.
"""
import copy
import json
import os
import re
import sys
import time

import yaml

sys.dont_write_bytecode = True  # importing lab_state must not leave __pycache__ in the source tree
from lab_state import path, read, remove, write  # noqa: E402

# the set document's top-level objects NVUE has (a patch naming anything else is refused)
ROOTS = {"acl", "bridge", "evpn", "interface", "mlag", "nve", "qos", "router", "service", "system", "vrf"}
UPLOAD = re.compile(r"^cat > (/tmp/weft-[A-Za-z0-9-]{1,80}\.yaml) && nv config patch \1; rc=\$\?; rm -f \1; exit \$rc$")
APPLY = re.compile(r"^nv config apply --confirm ([0-9]{1,6})s (-y|--y|--assume-yes)$")


class Refused(Exception):
    pass


def read_json(db, name):
    return json.loads(read(db, name))


def set_document(revision):
    out = {}
    for doc in revision:
        if isinstance(doc, dict) and isinstance(doc.get("set"), dict):
            out.update(doc["set"])
    return out


def header(revision):
    for doc in revision:
        if isinstance(doc, dict) and "header" in doc:
            return doc
    return {"header": {}}


def fire_timer(db, now=False):
    """Rolls an unconfirmed apply back when its window has lapsed (or now); True when it did."""
    if not os.path.exists(path(db, "previous")):
        return False
    with open(path(db, "deadline"), encoding="utf-8") as f:
        deadline = float(f.read().strip())
    if not now and time.time() < deadline:
        return False
    os.replace(path(db, "previous"), path(db, "running"))
    remove(db, "deadline")
    return True


def merge_set(target, tree, where):
    for k, v in tree.items():
        if isinstance(v, dict) and v:
            node = target.get(k)
            if not isinstance(node, dict):
                node = {}
                target[k] = node
            merge_set(node, v, where + [str(k)])
        elif isinstance(v, dict):
            if not isinstance(target.get(k), dict):
                target[k] = {}
        elif isinstance(v, (str, int, float, bool)):
            target[k] = v
        else:
            raise Refused("Error: invalid value at %s: %r" % (".".join(where + [str(k)]), v))


def merge_unset(target, tree, where):
    for k, v in tree.items():
        if isinstance(v, dict) and v:
            if isinstance(target.get(k), dict):
                merge_unset(target[k], v, where + [str(k)])
        else:
            target.pop(k, None)


def apply_patch(set_doc, text):
    """The pending set document after the NVUE patch in TEXT; Refused when it is not NVUE-shaped."""
    try:
        docs = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise Refused("Error: the patch is not YAML: %s" % str(e).replace("\n", " "))
    if not isinstance(docs, list):
        raise Refused("Error: a patch is a list of set/unset documents, found %s" % type(docs).__name__)
    out = copy.deepcopy(set_doc)
    for doc in docs:
        if not (isinstance(doc, dict) and len(doc) == 1 and next(iter(doc)) in ("set", "unset")):
            raise Refused("Error: expected a set or unset document, found %r" % (doc,))
        verb, tree = next(iter(doc.items()))
        if not isinstance(tree, dict):
            raise Refused("Error: %s: expected an object" % verb)
        for k in tree:
            if k not in ROOTS:
                raise Refused("Error: %s: unknown object '%s'" % (verb, k))
        if verb == "set":
            merge_set(out, tree, [])
        else:
            merge_unset(out, tree, [])
    check(out)
    return out


def check(set_doc):
    """NVUE's reference check on the result: a port's PFC profile must exist."""
    profiles = ((set_doc.get("qos") or {}).get("pfc") or {})
    for name, port in sorted((set_doc.get("interface") or {}).items()):
        profile = (((port or {}).get("qos") or {}).get("pfc") or {}).get("profile")
        if profile is not None and profile not in profiles:
            raise Refused("Error: interface %s qos pfc profile: '%s' is not a configured qos pfc profile"
                          % (name, profile))


def main():
    if len(sys.argv) != 3:
        print("usage: nvue-config.py DB COMMAND", file=sys.stderr)
        return 2
    db, command = sys.argv[1], sys.argv[2]
    if not os.path.exists(path(db, "running")):
        print("no configuration loaded", file=sys.stderr)
        return 1
    fire_timer(db)
    if command == "nv config show -o json":
        with open(path(db, "running"), encoding="utf-8") as f:
            sys.stdout.write(f.read())
        return 0
    if command == "nv config detach":
        remove(db, "pending")
        return 0
    upload = UPLOAD.match(command)
    if upload or command == "nv config patch /dev/stdin":
        text = sys.stdin.read()
        base = read_json(db, "pending") if os.path.exists(path(db, "pending")) \
            else set_document(read_json(db, "running"))
        try:
            pending = apply_patch(base, text)
        except Refused as e:
            print(e, file=sys.stderr)
            return 1
        write(db, "pending", json.dumps(pending, indent=2, sort_keys=True) + "\n")
        return 0
    apply = APPLY.match(command)
    if apply:
        if os.path.exists(path(db, "previous")):
            print("Error: an applied revision awaits confirmation", file=sys.stderr)
            return 1
        if not os.path.exists(path(db, "pending")):
            print("Error: no pending configuration to apply", file=sys.stderr)
            return 1
        running = read_json(db, "running")
        pending = read_json(db, "pending")
        if os.path.exists(path(db, "fault")):  # the lab fault: another writer right after the apply, once
            with open(path(db, "fault"), encoding="utf-8") as f:
                pending = apply_patch(pending, f.read())
            remove(db, "fault")
        head = header(running)
        revision = [head, {"set": pending}]
        # a lapsed window has its deadline at the epoch: past for every later command
        deadline = 0 if os.path.exists(path(db, "lapse")) else time.time() + int(apply.group(1))
        remove(db, "lapse")
        os.replace(path(db, "running"), path(db, "previous"))
        write(db, "deadline", "%f\n" % deadline)
        write(db, "running", json.dumps(revision, indent=2, sort_keys=True) + "\n")
        remove(db, "pending")
        print("applied; confirm within %ss (nv config confirm) or it rolls back" % apply.group(1))
        return 0
    if command == "nv config confirm":
        if not os.path.exists(path(db, "previous")):
            print("Error: no applied revision awaits confirmation", file=sys.stderr)
            return 1
        remove(db, "previous", "deadline")
        print("confirmed")
        return 0
    if command == "nv config apply --confirm-status":
        if not os.path.exists(path(db, "previous")):
            print("no applied revision awaits confirmation")
            return 0
        with open(path(db, "deadline"), encoding="utf-8") as f:
            print("%ds left" % max(0, int(float(f.read().strip()) - time.time())))
        return 0
    if command == "--expire":  # ssh-lab expire: the timer fires now
        fire_timer(db, now=True)
        return 0
    print("-sh: %s: command not found" % command.split(" ")[0], file=sys.stderr)
    return 127


if __name__ == "__main__":
    sys.exit(main())
