#!/usr/bin/env bash
# Session 23, call 2 (nvidia-h200), commit ed77970: the row-major sweep with the new default
# (wgpu two rows a step where a row's lanes sum by shuffles alone, OpenCL one), every point
# checked, at 64 and 256 MiB beside row_major; 1 and 2 GiB unchecked; a few more lane shapes
# A/B'd through wgpu; conformance of rbf.
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
B="bench --sizes sweep --op rbf --device wgpu:0,opencl:1 --budget 0.2 --warmup-ms 300 --no-cpu"
timeout 240 $R $B --variant row_major,row_lanes --sweep-mib 64,256 --json "$O/sweep.json" > "$O/sweep.txt" 2>&1
echo "sweep rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 120 $R $B --variant row_lanes --sweep-mib 1024,2048 --cols 8,16,32,33,64,127,256,1000,4096 --no-check --json "$O/big.json" > "$O/big.txt" 2>&1
echo "big rc=$? $(date -u +%T)" >> "$O/log.txt"
C="--variant row_lanes --sweep-mib 256 --cols 13,16,31,32,33,61,64,127,128,256,512 --no-check --device wgpu:0"
for ps in "rbf_lane_rows=1" "rbf_lane_cols=8" "rbf_lane_cols=8 rbf_lane_rows=4" "rbf_lane_rows=4"; do
  a=""; for p in $ps; do a="$a --param $p"; done
  n=$(echo "$ps" | tr ' =' '_-')
  timeout 60 $R $B $C $a --json "$O/ab-$n.json" > "$O/ab-$n.txt" 2>&1
  echo "ab $n rc=$? $(date -u +%T)" >> "$O/log.txt"
done
timeout 120 $R conform --op rbf --device wgpu:0,opencl:1 > "$O/conform.txt" 2>&1
echo "conform rc=$? $(date -u +%T)" >> "$O/log.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
