#!/usr/bin/env bash
# Session 40, call 11 (H100): call 10's one wgpu entry again in a fresh process: `duet tune
# --op rbf --device wgpu:0` at 1 024 columns just under 64 MiB (both layouts), an empty cache,
# then `tune --verify` at 769-1 024 columns and 16-256 MiB (call 10's verify shapes, less the
# other buckets), and the sweep's 1 024-column points through both backends as a user gets it.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s40
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 120 $E/duet tune --op rbf --device wgpu:0 --shapes $D/shapes-tune11.txt --budget 110 --cache-dir /tmp/tc --json $R/tune-rbf-wgpu.json > $R/tune-rbf-wgpu.txt 2>&1
t "tune rc=$?"
grep -E " (769|1000|1024)$" $D/shapes-verify10.txt > /tmp/v11.txt
timeout 120 $E/duet tune --verify --op rbf --device wgpu:0 --shapes /tmp/v11.txt --cache-dir /tmp/tc > $R/verify-rbf-wgpu.txt 2>&1
t "verify rc=$?"
cp /tmp/tc/*.json $R/ 2>/dev/null
for dev in wgpu:0 opencl:1; do
  n=bench-${dev%%:*}
  DUET_CACHE_DIR=/tmp/none timeout 60 $E/duet bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default,default_row_major --sweep-mib 64 --cols 1000,1024 --device $dev --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
done
gzip $R/*.json
cd $R && tar czf $OUT/call11.tgz .
cat log.txt; grep -v "^ *$" tune-rbf-wgpu.txt | tail -4; grep -v "^ *$" verify-rbf-wgpu.txt | sed 's/ {.*//' | tail -8
