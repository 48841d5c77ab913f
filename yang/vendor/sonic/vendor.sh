#!/usr/bin/env bash
# Reproduces yang/vendor/sonic/ from sonic-net/sonic-buildimage at the pinned commit: the published
# sonic-yang-models files Weft checks its rendered config_db.json against, and the package's licence.
#
# Usage: yang/vendor/sonic/vendor.sh GIT_DIR [--check]
#   GIT_DIR  a clone or bare snapshot of https://github.com/sonic-net/sonic-buildimage that holds the
#            commit below (a fetched snapshot of the whole repository works: only `git cat-file` is used)
#   --check  compare instead of write: exit 1 naming every file that differs from the recipe
#
# How the copy was made (2026-12): the search tool's `fetch github:sonic-net/sonic-buildimage` brought
# a bare snapshot; this script read the files below from it at COMMIT.
#
# What is copied, unchanged:
#   src/sonic-yang-models/yang-models/sonic-<m>.yang for every module in MODULES (the CONFIG_DB tables
#   Weft renders, plus what they import), and src/sonic-yang-models/LICENSE.
# What is generated:
#   sonic-types.yang and sonic-extension.yang are Jinja templates upstream (yang-templates/*.yang.j2);
#   the package's setup.py renders them with yang_model_type="py" for the Python tools (sonic-yang-mgmt,
#   the Generic Config Updater) and with "cvl" for the management framework. The only template syntax
#   in them is `{% if yang_model_type == "cvl" %} A {% else %} B {% endif %}` (trim_blocks): the "py"
#   rendering keeps B, which is what render_py below does. Nothing else is edited.
set -euo pipefail

COMMIT=086b03bd70f9e211aaaf5f6aefe0790b508d2a94
SRC=src/sonic-yang-models
MODULES=(
  buffer-pg buffer-pool buffer-profile cable-length device_metadata dot1p-tc-map dscp-tc-map hash
  macsec pfc-priority-priority-group-map pfc-priority-queue-map pfcwd port port-qos-map queue
  portchannel scheduler tc-dscp-map tc-priority-group-map tc-queue-map vrf wred-profile
)
TEMPLATES=(types extension)

git_dir=${1:?usage: vendor.sh GIT_DIR [--check]}
check=${2:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

blob() { git --git-dir="$git_dir" cat-file blob "$COMMIT:$1"; }

# The "py" rendering of a yang-templates file: keep the {% else %} branch of each
# {% if yang_model_type == "cvl" %} block; with trim_blocks the tag lines vanish whole.
render_py() {
  awk '
    /^[[:space:]]*\{% if yang_model_type == "cvl" %\}[[:space:]]*$/ { state = "cvl"; next }
    /^[[:space:]]*\{% else %\}[[:space:]]*$/ && state == "cvl" { state = "py"; next }
    /^[[:space:]]*\{% endif %\}[[:space:]]*$/ && state != "" { state = ""; next }
    /\{[%{#]/ { print "vendor.sh: unexpected template syntax at line " NR ": " $0 > "/dev/stderr"; exit 3 }
    state != "cvl" { print }
  '
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
blob "$SRC/LICENSE" > "$out/LICENSE"
for m in "${MODULES[@]}"; do
  blob "$SRC/yang-models/sonic-$m.yang" > "$out/sonic-$m.yang"
done
for t in "${TEMPLATES[@]}"; do
  blob "$SRC/yang-templates/sonic-$t.yang.j2" | render_py > "$out/sonic-$t.yang"
done

if [ "$check" = --check ]; then
  rc=0
  for f in "$out"/*; do
    cmp -s "$f" "$here/$(basename "$f")" || { echo "differs: $(basename "$f")"; rc=1; }
  done
  exit $rc
fi
cp "$out"/* "$here/"
echo "vendor.sh: wrote $(find "$out" -type f | wc -l) files from $COMMIT into $here"
