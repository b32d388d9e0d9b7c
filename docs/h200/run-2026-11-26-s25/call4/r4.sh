#!/usr/bin/env bash
# Session 25, call 4 (nvidia-h200): call 3 again after the built-in entries that kept the defaults
# name no rung (and two slower entries removed), as a user gets them: both layouts' defaults at every sweep column
# count of 64 and 256 MiB, checked; 4, 16 MiB and 1 GiB unchecked; `tune --verify` of the
# built-in entries at session 23's 54 shapes (27 column counts at 64 and 256 MiB); rbf
# conformance.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > "$O/clocks.txt"
B="bench --sizes sweep --op rbf --device wgpu:0,opencl:1 --budget 0.15 --warmup-ms 300 --no-cpu"
for m in 64 256; do
  timeout 190 $R $B --variant default,default_row_major --sweep-mib $m --json "$O/default-$m.json" > "$O/default-$m.txt" 2>&1
  echo "default $m rc=$? $(date -u +%T)" >> "$O/log.txt"
done
timeout 80 $R $B --variant default,default_row_major --sweep-mib 4,16,1024 --cols 8,33,64,127,256,500,777,1000,2000,4096 --no-check --json "$O/default-other.json" > "$O/default-other.txt" 2>&1
echo "other rc=$? $(date -u +%T)" >> "$O/log.txt"
S=docs/h200/run-2026-11-26-s23/call4/shapes.txt
timeout 200 $R tune --verify --op rbf --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/empty --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 40 $R conform --op rbf --device wgpu:0,opencl:1 > "$O/conform.txt" 2>&1
echo "conform rc=$? $(date -u +%T)" >> "$O/log.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call4.tgz" -C "$O" .
