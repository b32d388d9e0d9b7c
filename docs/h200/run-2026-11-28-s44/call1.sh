#!/usr/bin/env bash
# Session 44, call 1 (H200; no H100 lent this session): the H200's built-in logistic entries,
# carried over sessions 42-43's kernel changes (builtin_db.py --carry logreg), checked with
# `duet tune --verify` at the sweep's 16, 64 and 256 MiB shapes on both backends; then the
# gradient's sweep as a user gets it (empty cache: the built-in database) at 64 and 256 MiB,
# main d1c2195.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R /tmp/none
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-28-s44
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for d in opencl:1 wgpu:0; do
  timeout 130 $E/duet tune --verify --op logreg --device $d --shapes $D/shapes-verify.txt --cache-dir /tmp/none > $R/verify-logreg-${d%:*}.txt 2>&1
  t "verify $d rc=$?"
done
L="bench --sizes sweep --op logreg --variant default --budget 0.1 --warmup-ms 500 --no-cpu --no-check"
for mib in 64 256; do for d in opencl:1 wgpu:0; do
  DUET_CACHE_DIR=/tmp/none timeout 70 $E/duet $L --sweep-mib $mib --device $d --json $R/sweep-${d%:*}-$mib.json > $R/sweep-${d%:*}-$mib.txt 2>&1
  t "sweep $mib $d rc=$?"
done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt; tail -3 verify-logreg-*.txt
