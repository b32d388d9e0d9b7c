#!/usr/bin/env bash
# Session 58, call 4 (H200): call 3 again (the same two builds) without the CPU check, which ran
# call 3 out of time: wgpu, every pass finishing (logreg_finish_cols=4096) and the defaults, main
# against the written-out sums, two rounds alternating; the unrolled finish in two levels
# (logreg_finish_split=64); 33-1000 columns at 16 and 64 MiB, the gradient and 10 iterations of
# multi_group training.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --op read,logreg,train --variant default,multi_group --cols 33,64,100,256,1000 --sweep-mib 16,64 --budget 0.2 --warmup-ms 300 --no-cpu --no-check --device wgpu:0"
FIN="--param logreg_finish_cols=4096"
for round in 1 2; do
  for B in main unroll; do
    timeout 40 $E/duet-$B $L $FIN > $R/w-$B-fin-$round.txt 2>&1; t "$B fin $round rc=$?"
    timeout 40 $E/duet-$B $L > $R/w-$B-red-$round.txt 2>&1; t "$B red $round rc=$?"
  done
done
timeout 40 $E/duet-unroll $L $FIN --param logreg_finish_split=64 > $R/w-unroll-split-1.txt 2>&1; t "unroll split rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
t done; cat $R/log.txt
