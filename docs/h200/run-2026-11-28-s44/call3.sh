#!/usr/bin/env bash
# Session 44, call 3 (H200): the built-in database with call 2's OpenCL logistic entries merged
# (working tree of main d1c2195 + builtin.json), every H200 logistic and RBF entry verified
# against the defaults at call 1's shapes, with JSON reports for `builtin_db.py --drop-slower`.
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
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call3.tgz .
cat log.txt clocks.txt; for f in verify-*.txt; do tail -n 1 $f; done
