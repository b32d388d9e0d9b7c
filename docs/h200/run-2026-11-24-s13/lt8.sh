#!/usr/bin/env bash
# Session 13, call 8 (H200): the built-in entries from lt7 against the defaults at every shape
# they were tuned at (duet tune --verify; empty cache, so the built-in database).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
export DUET_CACHE_DIR=$R/empty
for dev in wgpu:0 opencl:1; do
  timeout 140 $D tune --verify --op logreg --shapes .gpu/sweep-small.txt --device $dev --json $R/verify-logreg-${dev/:/}.json > $R/verify-logreg-${dev/:/}.txt 2>&1
  echo "$dev logreg rc=$?"; tail -1 $R/verify-logreg-${dev/:/}.txt
  timeout 80 $D tune --verify --op read,argext --shapes .gpu/reduce-shapes.txt --device $dev --json $R/verify-reduce-${dev/:/}.json > $R/verify-reduce-${dev/:/}.txt 2>&1
  echo "$dev reduce rc=$?"; tail -1 $R/verify-reduce-${dev/:/}.txt
done
cd $OUT && tar czf lt8.tgz r && rm -rf r
