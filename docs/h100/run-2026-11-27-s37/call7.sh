#!/usr/bin/env bash
# Session 37, call 7 (H100): call 6's verify found four shapes slower with the new built-in
# RBF entries than with the defaults, each in a bucket with no entry of its own that took the
# nearest size bucket's (64 MiB row-major 100-128 columns: the 1 GiB entry; 16 MiB column-major
# 64 columns: the 64 MiB one). Tune those buckets (shapes-fill.txt), then verify the built-in
# database plus these entries (cache, then built-in) at those shapes and their neighbours.
set -u
R=/tmp/s37c7; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s37
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 100 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-fill.txt --budget 90 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
echo "tune rc=$?" >> $R/log.txt
timeout 100 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-fill-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
echo "verify rc=$?" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
gzip $R/*.json
cd $R && tar czf $OUT/call7.tgz .
cat log.txt; grep -v "^ *$" tune-rbf-opencl.txt | tail -8; grep -v "^ *$" verify-rbf-opencl.txt | tail -20
