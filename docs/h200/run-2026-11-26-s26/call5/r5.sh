#!/usr/bin/env bash
# Session 26, call 5 (nvidia-h200), duet 87b5fb1: the logistic gradient tuned at 64 and 256 MiB
# (session 23's 54 sweep shapes, one target per bucket; the H200's logistic entries stopped at
# 16 MiB, which is L2-resident here), with the bucket and size edges; then `tune --verify` of
# the new entries at all 54 shapes (cache entries first, then the built-in ones).
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O" /tmp/tc
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > "$O/clocks.txt"
S=docs/h200/run-2026-11-26-s23/call4/shapes.txt
for dev in wgpu:0 opencl:1; do
  timeout 230 $R tune --op logreg --device $dev --shapes $S --budget 200 --cache-dir /tmp/tc --json "$O/tune-${dev%%:*}.json" > "$O/tune-${dev%%:*}.txt" 2>&1
  echo "tune $dev rc=$? $(date -u +%T)" >> "$O/log.txt"
done
timeout 110 $R tune --verify --op logreg --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/tc --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
cp -r /tmp/tc "$O/cache"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call5.tgz" -C "$O" .
