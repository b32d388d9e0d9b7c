#!/usr/bin/env bash
# Session 12, call 7 (commit 873e3b2): OpenCL's logistic targets at 16 and 64 MiB (call 5's budget
# ran out; the 4 MiB entries then reached the 16 MiB shapes and lost up to x0.66 there), then
# duet tune --verify at every 4-64 MiB shape with those entries in the cache.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_CACHE_DIR=$R/own timeout 300 $D tune --op logreg --shapes .gpu/sweep-16-64.txt --device opencl:1 --budget 280 --json $R/tune-opencl1-16-64.json > $R/tune-opencl1-16-64.txt 2>&1
echo "tune rc=$?"; tail -3 $R/tune-opencl1-16-64.txt
DUET_CACHE_DIR=$R/own timeout 200 $D tune --verify --device opencl:1 --shapes .gpu/sweep-small.txt --op logreg --reps 10 --json $R/verify-opencl1.json > $R/verify-opencl1.txt 2>&1
echo "verify rc=$?"; tail -2 $R/verify-opencl1.txt
cd $OUT && tar czf lr7.tgz r && rm -rf r
