#!/usr/bin/env bash
# Session 23, call 5 (nvidia-h200), commit 0a7c79e (the six slower entries removed): the
# built-in entries against the defaults again at call 4's shapes (`duet tune --verify`), and the
# row-major default at 5–16 columns, checked.
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
S=docs/h200/run-2026-11-26-s23/call4/shapes.txt
timeout 300 $R tune --verify --op rbf --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/empty --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
gzip -f "$O/verify.json"
timeout 120 $R bench --sizes sweep --op rbf --variant default_row_major --sweep-mib 64,256 --cols 5,7,8,13,16 --device wgpu:0,opencl:1 --budget 0.2 --warmup-ms 300 --no-cpu --json "$O/small-cols.json" > "$O/small-cols.txt" 2>&1
echo "small-cols rc=$? $(date -u +%T)" >> "$O/log.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
