#!/usr/bin/env bash
# RoCE host settings for gpu-012 (fabric roce-pod-a), rendered by weft.
# Run as root at every boot: none of these settings survives a reboot or a driver reload.
#   roce-qos.sh           apply every setting; idempotent (each one is an absolute value)
#   roce-qos.sh --check   report what is applied, change nothing
# Each setting goes through the interface this host has: the MLNX_OFED sysfs knobs, else the upstream mlx5
# driver's (debugfs cc_params, configfs rdma_cm), mlnx_qos (mlnx-tools) else iproute2's dcb, ip, ethtool.
# A setting no interface here can apply is named, and the script exits 1; --check exits 1 when a setting
# differs or cannot be read. Nothing is skipped without a line saying so.
set -uo pipefail

# Where the kernel's file systems are (a sandboxed dry run points these at a fake tree).
SYS=${ROCE_QOS_SYSFS:-/sys}
DEBUGFS=${ROCE_QOS_DEBUGFS:-/sys/kernel/debug}
CONFIGFS=${ROCE_QOS_CONFIGFS:-/sys/kernel/config}

mode=apply
case "${1:-}" in
  --check) mode=check ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac
problems=()
nproblems=0
iface=""
rdma=""

# report STATUS WHAT DETAIL: one line per setting; a problem is remembered for the exit status.
report() {
  printf '%-11s %s: %s\n' "$1" "$2" "$3"
  case $1 in
    unavailable|differs|failed) problems+=("$2"); nproblems=$((nproblems + 1)) ;;
  esac
}

have() { command -v "$1" >/dev/null 2>&1; }

# nic IFACE [RDMA_DEVICE]: the NIC the next settings are for.
nic() {
  iface=$1
  rdma=${2:-}
  [[ -d "$SYS/class/net/$iface" ]] || report unavailable "$iface" "no such network interface"
}

# knob WHAT FILE VALUE: a sysfs/debugfs/configfs file holding one value.
knob() {
  local what=$1 file=$2 want=$3 have_value
  have_value=$(cat "$file" 2>/dev/null) || { report unavailable "$what" "cannot read $file"; return 1; }
  if [[ "$have_value" == "$want" ]]; then
    report ok "$what" "$want ($file)"
  elif [[ $mode == check ]]; then
    report differs "$what" "want $want, have $have_value ($file)"
  elif echo "$want" > "$file" 2>/dev/null; then
    report applied "$what" "$want ($file)"
  else
    report failed "$what" "cannot write $want to $file"
  fi
}

# run WHAT COMMAND...: apply with a command (apply mode only).
run() {
  local what=$1
  shift
  if "$@" >/dev/null 2>&1; then
    report applied "$what" "$*"
  else
    report failed "$what" "$* failed"
  fi
}

# pci: the NIC's PCI address (the upstream driver's debugfs is per PCI function), or nothing.
pci() {
  local dev
  dev=$(readlink -f "$SYS/class/net/$iface/device" 2>/dev/null) || return 1
  [[ -n "$dev" ]] && basename "$dev"
}

set_mtu() {
  local want=$1 file="$SYS/class/net/$iface/mtu"
  if [[ $mode == check ]] || [[ "$(cat "$file" 2>/dev/null)" == "$want" ]]; then
    knob "mtu $iface" "$file" "$want"
  elif have ip; then
    run "mtu $iface" ip link set dev "$iface" mtu "$want"
  else
    report unavailable "mtu $iface" "no ip command (iproute2)"
  fi
}

# pause_off: IEEE 802.3x global pause must stay off where PFC runs.
pause_off() {
  local what="802.3x pause $iface" state
  if ! have ethtool; then
    report unavailable "$what" "no ethtool"
    return
  fi
  state=$(ethtool -a "$iface" 2>/dev/null) || { report unavailable "$what" "ethtool -a $iface failed"; return; }
  if ! grep -Eq '^(RX|TX):[[:space:]]+on' <<< "$state"; then
    report ok "$what" "rx off tx off"
  elif [[ $mode == check ]]; then
    report differs "$what" "want rx off tx off, have $(tr '\n' ' ' <<< "$state")"
  else
    run "$what" ethtool -A "$iface" rx off tx off
  fi
}

