#!/usr/bin/env bash
# Session 25, call 1 (nvidia-h200): the `sliced` column-major RBF rung against `column_major`
# and `local_memory` (the old defaults: OpenCL column_major, wgpu column_major to 32 columns
# and local_memory above) at every sweep column count of 64 and 256 MiB, unchecked; `sliced`
# checked at every point; 16 MiB and 1 GiB at nine column counts; fixed slice counts A/B'd at
# 256 and 64 MiB. The binary's defaults: column_major to 32 columns, sliced above, both
# backends (provisional, to be set from these figures).
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
B="bench --sizes sweep --op rbf --device wgpu:0,opencl:1 --budget 0.15 --warmup-ms 300 --no-cpu"
timeout 200 $R $B --variant column_major,local_memory,sliced --sweep-mib 64,256 --no-check --json "$O/rungs.json" > "$O/rungs.txt" 2>&1
echo "rungs rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 150 $R $B --variant sliced --sweep-mib 64,256 --json "$O/checked.json" > "$O/checked.txt" 2>&1
echo "checked rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 90 $R $B --variant column_major,local_memory,sliced --sweep-mib 16,1024 --cols 8,33,64,127,256,500,1000,2000,4096 --no-check --json "$O/other.json" > "$O/other.txt" 2>&1
echo "other rc=$? $(date -u +%T)" >> "$O/log.txt"
for s in 1 2 4 8 16 32 64; do
  timeout 40 $R $B --variant sliced --sweep-mib 64,256 --cols 64,127,256,500,1000,2000,4096 --no-check --param rbf_slices=$s --json "$O/ab-s$s.json" > "$O/ab-s$s.txt" 2>&1
  echo "ab s$s rc=$? $(date -u +%T)" >> "$O/log.txt"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call1.tgz" -C "$O" .
