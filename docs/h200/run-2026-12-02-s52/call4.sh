#!/usr/bin/env bash
# Session 52, call 4 (H200): RBF rows at the 64 MiB sweep shapes that call 2 found under 85 % of
# the read bound (OpenCL: column-major 61, 100, 777, 2000-4096 columns at 72-84 %, row-major
# 777-2048 at 72-80 %, where wgpu reads 86-98 %; wgpu: column-major 1024-4096 at 72-84 %), which
# no built-in entry serves (the nearest are 2^26-element buckets): `duet tune --op rbf` at those
# shapes (both layouts each), an empty cache, then `duet tune --verify` at the same shapes with
# the new entries in the cache against the defaults. The reports feed scripts/builtin_db.py.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s52
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; cp /tmp/tc/*.json $R/ 2>/dev/null; tar czf $OUT/call4.tgz -C $R .; }
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
timeout 170 $E/duet-main tune --op rbf --device opencl:1 --shapes $D/shapes-cl-64.txt --budget 150 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune opencl rc=$?"
timeout 80 $E/duet-main tune --op rbf --device wgpu:0 --shapes $D/shapes-wgpu-64.txt --budget 60 --cache-dir /tmp/tc --json $R/tune-rbf-wgpu.json > $R/tune-rbf-wgpu.txt 2>&1
t "tune wgpu rc=$?"
timeout 60 $E/duet-main tune --verify --op rbf --device opencl:1 --shapes $D/shapes-cl-64.txt --cache-dir /tmp/tc --json $R/verify-rbf-opencl.json > $R/verify-rbf-opencl.txt 2>&1
t "verify opencl rc=$?"
timeout 40 $E/duet-main tune --verify --op rbf --device wgpu:0 --shapes $D/shapes-wgpu-64.txt --cache-dir /tmp/tc --json $R/verify-rbf-wgpu.json > $R/verify-rbf-wgpu.txt 2>&1
t "verify wgpu rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -h "→\|targets\|geometric" $R/tune-*.txt $R/verify-*.txt | head -60
