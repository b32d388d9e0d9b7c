#!/usr/bin/env bash
# Session 26, call 2 (nvidia-h200): wgpu small calls, A/B of two host-side changes in one
# binary (the working tree after 4859931): M = results mapped directly
# (MAPPABLE_PRIMARY_BUFFERS, no copy into the staging buffer; DUET_WGPU_MAPPED), K = bind groups
# kept with the vector (DUET_WGPU_KEEP_BINDS). M=0 K=0 is the old path. Three rounds, the
# order rotated. Then conformance of the ops whose wgpu path changed, on both backends.
set -u
[ -e .gpu/bin/duet ] || gunzip -k .gpu/bin/duet.gz
R="bash .gpu/on-device.sh .gpu/bin/duet"
O=/tmp/o
mkdir -p "$O"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$O/clocks.txt"
S="bench --op read,argmin,argmax --size 2^10,2^18,2^20 --device wgpu:0 --budget 0.2 --warmup-ms 500 --no-cpu --phases"
L="bench --op logreg --variant multi_group --size 2^12×64 --device wgpu:0 --budget 0.2 --warmup-ms 500 --no-cpu --phases"
CONFIGS="00 10 01 11"
for round in 1 2 3; do
  for c in $CONFIGS; do
    m=${c:0:1}; k=${c:1:1}
    DUET_WGPU_MAPPED=$m DUET_WGPU_KEEP_BINDS=$k timeout 40 $R $S --json "$O/s-$c-$round.json" > "$O/s-$c-$round.txt" 2>&1
    echo "s $c $round rc=$? $(date -u +%T)" >> "$O/log.txt"
    DUET_WGPU_MAPPED=$m DUET_WGPU_KEEP_BINDS=$k timeout 30 $R $L --json "$O/l-$c-$round.json" > "$O/l-$c-$round.txt" 2>&1
    echo "l $c $round rc=$? $(date -u +%T)" >> "$O/log.txt"
  done
  CONFIGS="$(echo $CONFIGS | cut -d' ' -f2-) $(echo $CONFIGS | cut -d' ' -f1)"
done
timeout 150 $R conform --op read,argmin,argmax,logreg,train --level quick --device wgpu:0,opencl:1 > "$O/conform.txt" 2>&1
echo "conform rc=$? $(date -u +%T)" >> "$O/log.txt"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> "$O/clocks.txt"; date -u >> "$O/clocks.txt"
gzip -f "$O"/*.json
tar czf "$OUT/call2.tgz" -C "$O" .
