#!/usr/bin/env bash
# Session 37, call 6 (H100): the built-in database with call 5's RBF entries (and call 4's for
# the H200), no tuning cache: `tune --verify` of the entries the H100 now uses through OpenCL
# against the defaults, at every sweep column count at 16, 64 and 256 MiB and twelve at 1 GiB
# (shapes-verify.txt; the cache directory empty, so the built-in entries are the ones timed).
set -u
R=/tmp/s37c6; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s37
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 200 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
echo "verify rc=$?" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
cd $R && tar czf $OUT/call6.tgz .
cat log.txt; grep -v "^ *$" verify-rbf-opencl.txt | tail -30
