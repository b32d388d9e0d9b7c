#!/usr/bin/env bash
# Session 59, call 2: which part of a finish's sums costs wgpu its ~2.3 µs a level (next-call1's
# finding: a level's sums cost about the same over 5 slots as over 64). Builds (carry .gpu):
# duet-main = bafe6e0 (the kernels of 38ea5e4); duet-nosum, duet-notree, duet-noll = 38ea5e4
# with nosum.diff (the slot loads of the column sums skipped), notree.diff (the tree over a
# column's lanes skipped), noll.diff (the log-likelihood's tree over the workgroup skipped) in
# both twins: diagnostics, their gradients wrong. Two levels and one, both backends, 33/64/100
# columns at 16/64 MiB, two rounds; then main with the other backend's workgroup size; then the
# 16 MiB 100-column placement spread on eight uploads.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --op read,logreg --variant default --cols 33,64,100 --sweep-mib 16,64 --budget 0.3 --warmup-ms 300 --no-cpu --no-check"
WTWO="--param logreg_finish_cols=256 --param logreg_finish_split=64"
WONE="--param logreg_finish_cols=256"
CONE="--param logreg_finish_split=1073741824"
for round in 1 2; do
  for B in main nosum notree noll; do
    timeout 40 $E/duet-$B $L --device wgpu:0 $WTWO > $R/w-$B-two-$round.txt 2>&1; t "w $B two $round rc=$?"
    timeout 40 $E/duet-$B $L --device opencl:1 > $R/c-$B-two-$round.txt 2>&1; t "c $B two $round rc=$?"
    timeout 40 $E/duet-$B $L --device wgpu:0 $WONE > $R/w-$B-one-$round.txt 2>&1; t "w $B one $round rc=$?"
    timeout 40 $E/duet-$B $L --device opencl:1 $CONE > $R/c-$B-one-$round.txt 2>&1; t "c $B one $round rc=$?"
  done
  timeout 40 $E/duet-main $L --device wgpu:0 $WTWO --param logreg_wg=128 > $R/w-wg128-two-$round.txt 2>&1; t "w wg128 two $round rc=$?"
  timeout 40 $E/duet-main $L --device wgpu:0 $WONE --param logreg_wg=128 > $R/w-wg128-one-$round.txt 2>&1; t "w wg128 one $round rc=$?"
  timeout 40 $E/duet-main $L --device opencl:1 --param logreg_wg=256 > $R/c-wg256-two-$round.txt 2>&1; t "c wg256 two $round rc=$?"
  timeout 40 $E/duet-main $L --device opencl:1 $CONE --param logreg_wg=256 > $R/c-wg256-one-$round.txt 2>&1; t "c wg256 one $round rc=$?"
done
for D in wgpu:0 opencl:1; do
  timeout 90 $E/duet-main bench --sizes sweep --op read,logreg --variant multi_group --cols 96,99,100,101,104 --sweep-mib 16 --budget 0.1 --warmup-ms 300 --no-cpu --no-check --uploads 8 --device $D --json $R/u-${D%:*}.json > $R/u-${D%:*}.txt 2>&1; t "uploads $D rc=$?"
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
t done; cat $R/log.txt
