#!/usr/bin/env bash
# Session 23, call 3 (nvidia-h200), commit below: `duet tune --op rbf` at nine column counts of
# 256 MiB (shapes.txt: one per column bucket, odd counts inside each bucket) on both backends,
# both layouts, into a fresh cache; the report is the built-in database's H200 RBF entries.
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
S=docs/h200/run-2026-11-26-s23/call3/shapes.txt
timeout 560 $R tune --op rbf --device wgpu:0,opencl:1 --shapes $S --budget 520 --cache-dir /tmp/tc --json "$O/tune-rbf.json" > "$O/tune-rbf.txt" 2>&1
echo "tune rc=$? $(date -u +%T)" >> "$O/log.txt"
gzip -f "$O/tune-rbf.json"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
