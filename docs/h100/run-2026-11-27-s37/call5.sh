#!/usr/bin/env bash
# Session 37, call 5 (H100; call 4 ran on the H200): `duet tune` for RBF rows through OpenCL where calls 1-3's sweep
# missed 85 % of the read bound (64 MiB, 256 MiB, 1 GiB; shapes-rbf-misses.txt), then
# `tune --verify` of the entries against the defaults at every one of those shapes.
set -u
R=/tmp/s37c5; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s37
t() { echo "[$(date +%T)] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 200 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-rbf-misses.txt --budget 180 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune rc=$?"
timeout 150 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-rbf-misses.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
cp -r /tmp/tc $R/cache
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
gzip $R/*.json
cd $R && tar czf $OUT/call5.tgz .
cat log.txt; tail -40 tune-rbf-opencl.txt; tail -40 verify-rbf-opencl.txt
