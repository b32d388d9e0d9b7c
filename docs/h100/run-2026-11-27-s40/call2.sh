#!/usr/bin/env bash
# Session 40, call 2 (H100): the column buckets of three quarters of a power of two (33-48
# columns apart from 49-64). `duet tune --op rbf` through OpenCL at 33 columns and 64 MiB (now
# bucket cols<=48, whose entry the 64-column shapes no longer share) and at the sweep's other
# 64 MiB misses (2 000 columns at 64 and 256 MiB, 31 and 4 096 columns; both layouts, as the
# tuner does), an empty cache; then `tune --verify` of its entries (cache, then built-in) at
# 33-64 columns (64 and 128 MiB), 1 537-2 048 (64 and 256 MiB), 25-32, 3 000 and 4 096 (64 MiB).
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s40
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 300 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-tune.txt --budget 290 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune rc=$?"
timeout 200 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
cp /tmp/tc/* $R/ 2>/dev/null
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt; grep -v "^ *$" tune-rbf-opencl.txt | tail -16; tail -3 verify-rbf-opencl.txt
