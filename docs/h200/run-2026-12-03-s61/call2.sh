#!/usr/bin/env bash
# Session 61, call 2: where a small wgpu call's encode and submit go. duet-ph = f311df0 with
# phases.diff (finer wall-phase marks in Gpu::run and map_read: encode split into staging,
# create, begin pass, record, end pass, copies, finish; submit into queue and faults; the
# map_async call apart from the wait). Kept bind groups (default) and DUET_WGPU_KEEP_BINDS=0,
# alternating, two rounds: read and arg-extremes at the quick sizes, the lone gradient and
# 10-iteration training at 17 and 64 columns, 4 MiB. wgpu only.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock0.txt 2>&1
timeout 30 $E/duet-ph bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="--budget 0.3 --warmup-ms 300 --phases --no-cpu --no-check --device wgpu:0"
for round in 1 2; do
  for K in 1 0; do
    DUET_WGPU_KEEP_BINDS=$K timeout 60 $E/duet-ph bench --sizes quick --op read,argext $B --json $R/s-k$K-$round.json > $R/s-k$K-$round.txt 2>&1; t "small K=$K round $round rc=$?"
    DUET_WGPU_KEEP_BINDS=$K timeout 60 $E/duet-ph bench --sizes sweep --op logreg,train --variant default --cols 17,64 --sweep-mib 4 $B --json $R/g-k$K-$round.json > $R/g-k$K-$round.txt 2>&1; t "gradient K=$K round $round rc=$?"
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock1.txt 2>&1
gzip -f $R/*.json; t done; cat $R/log.txt; grep -h "^read\|^argmax" $R/s-k1-2.txt | head -8
