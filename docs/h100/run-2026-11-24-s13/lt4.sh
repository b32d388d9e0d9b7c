#!/usr/bin/env bash
# Session 13, call 4: row-major rows padded to a multiple of 4 columns from 24 columns on
# (chunk::row_pitch). The sweep's 64 and 256 MiB logistic points (default, checked, tuned
# entries off), to set against session 12's lr5 (same command); then duet tune for the logistic
# op at the sweep's 4, 16 and 64 MiB shapes through wgpu (its built-in entries were voided).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
SW="bench --sizes sweep --op logreg --variant default --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 300 --no-cpu"
DUET_TUNE=off timeout 260 $D $SW --sweep-mib 64,256 --json $R/new.json > $R/new.txt 2>&1
echo "new rc=$?"
DUET_CACHE_DIR=$R/own timeout 230 $D tune --op logreg --shapes .gpu/sweep-small.txt --device wgpu:0 --budget 210 --json $R/tune-wgpu0-small.json > $R/tune-wgpu0-small.txt 2>&1
echo "tune rc=$?"; tail -2 $R/tune-wgpu0-small.txt
cd $OUT && tar czf lt4.tgz r && rm -rf r
