#!/usr/bin/env bash
# Session 51, call 3 (H200): the H200's built-in entries that the defaults since retired.
# `duet-unst` = main e0c1898 with the baseline taken off every H200 RBF entry (both backends)
# and every H200 wgpu logistic entry that had one, so that each is used again at its shapes:
# `tune --verify` times each against today's defaults at the shapes the entries were measured
# on (rbf-shapes.txt, logreg-wgpu-shapes.txt); builtin_db.py then stamps the winners with
# today's defaults and drops the losers.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s51
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
timeout 30 $E/duet-unst bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 300 $E/duet-unst tune --verify --op rbf --device opencl:1,wgpu:0 --shapes $D/rbf-shapes.txt --cache-dir /tmp/empty --json $R/verify-rbf.json > $R/verify-rbf.txt 2>&1
t "verify rbf rc=$?"
timeout 150 $E/duet-unst tune --verify --op logreg --device wgpu:0 --shapes $D/logreg-wgpu-shapes.txt --cache-dir /tmp/empty --json $R/verify-logreg-wgpu.json > $R/verify-logreg-wgpu.txt 2>&1
t "verify logreg wgpu rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -h "geometric\|not used" $R/verify-*.txt
