#!/usr/bin/env bash
# Session 37, call 8 (asked for the H200; ran on the held H100, so it repeated call 7 there): call 4's RBF entries for the H200 are in the built-in database;
# the H100's verify (calls 6-7) found buckets without an entry taking a distant size bucket's
# entry and running slower. Tune the same fill shapes on the H200 (shapes-fill.txt), then
# verify the built-in database plus them at every shape of shapes-verify.txt.
set -u
R=/tmp/s37c8; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s37
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 60 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-fill.txt --budget 50 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
echo "tune rc=$?" >> $R/log.txt
timeout 120 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
echo "verify rc=$?" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
gzip $R/*.json
cd $R && tar czf $OUT/call8.tgz .
cat log.txt; grep -v "^ *$" tune-rbf-opencl.txt | tail -7; grep "×0\.\|shapes with" verify-rbf-opencl.txt
