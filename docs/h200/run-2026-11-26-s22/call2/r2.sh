#!/usr/bin/env bash
# Session 22, call 2 (nvidia-h200): row_lanes with its grid capped (rbf_lane_groups 528), the
# sweep at 64 and 256 MiB beside row_major, then its parameters A/B'd at 256 MiB.
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
B="bench --sizes sweep --op rbf --device wgpu:0,opencl:1 --budget 0.2 --warmup-ms 200 --no-cpu"
timeout 200 $R $B --variant row_major,row_lanes --sweep-mib 64,256 --json "$O/sweep.json" > "$O/sweep.txt" 2>&1
C="--variant row_lanes --sweep-mib 256 --cols 3,8,16,33,64,127,256,1000,4096 --no-check"
for p in rbf_lane_groups=264 rbf_lane_groups=1056 rbf_lane_groups=2112 rbf_lane_cols=4 rbf_lane_cols=8 rbf_wg=128 rbf_wg=512 rbf_span=1; do
  timeout 60 $R $B $C --param $p --json "$O/ab-$p.json" > /dev/null 2>&1
done
tar czf "$O/ab.tgz" -C "$O" $(cd "$O" && ls ab-*.json) && rm -f "$O"/ab-*.json
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"; date -u >> "$O/clocks.txt"
