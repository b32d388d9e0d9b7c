#!/usr/bin/env bash
# Session 38, call 11 (H100): the logistic gradient through OpenCL at 64 MiB, where the sweep
# misses 85 % of the read bound from 31 columns and the H100 has no tuned logistic entry (its
# were dropped in session 30): `duet tune --op logreg` at six 64 MiB targets (33-4 096
# columns), then `tune --verify` of those entries at 17 column counts of 31-4 096 at 16 and
# 64 MiB (the bucket's sizes), main 2c75e90.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s38
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 200 $E/duet tune --op logreg --device opencl:1 --shapes $D/shapes-logreg-tune.txt --budget 190 --cache-dir /tmp/tc --json $R/tune-logreg-opencl.json > $R/tune-logreg-opencl.txt 2>&1
t "tune rc=$?"
timeout 150 $E/duet tune --verify --op logreg --device opencl:1 --shapes $D/shapes-logreg-verify.txt --cache-dir /tmp/tc > $R/verify-logreg-opencl.txt 2>&1
t "verify rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call11.tgz .
cat log.txt clocks.txt; grep -v "^ *$" tune-logreg-opencl.txt | tail -9; tail -1 verify-logreg-opencl.txt
