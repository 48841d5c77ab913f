#!/usr/bin/python3
"""json-patch.py DOC PATCH OUT: applies the RFC 6902 patch in PATCH to the JSON document DOC and writes
the result to OUT (sorted keys, four-space indent). An independent implementation of JSON Patch for the
SSH lab's emulated SONiC `config apply-patch` (scripts/ssh-lab): Debian's python3-jsonpatch, as SONiC's
Generic Config Updater itself uses. A patch that does not apply (a path that does not resolve, a failed
test op) exits 1 with jsonpatch's message; DOC is never written."""
import json
import sys

import jsonpatch

def main():
    if len(sys.argv) != 4:
        print("usage: json-patch.py DOC PATCH OUT", file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    try:
        with open(sys.argv[2], encoding="utf-8") as f:
            patch = jsonpatch.JsonPatch(json.load(f))
        result = patch.apply(doc)
    except (ValueError, jsonpatch.JsonPatchException, jsonpatch.JsonPointerException) as e:
        print(f"{type(e).__name__}: {e}", file=sys.stderr)
        return 1
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        json.dump(result, f, indent=4, sort_keys=True)
        f.write("\n")
    return 0

if __name__ == "__main__":
    sys.exit(main())
