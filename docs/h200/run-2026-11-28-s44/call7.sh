#!/usr/bin/env bash
# Session 44, call 7 (H200): call 6's RBF cache (carried in .gpu/tc) verified against the
# defaults at the 64 and 256 MiB sweep shapes, both layouts (the cache, then the built-in database).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-28-s44
timeout 20 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 120 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify-64-256.txt --cache-dir .gpu/tc --json $R/verify-rbf-opencl.json > $R/verify-rbf-opencl.txt 2>&1
echo "verify rc=$?" >> $R/verify-rbf-opencl.txt
gzip $R/*.json
cd $R && tar czf $OUT/call7.tgz .
grep "(×" verify-rbf-opencl.txt | sed 's/ \[.*//'; tail -n 2 verify-rbf-opencl.txt
