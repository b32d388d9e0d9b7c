#!/usr/bin/env bash
# Session 44, call 5 (H200): OpenCL's gradient over wide rows runs 58-66 % of the read bound at
# 64 MiB and 70-81 % at 256 MiB here, wgpu's 71-73 / 86-88 % (call 4), and those buckets have
# no H200 entry: `duet tune --op logreg --device opencl:1` at 33-4 096 columns
# (shapes-cl-wide.txt) into an empty cache, then verify at the 64 and 256 MiB sweep shapes
# (the cache, then the built-in database). The binary of call 4.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-28-s44
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 260 $E/duet tune --op logreg --device opencl:1 --shapes $D/shapes-cl-wide.txt --budget 240 --cache-dir /tmp/tc --json $R/tune-logreg-opencl-wide.json > $R/tune-logreg-opencl-wide.txt 2>&1
t "tune rc=$?"
cp /tmp/tc/*.json $R/ 2>/dev/null
timeout 100 $E/duet tune --verify --op logreg --device opencl:1 --shapes $D/shapes-verify-64-256.txt --cache-dir /tmp/tc --json $R/verify-logreg-opencl.json > $R/verify-logreg-opencl.txt 2>&1
t "verify rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call5.tgz .
cat log.txt clocks.txt; grep "→\|not done" tune-logreg-opencl-wide.txt; tail -n 1 verify-logreg-opencl.txt
