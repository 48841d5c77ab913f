#!/usr/bin/python3
"""eos-session.py DB COMMAND: the SSH lab's emulation of Arista EOS's configuration sessions and its
running-config (scripts/ssh-lab), run by the lab account of an eos device whose folder is DB, with the command
line the client asked for. Standard input is what `configure session NAME` reads: commands entered in the
session, one a line.

What it emulates:
  show running-config                      the running-config text (as loaded, then as sessions changed it)
  show running-config section REGEX        every top-level command of it whose own line or any indented line
                                           matches REGEX (Python's re), printed with all its lines
  configure session NAME                   opens NAME (a snapshot of the running-config) or goes on with it, and
                                           enters the commands on standard input into it. Each line must be a
                                           command shape listed in SHAPES, in the mode its indentation puts it
                                           in (one mode per 3 spaces, as `show running-config` prints them),
                                           or one of the session's own commands: `commit timer hh:mm:ss`,
                                           `commit`, `abort`, `show session-config diffs`, `end`, `exit`, `!`
                                           comments. Any other line is refused with EOS's `% Invalid input`,
                                           exit status 1, and nothing of that input is kept; so is
                                           `interface EthernetN` for a port the running-config does not
                                           list (EOS lists every physical port: it is not on the switch).
  show session-config named NAME diffs     a unified diff from the running-config to session NAME
  commit timer hh:mm:ss                    (in the session) the session becomes the running-config; the one it
                                           replaced is kept and comes back when the timer lapses, unless
                                           `configure session NAME commit` comes first
  configure session NAME commit            confirms NAME's commit timer (or commits a pending session)
  configure session NAME abort             takes back NAME's unconfirmed commit at once (or drops the pending
                                           session)
Merging is EOS's for the shapes it knows: a command replaces the one of the same key in its mode (an
interface's service-profile, a traffic class's tx-queue, a hash family's fields), a mode command (interface,
qos profile, tx-queue, load-balance) merges its lines into the existing mode, a new command goes after the
last top-level command; `no`/`default` forms remove. The DSCP map is kept as EOS prints it: one `qos map
dscp D... to traffic-class T` line per traffic class, DSCPs ascending, the classes ascending.

What it does not emulate: every other EOS command and mode (they are refused), interactive modes and
prompts, `rollback clean-config`, `configure replace`, more than one pending session at a time, session
limits and the 24 h expiry of a pending session, `copy running-config startup-config` (the running-config
is all there is), and any effect on forwarding.

State in DB, each file replaced by one rename:
  running        the running-config text
  pending        the pending session's config text; pending-name its name
  previous       the running-config before a `commit timer` that awaits confirmation; confirm its session's
                 name and deadline (seconds since the epoch, one per line)
  lapse          armed by `ssh-lab lapse`: the next commit timer has lapsed before the next command
  fault          armed by `ssh-lab fault`: the next commit timer also enters these commands, once (another
                 writer right after the commit)
The timer is deterministic: no process waits. Every command first checks the deadline: past it (or lapsed),
the previous running-config comes back before the command runs. `--expire` (ssh-lab expire) fires it now.
"""
import difflib
import os
import re
import sys
import time

sys.dont_write_bytecode = True  # importing lab_state must not leave __pycache__ in the source tree
from lab_state import path, read, remove, write  # noqa: E402

