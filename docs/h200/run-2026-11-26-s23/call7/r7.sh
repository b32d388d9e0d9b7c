#!/usr/bin/env bash
# Session 23, call 7 (nvidia-h200), the commit after 0a7c79e (those two entries naming
# the defaults' rung, local_memory): the built-in entries against the defaults again at call
# 4's shapes (`duet tune --verify`).
set -u
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=${OUT:-/tmp/out}
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
S=docs/h200/run-2026-11-26-s23/call4/shapes.txt
timeout 300 $R tune --verify --op rbf --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/empty --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
gzip -f "$O/verify.json"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
