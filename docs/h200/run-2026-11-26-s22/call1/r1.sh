#!/usr/bin/env bash
# Session 22, call 1 (nvidia-h200): the row_lanes RBF rung (commit 110d867) on the H200, both
# backends: conformance of every RBF rung, then the shape sweep of the row-major rungs beside
# the column-major default at 64 and 256 MiB (checked), and at 1 GiB (unchecked, some columns).
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
{ $R devices; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv; date -u; } > "$O/devices.txt" 2>&1
timeout 150 $R conform --op rbf --device-name H200 > "$O/conform.txt" 2>&1
timeout 60 $R conform --op rbf --variant row_lanes --device-name H200 --param rbf_span=1 >> "$O/conform.txt" 2>&1
echo "conform rc $?" >> "$O/conform.txt"
timeout 300 $R bench --sizes sweep --op rbf --variant row_major,row_lanes,default --sweep-mib 64,256 \
  --device-name H200 --budget 0.2 --warmup-ms 200 --no-cpu --json "$O/sweep.json" > "$O/sweep.txt" 2>&1
echo "sweep rc $?" >> "$O/sweep.txt"
timeout 90 $R bench --sizes sweep --op rbf --variant row_major,row_lanes,default --sweep-mib 1024 \
  --cols 3,16,33,64,127,250,1000,4096 --device-name H200 --budget 0.2 --warmup-ms 200 --no-cpu --no-check \
  --json "$O/sweep1g.json" > "$O/sweep1g.txt" 2>&1
echo "sweep1g rc $?" >> "$O/sweep1g.txt"
date -u >> "$O/devices.txt"