# dcb_qos TRUST PFC REMAP [CABLE]: trust (dscp|pcp), PFC per priority (8 comma-separated 0/1), the DSCP
# code points whose priority is not the NIC default DSCP >> 3 ("26:3 48:6"), the cable length in metres.
dcb_qos() {
  local trust=$1 pfc=$2 remap=$3 cable=${4:-}
  if have mlnx_qos; then
    mlnx_settings "$trust" "$pfc" "$remap" "$cable"
  elif have dcb; then
    dcb_settings "$trust" "$pfc" "$remap" "$cable"
  else
    local s
    for s in "trust $iface" "pfc $iface" "dscp map $iface" ${cable:+"cable length $iface"}; do
      report unavailable "$s" "neither mlnx_qos (mlnx-tools) nor dcb (iproute2) is installed"
    done
  fi
}

mlnx_settings() {
  local trust=$1 pfc=$2 remap=$3 cable=$4 state
  state=$(mlnx_qos -i "$iface" 2>/dev/null) || { report unavailable "qos $iface" "mlnx_qos -i $iface failed"; return; }
  mlnx_one "trust $iface" "$(sed -n 's/^Priority trust state: *//p' <<< "$state")" "$trust" \
    mlnx_qos -i "$iface" --trust "$trust"
  mlnx_one "pfc $iface" "$(awk '/^[[:space:]]*enabled/ { $1 = ""; gsub(/^ +| +$/, ""); gsub(/ +/, ","); print; exit }' <<< "$state")" \
    "$pfc" mlnx_qos -i "$iface" --pfc "$pfc"
  dscp_map "$remap" mlnx "$(mlnx_dscp_map <<< "$state")"
  if [[ -n "$cable" ]]; then
    mlnx_one "cable length $iface" "$(sed -n 's/^Cable len: *//p' <<< "$state")" "$cable" \
      mlnx_qos -i "$iface" --cable_len "$cable"
  fi
}

# mlnx_dscp_map: the DSCP map mlnx_qos shows ("prio:3 dscp:31,30,...,24,") as " dscp:prio ..." pairs.
mlnx_dscp_map() {
  awk '$1 ~ /^prio:/ && $2 ~ /^dscp:/ {
    p = substr($1, 6); n = split(substr($2, 6), list, ",")
    for (i = 1; i <= n; i++) if (list[i] != "") printf " %d:%s", list[i], p
  } END { print " " }'
}

# dscp_map REMAP TOOL HAVE: the code points of REMAP ("8:0 9:0") against HAVE (" 8:0 9:1 "), one report
# line for the whole map; in apply mode each differing code point is set with TOOL (mlnx or dcb).
dscp_map() {
  local remap=$1 tool=$2 have_value=$3 pair total=0 wrong="" failed=""
  for pair in $remap; do
    total=$((total + 1))
    [[ "$have_value" == *" $pair "* ]] && continue
    wrong+=" $pair"
    [[ $mode == check ]] && continue
    if [[ $tool == mlnx ]]; then
      mlnx_qos -i "$iface" --dscp2prio "set,${pair%%:*},${pair##*:}" >/dev/null 2>&1 || failed+=" $pair"
    else
      dcb app replace dev "$iface" dscp-prio "$pair" >/dev/null 2>&1 || failed+=" $pair"
    fi
  done
  if [[ -z "$wrong" ]]; then
    report ok "dscp map $iface" "$total code points off the NIC default (DSCP >> 3) as intended ($tool)"
  elif [[ $mode == check ]]; then
    report differs "dscp map $iface" "not as intended (dscp:prio):$wrong ($tool)"
  elif [[ -n "$failed" ]]; then
    report failed "dscp map $iface" "could not set$failed ($tool)"
  else
    report applied "dscp map $iface" "set$wrong ($tool)"
  fi
}

