#!/usr/bin/env bash
# Session 38, call 10 (H100): OpenCL's RBF row-major misses at main 692c1ff (33 columns at
# every size, 777 columns at 64 and 256 MiB): `duet tune --op rbf` at those five targets (both
# layouts, as the tuner does), then `tune --verify` of its entries (cache, then built-in) at
# 33-64 and 777-1024 columns from 16 MiB to 1 GiB.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s38
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 200 $E/duet tune --op rbf --device opencl:1 --shapes $D/shapes-tune.txt --budget 190 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune rc=$?"
timeout 150 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-tune-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call10.tgz .
cat log.txt clocks.txt; grep -v "^ *$" tune-rbf-opencl.txt | tail -14; tail -1 verify-rbf-opencl.txt
