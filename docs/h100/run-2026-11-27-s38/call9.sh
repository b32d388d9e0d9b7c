#!/usr/bin/env bash
# Session 38, call 9 (H100): RBF rows as a user gets them at main 692c1ff (every rule of this
# session), default rung of both layouts, the sweep's 27 column counts at 4, 16, 64 and 256
# MiB and 7 at 1 GiB, both backends, one process per size and backend (read kernel in each).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf --variant default,default_row_major"
for mib in 256 64 16 4; do for d in wgpu:0 opencl:1; do
  timeout 80 $E/duet $L --sweep-mib $mib --device $d --json $R/sw-$mib-${d%:*}.json > $R/sw-$mib-${d%:*}.txt 2>&1
  t "sweep $mib $d rc=$?"
done; done
for d in wgpu:0 opencl:1; do
  timeout 60 $E/duet $L --sweep-mib 1024 --cols 1,3,8,33,100,1000,4096 --device $d --json $R/sw-1024-${d%:*}.json > $R/sw-1024-${d%:*}.txt 2>&1
  t "sweep 1024 $d rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call9.tgz .
cat log.txt clocks.txt
