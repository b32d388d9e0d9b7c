#!/usr/bin/env bash
# Session 43, call 5 (H100): the logistic gradient's sweep as a user gets it (built-in
# entries, a fresh tuning cache), at the session's head, 64 and 256 MiB, both backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default"
for d in opencl:1 wgpu:0; do for m in 64 256; do
  n=sweep-${d%%:*}-$m
  DUET_CACHE_DIR=/tmp/none timeout 110 $E/duet $L --sweep-mib $m --device $d --json $R/$n.json > $R/$n.txt 2>&1; t "$n rc=$?"
done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt
