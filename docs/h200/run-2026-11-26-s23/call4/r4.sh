#!/usr/bin/env bash
# Session 23, call 4 (nvidia-h200): the built-in entries of call 3 against the defaults at
# every sweep column count of 64 and 256 MiB (`duet tune --verify`), both layouts, both
# backends; then both layouts' defaults (default_row_major, default) as a user gets them
# (built-in entries on), every point checked.
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
S=docs/h200/run-2026-11-26-s23/call4/shapes.txt
timeout 300 $R tune --verify --op rbf --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/empty --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
gzip -f "$O/verify.json"
timeout 240 $R bench --sizes sweep --op rbf --variant default_row_major,default --sweep-mib 64,256 --device wgpu:0,opencl:1 --budget 0.2 --warmup-ms 300 --no-cpu --json "$O/sweep-default.json" > "$O/sweep-default.txt" 2>&1
echo "sweep rc=$? $(date -u +%T)" >> "$O/log.txt"
gzip -f "$O/sweep-default.json"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
