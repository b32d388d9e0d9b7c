#!/usr/bin/env bash
# Session 40, call 3 (H100): call 2's entries (the cache it wrote) plus `duet tune --op rbf`
# through OpenCL at the 64 MiB+ size bucket's targets of 33-48 and 49-64 columns (the sweep's
# 256 MiB shapes at 33 and 61 columns; session 38 had tuned one entry for 33-64 there, at 33),
# then `tune --verify` of every entry (cache, then built-in) at 33-64 columns from 16 to 256
# MiB and at 1 025-2 048 columns (the 2 048 bucket's entries now serve 1 025-1 536 through
# the parent rule) at 16-256 MiB.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s40
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
gunzip -c $D/call2/tune-v1-opencl-nvidia-h100-80gb-hbm3-911c5f19.json.gz > /tmp/tc/tune-v1-opencl-nvidia-h100-80gb-hbm3-911c5f19.json
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 200 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-tune3.txt --budget 190 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune rc=$?"
timeout 330 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify3.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
cp /tmp/tc/* $R/ 2>/dev/null
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call3.tgz .
cat log.txt clocks.txt; grep -v "^ *$" tune-rbf-opencl.txt | tail -8; grep "×0\.9[0-7]\|×0\.[0-8]" verify-rbf-opencl.txt; tail -1 verify-rbf-opencl.txt
