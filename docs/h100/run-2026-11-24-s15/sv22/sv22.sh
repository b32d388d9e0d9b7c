#!/usr/bin/env bash
# Session 15, call 12 (final binary): which half of the reference check leaves wgpu's next case
# slow? sv21's order with --no-check but the CPU reference timed (the host computes the f64
# reference, nothing is downloaded), two rounds; then the check on (download + reference) as
# the control, one round.
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
export DUET_TUNE=off
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
C="bench --sizes sweep --op rbf --budget 0.3 --warmup-ms 300 --sweep-mib 256 --cols 1,3,5,7,13 --variant row_major,column_major --device wgpu:0"
for round in 1 2; do
  timeout 100 $D $B $C --no-check --json $R/cpuref-$round.json > $R/cpuref-$round.txt 2>&1; echo "cpuref $round rc=$?"
done
timeout 100 $D $B $C --no-cpu --json $R/check.json > $R/check.txt 2>&1; echo "check rc=$?"
cd $OUT && tar czf sv22.tgz r && rm -rf r
