#!/usr/bin/env bash
# Session 42, call 6 (H100), this change (`duet`, ab59c78's code): RBF rows as a user gets them,
# both layouts' default rung, every sweep column count at 64 MiB through OpenCL and wgpu, with
# the sound warm-up (500 ms after each case's first call): session 40's wgpu/OpenCL misses at
# 64 MiB (row-major 13 and 2 048 columns, column-major 1 024) again.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call6.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op rbf --variant default,default_row_major"
for dev in opencl:1 wgpu:0; do
  n=rbf-${dev%%:*}-64
  DUET_CACHE_DIR=/tmp/none timeout 150 $E/duet $L --sweep-mib 64 --device $dev --json $R/$n.json > $R/$n.txt 2>&1; t "$n rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
