#!/usr/bin/env bash
# Session 26, call 1 (nvidia-h200), measurement only (main at bedc8be, no code change).
# A: small calls through both backends with the phase trace (the H200's baseline for issue 13's
#    latency item; session 13 measured the H100).
# B: the `sliced` RBF rung's workgroup and unroll on both backends, tuned entries off, 16/64/256 MiB,
#    nine column counts, unchecked (the kernels were checked in session 25): evidence for each
#    backend's automatic values for that rung alone.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
S="bench --op read,argmin,argmax --size 2^10,2^14,2^18,2^20 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
L="bench --op logreg --variant multi_group --size 2^12×64 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
for round in 1 2; do
  timeout 60 $R $S --json "$O/small-$round.json" > "$O/small-$round.txt" 2>&1
  echo "small $round rc=$? $(date -u +%T)" >> "$O/log.txt"
  timeout 30 $R $L --json "$O/lr-$round.json" > "$O/lr-$round.txt" 2>&1
  echo "lr $round rc=$? $(date -u +%T)" >> "$O/log.txt"
done
export DUET_TUNE=off
B="bench --sizes sweep --op rbf --budget 0.15 --warmup-ms 300 --no-cpu --no-check --variant sliced --sweep-mib 16,64,256 --cols 33,64,127,256,500,777,1000,2000,4096"
CONFIGS="256:8 512:2 512:1 512:4 256:4 256:2 128:8"
for round in 1 2; do
  [ $round = 2 ] && CONFIGS=$(echo $CONFIGS | tr ' ' '\n' | tac | tr '\n' ' ')
  for dev in wgpu:0 opencl:1; do
    for c in $CONFIGS; do
      wg=${c%:*}; un=${c#*:}; tag=${dev%%:*}-$wg-$un-$round
      timeout 40 $R $B --device $dev --param rbf_wg=$wg --param rbf_unroll=$un --json "$O/$tag.json" > "$O/$tag.txt" 2>&1
      echo "$tag rc=$? $(date -u +%T)" >> "$O/log.txt"
    done
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call1.tgz" -C "$O" .
