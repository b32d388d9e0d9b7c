#!/usr/bin/env bash
# Session 40, call 9 (H100): the shape sweep as a user gets it at this session's end (the
# binary of calls 7-8 = main 5a558fa's code): RBF rows, both layouts' default rung, every
# sweep column count at 64 and 256 MiB, OpenCL and wgpu, one process per backend and size.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default,default_row_major"
for mib in 64 256; do
  for dev in opencl:1 wgpu:0; do
    n=sweep-${dev%%:*}-$mib
    DUET_CACHE_DIR=/tmp/none timeout 150 $E/duet $L --sweep-mib $mib --device $dev --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call9.tgz .
cat log.txt clocks.txt