NAME = r"[A-Za-z0-9][A-Za-z0-9._/:-]{0,99}"
NUM = r"[0-9]{1,9}"
# (mode, shape, key, child mode or None, removes): the key names what a command replaces in its mode
# ({} is the shape's first group); a shape that removes takes away the command of that key.
SHAPES = [
    ("top", r"qos map dscp ((?:%s )+)to traffic-class (%s)" % (NUM, NUM), "dscp", None, False),
    ("top", r"no qos map dscp ((?:%s )+)to traffic-class (%s)" % (NUM, NUM), "dscp", None, True),
    ("top", r"qos map traffic-class (%s) to tx-queue %s" % (NUM, NUM), "tc {}", None, False),
    ("top", r"(?:no|default) qos map traffic-class (%s)(?: to tx-queue %s)?" % (NUM, NUM), "tc {}", None, True),
    ("top", r"ip load-sharing trident fields (ip|ipv6)(?: [a-z-]+)+", "trident {}", None, False),
    ("top", r"(?:no|default) ip load-sharing trident fields (ip|ipv6)(?: [a-z-]+)*", "trident {}", None, True),
    ("top", r"priority-flow-control pause watchdog default (timeout|polling-interval|recovery-time) [0-9.]+",
     "pfcwd {}", None, False),
    ("top", r"priority-flow-control pause watchdog action (drop|notify-only)", "pfcwd action", None, False),
    ("top", r"(interface %s)" % NAME, "{}", "interface", False),
    ("top", r"(qos profile %s)" % NAME, "{}", "qos-profile", False),
    ("top", r"(load-balance policies)", "{}", "load-balance", False),
    ("interface", r"description .*", "description", None, False),
    ("interface", r"mtu %s" % NUM, "mtu", None, False),
    ("interface", r"speed [0-9a-z-]+", "speed", None, False),
    ("interface", r"flowcontrol (send|receive) (?:on|off)", "flowcontrol {}", None, False),
    ("interface", r"service-profile %s" % NAME, "service-profile", None, False),
    ("interface", r"(?:no|default) service-profile(?: %s)?" % NAME, "service-profile", None, True),
    ("interface", r"(?:qos trust (?:dscp|cos)|no qos trust)", "qos trust", None, False),
    ("interface", r"default qos trust", "qos trust", None, True),
    ("interface", r"dcbx mode (?:ieee|none)", "dcbx mode", None, False),
    ("interface", r"(?:no|default) dcbx mode", "dcbx mode", None, True),
    ("qos-profile", r"(?:qos trust (?:dscp|cos)|no qos trust)", "qos trust", None, False),
    ("qos-profile", r"default qos trust", "qos trust", None, True),
    ("qos-profile", r"(tx-queue %s)" % NUM, "{}", "tx-queue", False),
    ("qos-profile", r"priority-flow-control on", "pfc on", None, False),
    ("qos-profile", r"priority-flow-control priority (%s) no-drop" % NUM, "pfc {}", None, False),
    ("qos-profile", r"priority-flow-control pause watchdog", "pfcwd", None, False),
    ("tx-queue", r"(?:priority strict|no priority)", "priority", None, False),
    ("tx-queue", r"bandwidth percent %s" % NUM, "bandwidth", None, False),
    ("tx-queue", r"random-detect ecn minimum-threshold %s bytes maximum-threshold %s bytes "
                 r"max-mark-probability %s" % (NUM, NUM, NUM), "ecn", None, False),
    ("load-balance", r"(load-balance sand profile %s)" % NAME, "{}", "sand-profile", False),
    ("sand-profile", r"fields (ipv4|ipv6|l4)((?: outer| inner)?)(?: [a-z-]+)+", "fields {}{}", None, False),
]
SESSION_COMMANDS = re.compile(r"^(commit timer ([0-9]{2}):([0-5][0-9]):([0-5][0-9])|commit|abort|"
                              r"show session-config diffs|end|exit)$")


class Refused(Exception):
    pass


class Node:
    """One line of the config and the lines of the mode it enters."""

    def __init__(self, line, mode=None, key=None):
        self.line, self.mode, self.key, self.children = line, mode, key, []


def shape(mode, line):
    """(key, child mode, removes, match) of a command in MODE, or None."""
    for m, pattern, key, child, removes in SHAPES:
        if m != mode:
            continue
        match = re.fullmatch(pattern, line)
        if match:
            return key.format(*match.groups()), child, removes, match
    return None


