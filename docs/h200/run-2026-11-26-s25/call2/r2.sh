#!/usr/bin/env bash
# Session 25, call 2 (nvidia-h200): the new column-major defaults (wgpu: column_major to 32
# columns, sliced above, 64 × 1024 work-items a launch; OpenCL: column_major to 32 columns or
# from 2^18 points, sliced otherwise, 128 × 1024) at every sweep column count of 64 and
# 256 MiB, checked; 4, 16 MiB and 1 GiB unchecked; the seeds' ladder (d = 1000) against the
# old defaults; conformance of rbf; then the H200's RBF entries re-tuned at 4 and 256 MiB
# (the column-major ones went stale with rbf_sliced) and verified against the defaults.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
B="bench --sizes sweep --op rbf --device wgpu:0,opencl:1 --budget 0.15 --warmup-ms 300 --no-cpu"
timeout 130 $R $B --variant default --sweep-mib 64,256 --json "$O/default.json" > "$O/default.txt" 2>&1
echo "default rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 60 $R $B --variant default --sweep-mib 4,16,1024 --cols 8,33,64,127,256,500,1000,2000,4096 --no-check --json "$O/default-other.json" > "$O/default-other.txt" 2>&1
echo "other rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 60 $R bench --op rbf --variant column_major,local_memory,sliced --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --json "$O/ladder.json" > "$O/ladder.txt" 2>&1
echo "ladder rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 60 $R conform --op rbf --device wgpu:0,opencl:1 > "$O/conform.txt" 2>&1
echo "conform rc=$? $(date -u +%T)" >> "$O/log.txt"
S=docs/h200/run-2026-11-26-s25/call2/shapes.txt
timeout 200 $R tune --op rbf --device wgpu:0,opencl:1 --shapes $S --budget 190 --cache-dir /tmp/tc --json "$O/tune-rbf.json" > "$O/tune-rbf.txt" 2>&1
echo "tune rc=$? $(date -u +%T)" >> "$O/log.txt"
timeout 100 $R tune --verify --op rbf --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/tc --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call2.tgz" -C "$O" .
