#!/usr/bin/env bash
# Session 44, call 4 (H200): the built-in database after `builtin_db.py --drop-slower` of call 3's
# reports (7 H200 entries dropped), verified again at call 1's shapes (a dropped bucket may fall
# back to another entry); then the sweeps as a user gets them (empty cache) at 64 and 256 MiB:
# the gradient and RBF rows (default rung, both layouts), both backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R /tmp/none
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-28-s44
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for op in logreg rbf; do for d in opencl:1 wgpu:0; do
  timeout 100 $E/duet tune --verify --op $op --device $d --shapes $D/shapes-verify.txt --cache-dir /tmp/none --json $R/verify-$op-${d%:*}.json > $R/verify-$op-${d%:*}.txt 2>&1
  t "verify $op $d rc=$?"
done; done
for mib in 64 256; do for d in opencl:1 wgpu:0; do
  DUET_CACHE_DIR=/tmp/none timeout 70 $E/duet bench --sizes sweep --op logreg --variant default --budget 0.1 --warmup-ms 500 --no-cpu --no-check --sweep-mib $mib --device $d --json $R/sweep-logreg-${d%:*}-$mib.json > $R/sweep-logreg-${d%:*}-$mib.txt 2>&1
  t "sweep logreg $mib $d rc=$?"
  DUET_CACHE_DIR=/tmp/none timeout 90 $E/duet bench --sizes sweep --op rbf --variant default,default_row_major --budget 0.1 --warmup-ms 500 --no-cpu --no-check --sweep-mib $mib --device $d --json $R/sweep-rbf-${d%:*}-$mib.json > $R/sweep-rbf-${d%:*}-$mib.txt 2>&1
  t "sweep rbf $mib $d rc=$?"
done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call4.tgz .
cat log.txt clocks.txt; for f in verify-*.txt; do tail -n 1 $f; done
