#!/usr/bin/env bash
# Session 40, call 10 (H100): wgpu at the sweep's points where it ran more than 15 % behind
# OpenCL at 64 MiB (call 9: row-major 13 and 2 048 columns, column-major 1 024): `duet tune
# --op rbf --device wgpu:0` at 2 000 and 13 columns and 1 024 (just under 64 MiB; both
# layouts), an empty cache, then `tune --verify` of its entries at 9-16, 769-1 024 and
# 1 025-2 048 columns from 16 to 256 MiB.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s40
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 200 $E/duet tune --op rbf --device wgpu:0 --shapes $D/shapes-tune10.txt --budget 190 --cache-dir /tmp/tc --json $R/tune-rbf-wgpu.json > $R/tune-rbf-wgpu.txt 2>&1
t "tune rc=$?"
timeout 200 $E/duet tune --verify --op rbf --device wgpu:0 --shapes $D/shapes-verify10.txt --cache-dir /tmp/tc > $R/verify-rbf-wgpu.txt 2>&1
t "verify rc=$?"
cp /tmp/tc/*.json $R/ 2>/dev/null
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call10.tgz .
cat log.txt; grep -v "^ *$" tune-rbf-wgpu.txt | tail -9; grep "×0\.9[0-7]\|×0\.[0-8]" verify-rbf-wgpu.txt; tail -1 verify-rbf-wgpu.txt