def parse(text, strict, where="input"):
    """The nodes of a config text by indentation; STRICT refuses a line of no known shape (a loaded
    running-config keeps such lines, as a real one holds much Weft does not know)."""
    root = Node(None, "top")
    stack = [(-1, root)]
    session = []
    for n, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip()
        body = line.strip()
        if not body:
            continue
        indent = len(line) - len(line.lstrip(" "))
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if body.startswith("!"):
            if not strict:
                parent.children.append(Node(line.strip() if indent == 0 else body))
            continue
        if strict and indent == 0 and SESSION_COMMANDS.match(body):
            session.append(body)
            continue
        if not strict and indent == 0 and body == "end":
            root.children.append(Node("end"))
            continue
        found = shape(parent.mode, body) if parent.mode else None
        if found is None:
            if strict:
                raise Refused("%% Invalid input (at %s line %d: '%s')" % (where, n, body))
            node = Node(body, "unknown")  # kept as it is; its own lines too
        else:
            key, child, removes, _ = found
            node = Node(body, child, key)
            node.removes = removes
        if strict and session:
            raise Refused("%% Invalid input (at %s line %d: '%s' after a session command)" % (where, n, body))
        parent.children.append(node)
        stack.append((indent, node))
    return root, session


def dscp_values(line):
    m = re.fullmatch(r"(?:no )?qos map dscp ((?:[0-9]+ )+)to traffic-class ([0-9]+)", line)
    return [int(d) for d in m.group(1).split()], int(m.group(2))


def merge_dscp(parent, node):
    """EOS's DSCP map: each DSCP in one traffic class; printed one line per class."""
    values, tc = dscp_values(node.line)
    for d in values:
        if d > 63:
            raise Refused("%% Invalid input (DSCP %d is out of range 0-63)" % d)
    mapping = {}
    first = None
    for i, c in enumerate(parent.children):
        if getattr(c, "key", None) == "dscp":
            first = i if first is None else first
            ds, t = dscp_values(c.line)
            for d in ds:
                mapping[d] = t
    for d in values:
        if getattr(node, "removes", False):
            mapping.pop(d, None)
        else:
            mapping[d] = tc
    kept = [c for c in parent.children if getattr(c, "key", None) != "dscp"]
    lines = []
    for t in sorted(set(mapping.values())):
        ds = sorted(d for d, v in mapping.items() if v == t)
        lines.append(Node("qos map dscp %s to traffic-class %d" % (" ".join(map(str, ds)), t), None, "dscp"))
    at = first if first is not None else insertion(kept)
    parent.children = kept[:at] + lines + kept[at:]


def insertion(children):
    """Where a new top-level command goes: before the trailing `end` and the comments before it."""
    at = len(children)
    while at > 0 and (children[at - 1].line == "end" or children[at - 1].line.startswith("!")):
        at -= 1
    return at


def merge(parent, node):
    if node.key == "dscp":
        merge_dscp(parent, node)
        return
    same = [c for c in parent.children if getattr(c, "key", None) == node.key]
    if getattr(node, "removes", False):
        parent.children = [c for c in parent.children if getattr(c, "key", None) != node.key]
        return
    if not same:
        copy = Node(node.line, node.mode, node.key)
        parent.children.insert(insertion(parent.children) if parent.mode == "top" else len(parent.children), copy)
        same = [copy]
    target = same[0]
    target.line = node.line
    for child in node.children:
        merge(target, child)


def render(root):
    out = []

    def walk(node, depth):
        for c in node.children:
            out.append("   " * depth + c.line)
            walk(c, depth + 1)
    walk(root, 0)
    return "\n".join(out) + "\n"


def fire_timer(db, now=False):
    """Rolls an unconfirmed commit back when its timer has lapsed (or now)."""
    if not os.path.exists(path(db, "previous")):
        return
    deadline = float(read(db, "confirm").split("\n")[1])
    if now or time.time() >= deadline:
        os.replace(path(db, "previous"), path(db, "running"))
        remove(db, "confirm")


def entered(config_text, commands, where):
    """CONFIG_TEXT with COMMANDS entered; Refused when a command is not one this lab knows."""
    root, _ = parse(config_text, strict=False)
    given, session = parse(commands, strict=True, where=where)
    ports = {c.line for c in root.children if c.line.startswith("interface Ethernet")}
    for node in given.children:
        if node.line.startswith("interface Ethernet") and node.line not in ports:
            # EOS's running-config lists every physical port: one it does not list is not on the switch
            raise Refused("%% Invalid input (at token 1: '%s')" % node.line.split(" ", 1)[1])
        merge(root, node)
    return render(root), session


def diffs(running, session, name):
    return "".join(difflib.unified_diff(running.splitlines(True), session.splitlines(True),
                                        "system:/running-config", "session:/%s-session-config" % name))


