#!/usr/bin/env bash
# Session 26, call 6 (nvidia-h200), duet (see BENCHMARKS.md): the logistic gradient tuned again
# at session 23's 54 sweep shapes (64 and 256 MiB) with the interleaving and the four-rows pass
# as axes, into the default cache; `tune --verify` there; then the sweep at 64 and 256 MiB as a
# user gets it (that cache, then the built-in entries), both backends, checked.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o6
rm -rf "$O"; mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > "$O/clocks.txt"
S=docs/h200/run-2026-11-26-s23/call4/shapes.txt
for dev in wgpu:0 opencl:1; do
  timeout 150 $R tune --op logreg --device $dev --shapes $S --budget 140 --json "$O/tune-${dev%%:*}.json" > "$O/tune-${dev%%:*}.txt" 2>&1
  echo "tune $dev rc=$? $(date -u +%T)" >> "$O/log.txt"
done
timeout 60 $R tune --verify --op logreg --device wgpu:0,opencl:1 --shapes $S --json "$O/verify.json" > "$O/verify.txt" 2>&1
echo "verify rc=$? $(date -u +%T)" >> "$O/log.txt"
B="bench --sizes sweep --op logreg --device wgpu:0,opencl:1 --budget 0.15 --warmup-ms 300 --no-cpu --variant default"
for m in 64 256; do
  timeout 110 $R $B --sweep-mib $m --json "$O/logreg-$m.json" > "$O/logreg-$m.txt" 2>&1
  echo "logreg $m rc=$? $(date -u +%T)" >> "$O/log.txt"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call6.tgz" -C "$O" .
