#!/usr/bin/env bash
# Session 46, call 4 (H200): what a user gets, the final rule (duet-new: rbf_loop_rows 4 up to
# 3 column-major / 1 row-major columns, 2 up to 7 / 5; OpenCL's column_major rung up to 33
# columns) against main 3b949c9: the defaults (DUET_TUNE=off) of both layouts at 64 MiB, 1 GiB
# and 2 GiB, both backends, two rounds in alternating order; `duet tune --verify --op rbf`
# (the built-in entries, stale ones set aside); the RBF conformance cases on the H200.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.06 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default,default_row_major --cols 1,2,3,4,5,7,8,9,13,16,24,31,33,48"
one() { # $1 name, $2 binary, $3 device, $4 MiB
  timeout 150 $E/$2 $L --sweep-mib $4 --device $3 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
for d in opencl:1 wgpu:0; do
  one r1-main-${d%:*} duet-main $d 64,1024,2048
  one r1-new-${d%:*} duet-new $d 64,1024,2048
  one r2-new-${d%:*} duet-new $d 1024,2048
  one r2-main-${d%:*} duet-main $d 1024,2048
done
unset DUET_TUNE
for d in opencl:1 wgpu:0; do
  timeout 100 $E/duet-new tune --verify --op rbf --device $d --shapes docs/h200/run-2026-11-28-s44/shapes-verify.txt --cache-dir /tmp/none --json $R/verify-rbf-${d%:*}.json > $R/verify-rbf-${d%:*}.txt 2>&1
  t "verify rbf $d rc=$?"
done
timeout 150 $E/duet-new conform --op rbf --device wgpu:0,opencl:1 > $R/conform-rbf.txt 2>&1
t "conform rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
for f in $R/verify-rbf-*.txt; do tail -n 3 $f; done; tail -n 2 $R/conform-rbf.txt
