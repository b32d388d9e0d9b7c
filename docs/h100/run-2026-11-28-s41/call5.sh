#!/usr/bin/env bash
# Session 41, call 5 (H100): the logistic gradient as a user gets it at main b2c56a5's code
# (built-in database only), every sweep column count at 64 and 256 MiB through both backends;
# wgpu's per-dispatch trace of the new reduce at 64 MiB. The archive in $OUT is rewritten as
# each run ends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op logreg --variant default"
for mib in 64 256; do
  for dev in opencl:1 wgpu:0; do
    n=sweep-${dev%%:*}-$mib
    DUET_CACHE_DIR=/tmp/none timeout 80 $E/duet $L --sweep-mib $mib --device $dev --json $R/$n.json > $R/$n.txt 2>&1; t "$n rc=$?"
  done
done
DUET_WGPU_TRACE=1 timeout 40 $E/duet bench --sizes sweep --budget 0.05 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default --cols 100,1000,4096 --sweep-mib 64 --device wgpu:0 > $R/trace-wg.txt 2> $R/trace-wg.trace; t "trace rc=$?"
gzip $R/*.trace $R/*.json
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
t done; cat $R/log.txt $R/clocks.txt