# mlnx_one WHAT HAVE WANT COMMAND...: compare, and in apply mode set with COMMAND when it differs.
mlnx_one() {
  local what=$1 have_value=$2 want=$3
  shift 3
  if [[ "$have_value" == "$want" ]]; then
    report ok "$what" "$want (mlnx_qos)"
  elif [[ $mode == check ]]; then
    report differs "$what" "want $want, have ${have_value:-nothing} (mlnx_qos)"
  else
    run "$what" "$@"
  fi
}

dcb_settings() {
  local trust=$1 pfc=$2 remap=$3 cable=$4 have_value want="" i=0 v
  have_value=$(dcb apptrust show dev "$iface" 2>/dev/null | sed -n 's/^order //p')
  mlnx_one "trust $iface" "$have_value" "$trust" dcb apptrust set dev "$iface" order "$trust"
  for v in ${pfc//,/ }; do
    want+="${want:+ }$i:$([[ $v == 1 ]] && echo on || echo off)"
    i=$((i + 1))
  done
  have_value=$(dcb pfc show dev "$iface" prio-pfc 2>/dev/null | sed -n 's/^prio-pfc //p')
  # shellcheck disable=SC2086 # one argument per priority
  mlnx_one "pfc $iface" "$have_value" "$want" dcb pfc set dev "$iface" prio-pfc $want
  have_value=" $(dcb -N app show dev "$iface" dscp-prio 2>/dev/null | sed -n 's/^dscp-prio //p') "
  dscp_map "$remap" dcb "$have_value"
  if [[ -n "$cable" ]]; then
    report unavailable "cable length $iface" "$cable m: dcb has no cable-length setting; install mlnx_qos (mlnx-tools)"
  fi
}

# roce_cm TOS: RDMA-CM's default RoCE mode (v2) and ToS byte, through configfs (both drivers), plus the
# MLNX_OFED default ToS of QPs that do not use RDMA-CM, where that knob exists.
roce_cm() {
  local tos=$1 dir="$CONFIGFS/rdma_cm/$rdma" tc="$SYS/class/infiniband/$rdma/tc/1/traffic_class"
  if [[ ! -d "$CONFIGFS/rdma_cm" ]]; then
    report unavailable "roce mode $rdma" "no $CONFIGFS/rdma_cm (load rdma_cm and mount configfs)"
    report unavailable "roce tos $rdma" "no $CONFIGFS/rdma_cm (load rdma_cm and mount configfs)"
  else
    [[ -d "$dir" || $mode == check ]] || mkdir -p "$dir" 2>/dev/null
    knob "roce mode $rdma" "$dir/ports/1/default_roce_mode" "RoCE v2"
    knob "roce tos $rdma" "$dir/ports/1/default_roce_tos" "$tos"
  fi
  if [[ -e "$tc" ]]; then
    knob "traffic class $rdma" "$tc" "$tos"
  else
    report n/a "traffic class $rdma" "no MLNX_OFED tc knob: QPs outside RDMA-CM set their own (NCCL_IB_TC=$tos, nccl.env)"
  fi
}

# ecn_enable NP RP: DCQCN per priority, NP (CNP generation) and RP (rate limiting), 8 comma-separated 0/1.
ecn_enable() {
  local -a np rp
  local prio base="$SYS/class/net/$iface/ecn"
  IFS=, read -ra np <<< "$1"
  IFS=, read -ra rp <<< "$2"
  if [[ -d "$base/roce_np/enable" && -d "$base/roce_rp/enable" ]]; then
    for prio in 0 1 2 3 4 5 6 7; do
      knob "ecn np $iface prio $prio" "$base/roce_np/enable/$prio" "${np[prio]}"
      knob "ecn rp $iface prio $prio" "$base/roce_rp/enable/$prio" "${rp[prio]}"
    done
  else
    report unavailable "ecn per priority $iface" "np $1, rp $2: no MLNX_OFED ecn knobs in $base, and the upstream mlx5 driver has no runtime per-priority switch (firmware: mlxconfig set ROCE_CC_PRIO_MASK_P1, then a firmware reset)"
  fi
}

# cnp DSCP PRIORITY: how the NIC marks the CNPs it sends (MLNX_OFED sysfs, else upstream debugfs).
cnp() {
  local dscp=$1 prio=$2 ofed="$SYS/class/net/$iface/ecn/roce_np" cc
  cc="$DEBUGFS/mlx5/$(pci)/cc_params"
  if [[ -e "$ofed/cnp_dscp" ]]; then
    knob "cnp dscp $iface" "$ofed/cnp_dscp" "$dscp"
  elif [[ -e "$cc/np_cnp_dscp" ]]; then
    knob "cnp dscp $iface" "$cc/np_cnp_dscp" "$dscp"
  else
    report unavailable "cnp dscp $iface" "$dscp: neither $ofed/cnp_dscp (MLNX_OFED) nor $cc/np_cnp_dscp (mlx5 debugfs)"
  fi
  if [[ -e "$ofed/cnp_802p_prio" ]]; then
    knob "cnp priority $iface" "$ofed/cnp_802p_prio" "$prio"
  elif [[ -e "$cc/np_cnp_prio" ]]; then
    knob "cnp priority mode $iface" "$cc/np_cnp_prio_mode" 0     # 0: use np_cnp_prio, not the packet's
    knob "cnp priority $iface" "$cc/np_cnp_prio" "$prio"
  else
    report unavailable "cnp priority $iface" "$prio: neither $ofed/cnp_802p_prio (MLNX_OFED) nor $cc/np_cnp_prio (mlx5 debugfs)"
  fi
}

# --- eth0 (mlx5_0, connectx-7 firmware 28.43.1014) -> leaf-03:Ethernet24
nic eth0 mlx5_0
set_mtu 4200
pause_off
dcb_qos dscp 0,0,0,1,0,0,0,0 " 8:0 9:0 10:0 11:0 12:0 13:0 14:0 15:0 16:0 17:0 18:0 19:0 20:0 21:0 22:0 23:0 24:0 25:0 27:0 28:0 29:0 30:0 31:0 32:0 33:0 34:0 35:0 36:0 37:0 38:0 39:0 40:0 41:0 42:0 43:0 44:0 45:0 46:0 47:0 49:0 50:0 51:0 52:0 53:0 54:0 55:0 56:0 57:0 58:0 59:0 60:0 61:0 62:0 63:0" 3
roce_cm 106
ecn_enable 0,0,0,1,0,0,0,0 0,0,0,1,0,0,0,0
cnp 48 6

# --- eth1 (mlx5_1, connectx-7 firmware 28.43.1014) -> leaf-04:Ethernet24
nic eth1 mlx5_1
set_mtu 4200
pause_off
dcb_qos dscp 0,0,0,1,0,0,0,0 " 8:0 9:0 10:0 11:0 12:0 13:0 14:0 15:0 16:0 17:0 18:0 19:0 20:0 21:0 22:0 23:0 24:0 25:0 27:0 28:0 29:0 30:0 31:0 32:0 33:0 34:0 35:0 36:0 37:0 38:0 39:0 40:0 41:0 42:0 43:0 44:0 45:0 46:0 47:0 49:0 50:0 51:0 52:0 53:0 54:0 55:0 56:0 57:0 58:0 59:0 60:0 61:0 62:0 63:0" 3
roce_cm 106
ecn_enable 0,0,0,1,0,0,0,0 0,0,0,1,0,0,0,0
cnp 48 6

if [[ $nproblems -gt 0 ]]; then
  if [[ $mode == check ]]; then
    echo "roce-qos.sh --check: $nproblems setting(s) not as intended: ${problems[*]}" >&2
  else
    echo "roce-qos.sh: $nproblems setting(s) could not be applied: ${problems[*]}" >&2
  fi
  exit 1
fi
