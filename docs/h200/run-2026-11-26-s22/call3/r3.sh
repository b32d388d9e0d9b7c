#!/usr/bin/env bash
# Session 22, call 3 (nvidia-h200): the final build (commit fee7c34: row_lanes with its grid
# capped, row_major below 8 columns by default): RBF conformance on both backends, then the
# row-major rungs at the cache-resident sizes (4, 16 MiB, checked) and at 1 and 2 GiB.
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
timeout 120 $R conform --op rbf --device wgpu:0,opencl:1 > "$O/conform.txt" 2>&1
echo "conform rc $?" >> "$O/conform.txt"
B="bench --sizes sweep --op rbf --variant row_major,row_lanes --device wgpu:0,opencl:1 --budget 0.2 --warmup-ms 200 --no-cpu"
timeout 180 $R $B --sweep-mib 4,16 --json "$O/sweep-small.json" > "$O/sweep-small.txt" 2>&1
echo "small rc $?" >> "$O/sweep-small.txt"
timeout 200 $R $B --sweep-mib 1024,2048 --cols 8,16,33,64,127,256,1000,4096 --no-check \
  --json "$O/sweep-large.json" > "$O/sweep-large.txt" 2>&1
echo "large rc $?" >> "$O/sweep-large.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"; date -u >> "$O/clocks.txt"
