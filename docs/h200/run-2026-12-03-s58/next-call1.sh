#!/usr/bin/env bash
# Written in session 58 for the next session with a machine (not run yet): where wgpu's
# two-level finish loses its time (session 58's proposal 1). Builds (carry .gpu with them):
# `duet-main` = main bafe6e0 (f78e431's kernels; `bench --uploads`); `duet-empty` = c625651 with empty.diff (no sums at all: the
# fences and counters alone); `duet-level1`, `duet-level2` = main 92a4786 (the same kernels as f78e431) with
# level1.diff / level2.diff (the first level's group sums, or the last workgroup's final sums,
# return at once in both twins; diagnostics, their gradients wrong). Every pass finishing in two
# levels (wgpu: logreg_finish_cols=256 logreg_finish_split=64; OpenCL: its defaults, two
# levels from 33 columns) and in one (logreg_finish_split=1073741824), 33/64/100 columns at
# 16/64 MiB, two rounds alternating; then each gradient case on four uploads (session 58's
# proposal 2: does where X lands change its time?); then whether Nsight Compute sees either
# backend's kernels.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/next1.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --op read,logreg --variant default --cols 33,64,100 --sweep-mib 16,64 --budget 0.3 --warmup-ms 300 --no-cpu --no-check"
ONE="--param logreg_finish_split=1073741824"
for round in 1 2; do
  for B in main empty level1 level2; do
    timeout 40 $E/duet-$B $L --device wgpu:0 --param logreg_finish_cols=256 --param logreg_finish_split=64 > $R/w-$B-two-$round.txt 2>&1; t "w $B two $round rc=$?"
    timeout 40 $E/duet-$B $L --device opencl:1 > $R/c-$B-two-$round.txt 2>&1; t "c $B two $round rc=$?"
  done
  for B in main empty; do
    timeout 40 $E/duet-$B $L --device wgpu:0 --param logreg_finish_cols=256 > $R/w-$B-one-$round.txt 2>&1; t "w $B one $round rc=$?"
    timeout 40 $E/duet-$B $L --device opencl:1 $ONE > $R/c-$B-one-$round.txt 2>&1; t "c $B one $round rc=$?"
  done
done
for D in wgpu:0 opencl:1; do
  timeout 90 $E/duet-main bench --sizes sweep --op read,logreg --variant default,multi_group --cols 17,33,64,100,256 --sweep-mib 16,64 --budget 0.2 --warmup-ms 300 --no-cpu --no-check --uploads 4 --device $D --json $R/u-${D%:*}.json > $R/u-${D%:*}.txt 2>&1; t "uploads $D rc=$?"
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
/usr/local/cuda/bin/ncu --version > $R/ncu-version.txt 2>&1
B="bench --sizes sweep --op logreg --variant default --cols 64 --sweep-mib 16 --budget 0.05 --reps 3 --warmup-ms 10 --no-cpu --no-check"
for D in opencl:1 wgpu:0; do
  timeout 90 bash .gpu/on-device.sh /usr/local/cuda/bin/ncu --target-processes all --launch-count 4 --section SpeedOfLight --section LaunchStats .gpu/bin/duet-main $B --device $D > $R/ncu-${D%:*}.txt 2>&1; t "ncu $D rc=$?"
done
t done; cat $R/log.txt
