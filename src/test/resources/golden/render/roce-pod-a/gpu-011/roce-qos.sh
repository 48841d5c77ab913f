#!/usr/bin/env bash
# RoCE host settings for gpu-011 (fabric roce-pod-a), rendered by weft.
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

# --- eth0 (mlx5_0, connectx-7 firmware 28.43.1014) -> leaf-03:Ethernet16
ip link set dev eth0 mtu 4200
pause_off eth0
mlnx_qos -i eth0 --trust dscp
mlnx_qos -i eth0 --dscp2prio set,8,0
mlnx_qos -i eth0 --dscp2prio set,9,0
mlnx_qos -i eth0 --dscp2prio set,10,0
mlnx_qos -i eth0 --dscp2prio set,11,0
mlnx_qos -i eth0 --dscp2prio set,12,0
mlnx_qos -i eth0 --dscp2prio set,13,0
mlnx_qos -i eth0 --dscp2prio set,14,0
mlnx_qos -i eth0 --dscp2prio set,15,0
mlnx_qos -i eth0 --dscp2prio set,16,0
mlnx_qos -i eth0 --dscp2prio set,17,0
mlnx_qos -i eth0 --dscp2prio set,18,0
mlnx_qos -i eth0 --dscp2prio set,19,0
mlnx_qos -i eth0 --dscp2prio set,20,0
mlnx_qos -i eth0 --dscp2prio set,21,0
mlnx_qos -i eth0 --dscp2prio set,22,0
mlnx_qos -i eth0 --dscp2prio set,23,0
mlnx_qos -i eth0 --dscp2prio set,24,0
mlnx_qos -i eth0 --dscp2prio set,25,0
mlnx_qos -i eth0 --dscp2prio set,27,0
mlnx_qos -i eth0 --dscp2prio set,28,0
mlnx_qos -i eth0 --dscp2prio set,29,0
mlnx_qos -i eth0 --dscp2prio set,30,0
mlnx_qos -i eth0 --dscp2prio set,31,0
mlnx_qos -i eth0 --dscp2prio set,32,0
mlnx_qos -i eth0 --dscp2prio set,33,0
mlnx_qos -i eth0 --dscp2prio set,34,0
mlnx_qos -i eth0 --dscp2prio set,35,0
mlnx_qos -i eth0 --dscp2prio set,36,0
mlnx_qos -i eth0 --dscp2prio set,37,0
mlnx_qos -i eth0 --dscp2prio set,38,0
mlnx_qos -i eth0 --dscp2prio set,39,0
mlnx_qos -i eth0 --dscp2prio set,40,0
mlnx_qos -i eth0 --dscp2prio set,41,0
mlnx_qos -i eth0 --dscp2prio set,42,0
mlnx_qos -i eth0 --dscp2prio set,43,0
mlnx_qos -i eth0 --dscp2prio set,44,0
mlnx_qos -i eth0 --dscp2prio set,45,0
mlnx_qos -i eth0 --dscp2prio set,46,0
mlnx_qos -i eth0 --dscp2prio set,47,0
mlnx_qos -i eth0 --dscp2prio set,49,0
mlnx_qos -i eth0 --dscp2prio set,50,0
mlnx_qos -i eth0 --dscp2prio set,51,0
mlnx_qos -i eth0 --dscp2prio set,52,0
mlnx_qos -i eth0 --dscp2prio set,53,0
mlnx_qos -i eth0 --dscp2prio set,54,0
mlnx_qos -i eth0 --dscp2prio set,55,0
mlnx_qos -i eth0 --dscp2prio set,56,0
mlnx_qos -i eth0 --dscp2prio set,57,0
mlnx_qos -i eth0 --dscp2prio set,58,0
mlnx_qos -i eth0 --dscp2prio set,59,0
mlnx_qos -i eth0 --dscp2prio set,60,0
mlnx_qos -i eth0 --dscp2prio set,61,0
mlnx_qos -i eth0 --dscp2prio set,62,0
mlnx_qos -i eth0 --dscp2prio set,63,0
mlnx_qos -i eth0 --pfc 0,0,0,1,0,0,0,0
mlnx_qos -i eth0 --cable_len 3
cma_roce_mode -d mlx5_0 -p 1 -m 2
cma_roce_tos -d mlx5_0 -t 106
write_sysfs /sys/class/infiniband/mlx5_0/tc/1/traffic_class 106
write_sysfs /sys/class/net/eth0/ecn/roce_np/enable/0 0
write_sysfs /sys/class/net/eth0/ecn/roce_rp/enable/0 0
write_sysfs /sys/class/net/eth0/ecn/roce_np/enable/1 0
write_sysfs /sys/class/net/eth0/ecn/roce_rp/enable/1 0
write_sysfs /sys/class/net/eth0/ecn/roce_np/enable/2 0
write_sysfs /sys/class/net/eth0/ecn/roce_rp/enable/2 0
write_sysfs /sys/class/net/eth0/ecn/roce_np/enable/3 1
write_sysfs /sys/class/net/eth0/ecn/roce_rp/enable/3 1
write_sysfs /sys/class/net/eth0/ecn/roce_np/enable/4 0
write_sysfs /sys/class/net/eth0/ecn/roce_rp/enable/4 0
write_sysfs /sys/class/net/eth0/ecn/roce_np/enable/5 0
write_sysfs /sys/class/net/eth0/ecn/roce_rp/enable/5 0
write_sysfs /sys/class/net/eth0/ecn/roce_np/enable/6 0
write_sysfs /sys/class/net/eth0/ecn/roce_rp/enable/6 0
write_sysfs /sys/class/net/eth0/ecn/roce_np/enable/7 0
write_sysfs /sys/class/net/eth0/ecn/roce_rp/enable/7 0
write_sysfs /sys/class/net/eth0/ecn/roce_np/cnp_dscp 48
write_sysfs /sys/class/net/eth0/ecn/roce_np/cnp_802p_prio 6