def configure(db, name, stdin):
    if os.path.exists(path(db, "pending")) and read(db, "pending-name").strip() != name:
        raise Refused("% Maximum number of pending sessions has been reached (this lab keeps one)")
    base = read(db, "pending") if os.path.exists(path(db, "pending")) else read(db, "running")
    text, session = entered(base, stdin, "session " + name)
    if not session:
        write(db, "pending", text)
        write(db, "pending-name", name + "\n")
        return 0
    for cmd in session:
        m = SESSION_COMMANDS.match(cmd)
        if cmd in ("end", "exit"):
            continue
        if cmd == "show session-config diffs":
            sys.stdout.write(diffs(read(db, "running"), text, name))
        elif cmd == "abort":
            remove(db, "pending", "pending-name")
            return 0
        elif cmd == "commit":
            write(db, "running", text)
            remove(db, "pending", "pending-name")
            return 0
        else:  # commit timer
            if os.path.exists(path(db, "previous")):
                raise Refused("% Cannot commit: another session's commit awaits confirmation")
            seconds = int(m.group(2)) * 3600 + int(m.group(3)) * 60 + int(m.group(4))
            if seconds == 0:
                raise Refused("% Invalid input (the commit timer must be at least 00:00:01)")
            if os.path.exists(path(db, "fault")):  # the lab fault: another writer, once
                text, _ = entered(text, read(db, "fault"), "fault")
                remove(db, "fault")
            deadline = 0 if os.path.exists(path(db, "lapse")) else time.time() + seconds
            remove(db, "lapse")
            os.replace(path(db, "running"), path(db, "previous"))
            write(db, "confirm", "%s\n%f\n" % (name, deadline))
            write(db, "running", text)
            remove(db, "pending", "pending-name")
            return 0
    write(db, "pending", text)
    write(db, "pending-name", name + "\n")
    return 0


def main():
    if len(sys.argv) != 3:
        print("usage: eos-session.py DB COMMAND", file=sys.stderr)
        return 2
    db, command = sys.argv[1], sys.argv[2]
    if not os.path.exists(path(db, "running")):
        print("no configuration loaded", file=sys.stderr)
        return 1
    if command == "--expire":
        fire_timer(db, now=True)
        return 0
    fire_timer(db)
    try:
        if command == "show running-config":
            sys.stdout.write(read(db, "running"))
            return 0
        m = re.fullmatch(r"show running-config section (.+)", command)
        if m:
            root, _ = parse(read(db, "running"), strict=False)
            regex = re.compile(m.group(1))
            for c in root.children:
                block = render_block(c)
                if not c.line.startswith("!") and any(regex.search(l) for l in block.split("\n")):
                    sys.stdout.write(block)
            return 0
        m = re.fullmatch(r"show session-config named (%s) diffs" % NAME, command)
        if m:
            if not os.path.exists(path(db, "pending")) or read(db, "pending-name").strip() != m.group(1):
                raise Refused("% Session %s not found" % m.group(1))
            sys.stdout.write(diffs(read(db, "running"), read(db, "pending"), m.group(1)))
            return 0
        m = re.fullmatch(r"configure session (%s)(?: (commit|abort))?" % NAME, command)
        if m:
            name, verb = m.group(1), m.group(2)
            if verb is None:
                return configure(db, name, sys.stdin.read())
            awaiting = os.path.exists(path(db, "previous")) and read(db, "confirm").split("\n")[0] == name
            if verb == "commit" and awaiting:
                remove(db, "previous", "confirm")
            elif verb == "abort" and awaiting:
                os.replace(path(db, "previous"), path(db, "running"))
                remove(db, "confirm")
            elif os.path.exists(path(db, "pending")) and read(db, "pending-name").strip() == name:
                if verb == "commit":
                    write(db, "running", read(db, "pending"))
                remove(db, "pending", "pending-name")
            else:
                raise Refused("% Session %s not found" % name)
            return 0
    except Refused as e:
        print(e, file=sys.stderr)
        return 1
    print("% Invalid input", file=sys.stderr)
    return 1


def render_block(node):
    root = Node(None, "top")
    root.children = [node]
    return render(root)


if __name__ == "__main__":
    sys.exit(main())
