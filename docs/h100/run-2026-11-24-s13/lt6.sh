#!/usr/bin/env bash
# Session 13, call 6: the rebuilt built-in logistic entries against the defaults at every shape
# of the sweep's 4-64 MiB (duet tune --verify, empty cache: the built-in database), and a second
# round of the 256 MiB odd-column points beside controls (tuned entries off).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
export DUET_CACHE_DIR=$R/empty
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do
  timeout 200 $D tune --verify --op logreg --shapes .gpu/sweep-small.txt --device $dev --json $R/verify-$dev.json > $R/verify-$dev.txt 2>&1
  echo "$dev rc=$?"; tail -3 $R/verify-$dev.txt
done
DUET_TUNE=off timeout 150 $D bench --sizes sweep --op logreg --variant default --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 300 --no-cpu --sweep-mib 256 --cols 31,32,33,61,64,127,128,250,256,777,1000 --json $R/odd256.json > $R/odd256.txt 2>&1
echo "odd rc=$?"
cd $OUT && tar czf lt6.tgz r && rm -rf r