# --- eth1 (mlx5_1, connectx-7 firmware 28.43.1014) -> leaf-04:Ethernet16
ip link set dev eth1 mtu 4200
pause_off eth1
mlnx_qos -i eth1 --trust dscp
mlnx_qos -i eth1 --dscp2prio set,8,0
mlnx_qos -i eth1 --dscp2prio set,9,0
mlnx_qos -i eth1 --dscp2prio set,10,0
mlnx_qos -i eth1 --dscp2prio set,11,0
mlnx_qos -i eth1 --dscp2prio set,12,0
mlnx_qos -i eth1 --dscp2prio set,13,0
mlnx_qos -i eth1 --dscp2prio set,14,0
mlnx_qos -i eth1 --dscp2prio set,15,0
mlnx_qos -i eth1 --dscp2prio set,16,0
mlnx_qos -i eth1 --dscp2prio set,17,0
mlnx_qos -i eth1 --dscp2prio set,18,0
mlnx_qos -i eth1 --dscp2prio set,19,0
mlnx_qos -i eth1 --dscp2prio set,20,0
mlnx_qos -i eth1 --dscp2prio set,21,0
mlnx_qos -i eth1 --dscp2prio set,22,0
mlnx_qos -i eth1 --dscp2prio set,23,0
mlnx_qos -i eth1 --dscp2prio set,24,0
mlnx_qos -i eth1 --dscp2prio set,25,0
mlnx_qos -i eth1 --dscp2prio set,27,0
mlnx_qos -i eth1 --dscp2prio set,28,0
mlnx_qos -i eth1 --dscp2prio set,29,0
mlnx_qos -i eth1 --dscp2prio set,30,0
mlnx_qos -i eth1 --dscp2prio set,31,0
mlnx_qos -i eth1 --dscp2prio set,32,0
mlnx_qos -i eth1 --dscp2prio set,33,0
mlnx_qos -i eth1 --dscp2prio set,34,0
mlnx_qos -i eth1 --dscp2prio set,35,0
mlnx_qos -i eth1 --dscp2prio set,36,0
mlnx_qos -i eth1 --dscp2prio set,37,0
mlnx_qos -i eth1 --dscp2prio set,38,0
mlnx_qos -i eth1 --dscp2prio set,39,0
mlnx_qos -i eth1 --dscp2prio set,40,0
mlnx_qos -i eth1 --dscp2prio set,41,0
mlnx_qos -i eth1 --dscp2prio set,42,0
mlnx_qos -i eth1 --dscp2prio set,43,0
mlnx_qos -i eth1 --dscp2prio set,44,0
mlnx_qos -i eth1 --dscp2prio set,45,0
mlnx_qos -i eth1 --dscp2prio set,46,0
mlnx_qos -i eth1 --dscp2prio set,47,0
mlnx_qos -i eth1 --dscp2prio set,49,0
mlnx_qos -i eth1 --dscp2prio set,50,0
mlnx_qos -i eth1 --dscp2prio set,51,0
mlnx_qos -i eth1 --dscp2prio set,52,0
mlnx_qos -i eth1 --dscp2prio set,53,0
mlnx_qos -i eth1 --dscp2prio set,54,0
mlnx_qos -i eth1 --dscp2prio set,55,0
mlnx_qos -i eth1 --dscp2prio set,56,0
mlnx_qos -i eth1 --dscp2prio set,57,0
mlnx_qos -i eth1 --dscp2prio set,58,0
mlnx_qos -i eth1 --dscp2prio set,59,0
mlnx_qos -i eth1 --dscp2prio set,60,0
mlnx_qos -i eth1 --dscp2prio set,61,0
mlnx_qos -i eth1 --dscp2prio set,62,0
mlnx_qos -i eth1 --dscp2prio set,63,0
mlnx_qos -i eth1 --pfc 0,0,0,1,0,0,0,0
mlnx_qos -i eth1 --cable_len 3
cma_roce_mode -d mlx5_1 -p 1 -m 2
cma_roce_tos -d mlx5_1 -t 106
write_sysfs /sys/class/infiniband/mlx5_1/tc/1/traffic_class 106
write_sysfs /sys/class/net/eth1/ecn/roce_np/enable/0 0
write_sysfs /sys/class/net/eth1/ecn/roce_rp/enable/0 0
write_sysfs /sys/class/net/eth1/ecn/roce_np/enable/1 0
write_sysfs /sys/class/net/eth1/ecn/roce_rp/enable/1 0
write_sysfs /sys/class/net/eth1/ecn/roce_np/enable/2 0
write_sysfs /sys/class/net/eth1/ecn/roce_rp/enable/2 0
write_sysfs /sys/class/net/eth1/ecn/roce_np/enable/3 1
write_sysfs /sys/class/net/eth1/ecn/roce_rp/enable/3 1
write_sysfs /sys/class/net/eth1/ecn/roce_np/enable/4 0
write_sysfs /sys/class/net/eth1/ecn/roce_rp/enable/4 0
write_sysfs /sys/class/net/eth1/ecn/roce_np/enable/5 0
write_sysfs /sys/class/net/eth1/ecn/roce_rp/enable/5 0
write_sysfs /sys/class/net/eth1/ecn/roce_np/enable/6 0
write_sysfs /sys/class/net/eth1/ecn/roce_rp/enable/6 0
write_sysfs /sys/class/net/eth1/ecn/roce_np/enable/7 0
write_sysfs /sys/class/net/eth1/ecn/roce_rp/enable/7 0
write_sysfs /sys/class/net/eth1/ecn/roce_np/cnp_dscp 48
write_sysfs /sys/class/net/eth1/ecn/roce_np/cnp_802p_prio 6
