#!/usr/bin/env bash
# Session 12, call 11: WGSL logreg_partial_reg with constant trip counts (the q and h loops run
# 4 and 2 times, bounds checked inside). wgpu only: the sweep's 64 and 256 MiB points (default,
# checked, tuned entries off), to set against lr5.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_TUNE=off timeout 200 $D bench --sizes sweep --op logreg --variant default --device wgpu:0 --budget 0.3 --warmup-ms 300 --no-cpu --sweep-mib 64,256 --json $R/new.json > $R/new.txt 2>&1
echo "rc=$?"
timeout 60 $D conform --op logreg,train --level full --device wgpu:0 > $R/conform.txt 2>&1; tail -1 $R/conform.txt
cd $OUT && tar czf lr11.tgz r && rm -rf r
