#!/usr/bin/env bash
# Session 12, call 6 (commit 873e3b2): the new built-in logistic entries against the defaults at
# every shape of the 4-64 MiB half (duet tune --verify), both backends.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do
  timeout 200 $D tune --verify --device $dev --shapes .gpu/sweep-small.txt --op logreg --reps 10 --json $R/verify-$dev.json > $R/verify-$dev.txt 2>&1
  echo "$dev rc=$?"; tail -4 $R/verify-$dev.txt
done
cd $OUT && tar czf lr6.tgz r && rm -rf r
