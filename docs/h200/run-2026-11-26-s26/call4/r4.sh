#!/usr/bin/env bash
# Session 26, call 4 (nvidia-h200), duet 87b5fb1: (1) the logistic gradient's default as a user
# gets it, every sweep column count at 64 and 256 MiB, both backends, checked (the H200's
# first such sweep; issue 13's first target); (2) `duet tune --dry-run` of RBF at 4 and 1 MiB
# shapes (127, 1000 and 4096 columns) with the new size edge (the same columns at 4x the
# bytes), the tuned entries off, to see what it keeps.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > "$O/clocks.txt"
B="bench --sizes sweep --op logreg --device wgpu:0,opencl:1 --budget 0.15 --warmup-ms 300 --no-cpu --variant default"
for m in 64 256; do
  timeout 170 $R $B --sweep-mib $m --json "$O/logreg-$m.json" > "$O/logreg-$m.txt" 2>&1
  echo "logreg $m rc=$? $(date -u +%T)" >> "$O/log.txt"
done
timeout 200 $R tune --op rbf --device wgpu:0,opencl:1 --shapes docs/h200/run-2026-11-26-s26/call4/shapes.txt --dry-run --budget 180 --cache-dir /tmp/empty --json "$O/tune.json" > "$O/tune.txt" 2>&1
echo "tune rc=$? $(date -u +%T)" >> "$O/log.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call4.tgz" -C "$O" .
