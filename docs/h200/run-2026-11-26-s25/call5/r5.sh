#!/usr/bin/env bash
# Session 25, call 5 (nvidia-h200): the final built-in entries (fixed slice counts replaced by
# the automatic one or removed; the tuner's axis is now rbf_slice_fill) at the 16 and 64 MiB
# column-major shapes where call 4 found entries slower than the defaults: the default rung
# as a user gets it, checked, and `tune --verify` of the entries there.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
timeout 150 $R bench --sizes sweep --op rbf --device wgpu:0,opencl:1 --budget 0.15 --warmup-ms 300 --no-cpu --variant default --sweep-mib 16,64 --cols 64,100,127,128,250,500,777,1000,2000,4096 --json "$O/default.json" > "$O/default.txt" 2>&1
echo "default rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 120 $R tune --verify --op rbf --device wgpu:0,opencl:1 --shapes docs/h200/run-2026-11-26-s25/call5/shapes.txt --cache-dir /tmp/empty --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call5.tgz" -C "$O" .
