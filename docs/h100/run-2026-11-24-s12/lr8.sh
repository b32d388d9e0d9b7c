#!/usr/bin/env bash
# Session 12, call 8 (873e3b2 + the OpenCL 16/64 MiB entries in the built-in database): a call
# at 256 MiB may use a 64 MiB entry (nearest size bucket), so duet tune --verify at the sweep's
# 256 MiB shapes too, both backends.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do
  timeout 250 $D tune --verify --device $dev --shapes .gpu/sweep-256.txt --op logreg --reps 10 --json $R/verify256-$dev.json > $R/verify256-$dev.txt 2>&1
  echo "$dev rc=$?"; tail -1 $R/verify256-$dev.txt
done
cd $OUT && tar czf lr8.tgz r && rm -rf r
