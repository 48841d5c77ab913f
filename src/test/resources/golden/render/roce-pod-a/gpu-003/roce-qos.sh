#!/usr/bin/env bash
# RoCE host settings for gpu-003 (fabric roce-pod-a), rendered by weft.
# Idempotent: every command sets an absolute value, so running it again changes nothing.
# Needs mlnx_qos, cma_roce_mode and cma_roce_tos (mlnx-tools); MLNX_OFED sysfs knobs are skipped when absent.
set -euo pipefail

# write_sysfs FILE VALUE: write only when the knob exists and differs.
write_sysfs() {
  if [[ -w "$1" ]]; then
    if [[ "$(cat "$1")" != "$2" ]]; then
      echo "$2" > "$1"
    fi
  else
    echo "skipping $1 (not present on this driver)" >&2
  fi
}

# pause_off IFACE: IEEE 802.3x global pause must stay off where PFC runs.
pause_off() {
  if ethtool -a "$1" | grep -Eq '^(RX|TX):[[:space:]]+on'; then
    ethtool -A "$1" rx off tx off
  fi
}

# dscp2prio IFACE PRIO DSCP...: map each DSCP to PRIO. mlnx_qos takes one code point per call; code
# points not listed keep the NIC default, priority = DSCP >> 3.
dscp2prio() {
  local iface=$1 prio=$2 dscp
  shift 2
  for dscp in "$@"; do
    mlnx_qos -i "$iface" --dscp2prio "set,$dscp,$prio"
  done
}

# ecn_enable IFACE NP RP: DCQCN per priority, NP (CNP generation) and RP (rate limiting), as 8 comma-separated
# 0/1 values indexed by priority 0..7.
ecn_enable() {
  local iface=$1 prio
  local -a np rp
  IFS=, read -ra np <<< "$2"
  IFS=, read -ra rp <<< "$3"
  for prio in 0 1 2 3 4 5 6 7; do
    write_sysfs "/sys/class/net/$iface/ecn/roce_np/enable/$prio" "${np[prio]}"
    write_sysfs "/sys/class/net/$iface/ecn/roce_rp/enable/$prio" "${rp[prio]}"
  done
}

# --- eth0 (mlx5_0, connectx-7 firmware 28.43.1014) -> leaf-01:Ethernet16
ip link set dev eth0 mtu 4200
pause_off eth0
mlnx_qos -i eth0 --trust dscp
dscp2prio eth0 0 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
mlnx_qos -i eth0 --pfc 0,0,0,1,0,0,0,0
mlnx_qos -i eth0 --cable_len 3
cma_roce_mode -d mlx5_0 -p 1 -m 2
cma_roce_tos -d mlx5_0 -t 106
write_sysfs /sys/class/infiniband/mlx5_0/tc/1/traffic_class 106
ecn_enable eth0 0,0,0,1,0,0,0,0 0,0,0,1,0,0,0,0
write_sysfs /sys/class/net/eth0/ecn/roce_np/cnp_dscp 48
write_sysfs /sys/class/net/eth0/ecn/roce_np/cnp_802p_prio 6

# --- eth1 (mlx5_1, connectx-7 firmware 28.43.1014) -> leaf-02:Ethernet16
ip link set dev eth1 mtu 4200
pause_off eth1
mlnx_qos -i eth1 --trust dscp
dscp2prio eth1 0 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
mlnx_qos -i eth1 --pfc 0,0,0,1,0,0,0,0
mlnx_qos -i eth1 --cable_len 3
cma_roce_mode -d mlx5_1 -p 1 -m 2
cma_roce_tos -d mlx5_1 -t 106
write_sysfs /sys/class/infiniband/mlx5_1/tc/1/traffic_class 106
ecn_enable eth1 0,0,0,1,0,0,0,0 0,0,0,1,0,0,0,0
write_sysfs /sys/class/net/eth1/ecn/roce_np/cnp_dscp 48
write_sysfs /sys/class/net/eth1/ecn/roce_np/cnp_802p_prio 6
