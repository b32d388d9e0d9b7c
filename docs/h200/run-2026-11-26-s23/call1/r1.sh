#!/usr/bin/env bash
# Session 23, call 1 (nvidia-h200): row_lanes with 1, 2 and 4 rows a work-item per step
# (rbf_lane_rows) and with fewer columns a lane, A/B'd at 256 and 64 MiB; OpenCL's 33-column
# rows padded (row_pad=2) against unpadded; the rung's conformance with 2 and 4 rows.
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
B="bench --sizes sweep --op rbf --device wgpu:0,opencl:1 --budget 0.2 --warmup-ms 300 --no-cpu --no-check --variant row_lanes"
C="--cols 8,13,16,31,32,33,61,64,127,256,1000,4096"
ab() { # name, mib, params...
  local name=$1 mib=$2; shift 2
  local ps=""; for p in "$@"; do ps="$ps --param $p"; done
  timeout 100 $R $B $C --sweep-mib $mib $ps --json "$O/ab-$mib-$name.json" > "$O/ab-$mib-$name.txt" 2>&1
  echo "$name $mib rc=$? $(date -u +%T)" >> "$O/log.txt"
}
ab base 256
ab rows2 256 rbf_lane_rows=2
ab rows4 256 rbf_lane_rows=4
ab c8rows2 256 rbf_lane_cols=8 rbf_lane_rows=2
ab c4rows4 256 rbf_lane_cols=4 rbf_lane_rows=4
ab base2 256
ab base 64
ab rows2 64 rbf_lane_rows=2
ab rows4 64 rbf_lane_rows=4
timeout 60 $R $B --cols 31,32,33,61,64 --sweep-mib 256 --param row_pad=2 --json "$O/pad2.json" > "$O/pad2.txt" 2>&1
echo "pad2 rc=$? $(date -u +%T)" >> "$O/log.txt"
for r in 2 4; do
  timeout 90 $R conform --op rbf --variant row_lanes --device wgpu:0,opencl:1 --param rbf_lane_rows=$r > "$O/conform-rows$r.txt" 2>&1
  echo "conform rows$r rc=$? $(date -u +%T)" >> "$O/log.txt"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
