#!/usr/bin/env bash
# Session 25, call 6 (nvidia-h200), measurement only (no code change): through OpenCL, the
# `sliced` and `column_major` rungs with the defaults against workgroups of 512 and
# rbf_unroll 2 (what every re-tuned OpenCL bucket at 500-4096 columns chose), with the tuned
# entries off (DUET_TUNE=off), at 16, 64 and 256 MiB; unchecked (the same kernels were
# checked in calls 2-5). Evidence for a per-backend default, not a change.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
export DUET_TUNE=off
B="bench --sizes sweep --op rbf --device opencl:1 --budget 0.15 --warmup-ms 300 --no-cpu --no-check --variant sliced,column_major --sweep-mib 16,64,256 --cols 33,64,127,256,500,777,1000,2000,4096"
for round in 1 2; do
  timeout 100 $R $B --json "$O/base-$round.json" > "$O/base-$round.txt" 2>&1
  echo "base $round rc=$? $(date -u +%T)" >> "$O/log.txt"
  timeout 100 $R $B --param rbf_wg=512 --param rbf_unroll=2 --json "$O/wg512-$round.json" > "$O/wg512-$round.txt" 2>&1
  echo "wg512 $round rc=$? $(date -u +%T)" >> "$O/log.txt"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call6.tgz" -C "$O" .
