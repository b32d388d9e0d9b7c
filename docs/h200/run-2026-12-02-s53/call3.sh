#!/usr/bin/env bash
# Session 53, call 3 (H200): call 2's reach verify of wgpu's entries found two that lose where
# the lookup's parent rule gives them three-quarter columns: RBF row-major cols<=32 64MiB+
# (24 columns at 1 GiB ×0.949) and the gradient's cols<=32 16MiB+ (24 columns at 64 MiB
# ×0.977). wgpu tuned in those buckets (21 columns: RBF at 256 MiB, both layouts as a shape
# file gives them; the gradient at 64 MiB), then the reach verify of wgpu's entries with that
# cache. `duet-tip` = main 39dfb36.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s53
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; cp /tmp/tc/*.json $R/ 2>/dev/null; tar czf $OUT/call3.tgz -C $R .; }
timeout 30 $E/duet-tip bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 100 $E/duet-tip tune --op rbf --device wgpu:0 --shapes $D/shapes-wgpu-rbf-child.txt --budget 80 --cache-dir /tmp/tc --json $R/tune-rbf-wgpu.json > $R/tune-rbf-wgpu.txt 2>&1
t "tune rbf wgpu rc=$?"
timeout 80 $E/duet-tip tune --op logreg --device wgpu:0 --shapes $D/shapes-wgpu-logreg-child.txt --budget 60 --cache-dir /tmp/tc --json $R/tune-logreg-wgpu.json > $R/tune-logreg-wgpu.txt 2>&1
t "tune logreg wgpu rc=$?"
timeout 150 $E/duet-tip tune --verify --shapes reach --op rbf,logreg --device wgpu:0 --cache-dir /tmp/tc --json $R/reach2-wgpu.json > $R/reach2-wgpu.txt 2>&1
t "reach2 wgpu rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -h "geometric\|not used" $R/reach*.txt; grep -h "×0\.[0-9]*)" $R/reach*.txt | cut -c1-160; grep -h "→" $R/tune-*.txt
