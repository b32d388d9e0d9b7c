#!/usr/bin/env bash
# Session 12, call 5: final kernels (wgpu: odd column counts in blocks). The sweep's 64 and
# 256 MiB points (default, checked, tuned entries off), then duet tune for the logistic op at the
# sweep's 4, 16 and 64 MiB shapes, both backends (the built-in database's logistic entries).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
SW="bench --sizes sweep --op logreg --variant default --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 300 --no-cpu"
DUET_TUNE=off timeout 250 $D $SW --sweep-mib 64,256 --json $R/new.json > $R/new.txt 2>&1
echo "new rc=$?"
for dev in wgpu:0 opencl:1; do
  DUET_CACHE_DIR=$R/own timeout 140 $D tune --op logreg --shapes .gpu/sweep-small.txt --device $dev --budget 120 --json $R/tune-$dev-small.json > $R/tune-$dev-small.txt 2>&1
  echo "$dev rc=$?"; tail -2 $R/tune-$dev-small.txt
done
cd $OUT && tar czf lr5.tgz r && rm -rf r
