#!/usr/bin/env bash
# Session 15, call 11: sv20 found no slow case in any setting, but ran with --no-check. Here the
# same order with the reference check on (as sv13, whose order runs were slow), per allocator
# setting, and without the check, two rounds.
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
export DUET_TUNE=off
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
C="bench --sizes sweep --op rbf --budget 0.3 --warmup-ms 300 --no-cpu --sweep-mib 256 --cols 1,3,5,7,13 --variant row_major,column_major --device wgpu:0"
for round in 1 2; do
  for m in performance usage small; do
    DUET_WGPU_MEMORY=$m timeout 60 $D $B $C --json $R/check-$m-$round.json > $R/check-$m-$round.txt 2>&1; echo "$m check $round rc=$?"
  done
  DUET_WGPU_MEMORY=performance timeout 60 $D $B $C --no-check --json $R/nocheck-$round.json > $R/nocheck-$round.txt 2>&1; echo "nocheck $round rc=$?"
done
cd $OUT && tar czf sv21.tgz r && rm -rf r
