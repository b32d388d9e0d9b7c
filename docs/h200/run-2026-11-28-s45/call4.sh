#!/usr/bin/env bash
# Session 45, call 4 (H200): OpenCL's RBF rows at 1-16 columns, 256 MiB, column-major at
# 67-81 % of the read bound as a user gets them (session 44's call 4; row-major 78-94 %), 2
# and 5 columns tuned in session 44 (x1.05-1.09): `duet tune --op rbf --device opencl:1` at
# the other narrow 256 MiB shapes (both layouts each) into an empty cache, then `--verify`
# with that cache at the sweep's 64 and 256 MiB shapes. main 01d12a6.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-28-s45
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 260 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-cl-rbf-narrow.txt --budget 240 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune rc=$?"
cp /tmp/tc/*.json $R/ 2>/dev/null
timeout 120 $E/duet tune --verify --op rbf --device opencl:1 --shapes docs/h200/run-2026-11-28-s44/shapes-verify-64-256.txt --cache-dir /tmp/tc --json $R/verify-rbf-opencl.json > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
grep "→\|not done\|targets" $R/tune-rbf-opencl.txt; grep "(×" $R/verify-rbf-opencl.txt | sed 's/ \[.*//'; tail -n 1 $R/verify-rbf-opencl.txt
