#!/usr/bin/env bash
# Session 40, call 4 (H100): (a) `duet tune --op rbf` through OpenCL at 33 columns and 32 MiB
# and at 61 columns just under 64 MiB (the 16 MiB+ buckets of 33-48 and 49-64 columns; call 2
# tuned the first at 64 MiB, where its entry lost at 47 and 48 columns and 32 MiB), empty
# cache, then `tune --verify` of those entries at 33-64 columns and 16, 32 and 64 MiB; (b) the
# binary with the merged built-in database (calls 2-3) as a user gets it against its defaults
# (DUET_TUNE=off): RBF rows, default rung, both layouts, the sweep's 64 and 256 MiB sizes at
# the columns the new entries serve, with the read kernel.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s40
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 150 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-tune4.txt --budget 140 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune rc=$?"
timeout 150 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify4.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
cp /tmp/tc/* $R/ 2>/dev/null
L="bench --sizes sweep --budget 0.12 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default,default_row_major"
C=33,45,61,64,1000,1024,1100,1536,2000,2048
for round in 1 2; do
  n=r$round-db
  DUET_CACHE_DIR=/tmp/none timeout 90 $E/duet $L --sweep-mib 64,256 --cols $C --device opencl:1 --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
  n=r$round-off
  DUET_TUNE=off timeout 90 $E/duet $L --sweep-mib 64,256 --cols $C --device opencl:1 --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call4.tgz .
cat log.txt clocks.txt; grep -v "^ *$" tune-rbf-opencl.txt | tail -7; grep "×0\.9[0-7]\|×0\.[0-8]" verify-rbf-opencl.txt; tail -1 verify-rbf-opencl.txt
