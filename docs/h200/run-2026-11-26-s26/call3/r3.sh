#!/usr/bin/env bash
# Session 26, call 3 (nvidia-h200), duet 16e403e: (1) small calls through both backends with
# the phase trace, two rounds (wgpu's mapped results and kept bind groups on, the defaults);
# (2) RBF on a column-major matrix as a user gets it (OpenCL's `sliced` now with its own
# workgroups of 512 and 2 loads in flight), every sweep column count at 64 and 256 MiB,
# checked; 4, 16 MiB and 1 GiB unchecked; (3) `tune --verify` of the built-in RBF entries
# against the new defaults at session 23's 54 shapes; (4) rbf conformance.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > "$O/clocks.txt"
S="bench --op read,argmin,argmax --size 2^10,2^14,2^18,2^20 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
L="bench --op logreg --variant multi_group --size 2^12×64 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
for round in 1 2; do
  timeout 60 $R $S --json "$O/small-$round.json" > "$O/small-$round.txt" 2>&1
  echo "small $round rc=$? $(date -u +%T)" >> "$O/log.txt"
  timeout 30 $R $L --json "$O/lr-$round.json" > "$O/lr-$round.txt" 2>&1
  echo "lr $round rc=$? $(date -u +%T)" >> "$O/log.txt"
done
B="bench --sizes sweep --op rbf --device wgpu:0,opencl:1 --budget 0.15 --warmup-ms 300 --no-cpu --variant default"
for m in 64 256; do
  timeout 130 $R $B --sweep-mib $m --json "$O/default-$m.json" > "$O/default-$m.txt" 2>&1
  echo "default $m rc=$? $(date -u +%T)" >> "$O/log.txt"
done
timeout 60 $R $B --sweep-mib 4,16,1024 --cols 8,33,64,127,256,500,777,1000,2000,4096 --no-check --json "$O/default-other.json" > "$O/default-other.txt" 2>&1
echo "other rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 100 $R tune --verify --op rbf --device wgpu:0,opencl:1 --shapes docs/h200/run-2026-11-26-s23/call4/shapes.txt --cache-dir /tmp/empty --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 40 $R conform --op rbf --device wgpu:0,opencl:1 > "$O/conform.txt" 2>&1
echo "conform rc=$? $(date -u +%T)" >> "$O/log.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call3.tgz" -C "$O" .
