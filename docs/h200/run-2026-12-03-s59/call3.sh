#!/usr/bin/env bash
# Session 59, call 3: call 2's OpenCL two-level runs took the built-in entry, its other runs
# and wgpu's the defaults. The same parameters on both backends now: the defaults (P1) and
# OpenCL's built-in entry for these shapes (P2), main and nosum (the slot loads of the finish's
# column sums skipped), two levels (logreg_finish_split=64) and one, 33/64/100 columns at
# 16/64 MiB, two rounds. Builds as call 2's (carry .gpu).
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --op read,logreg --variant multi_group --cols 33,64,100 --sweep-mib 16,64 --budget 0.3 --warmup-ms 300 --no-cpu --no-check --param logreg_finish_cols=256"
P1="--param logreg_wg=256 --param logreg_max_groups=264"
P2="--param logreg_wg=128 --param logreg_interleave=2 --param logreg_max_groups=264 --param logreg_pipeline=2 --param logreg_quad_pitch=4 --param logreg_rps=2"
TWO="--param logreg_finish_split=64"
ONE="--param logreg_finish_split=1073741824"
for round in 1 2; do
  for B in main nosum; do
    for P in P1 P2; do
      for lv in two one; do
        [ $lv = two ] && LV=$TWO || LV=$ONE
        for D in wgpu:0 opencl:1; do
          timeout 40 $E/duet-$B $L $LV ${!P} --device $D > $R/${D:0:1}-$B-$P-$lv-$round.txt 2>&1; t "$D $B $P $lv $round rc=$?"
        done
      done
    done
  done
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
t done; cat $R/log.txt
