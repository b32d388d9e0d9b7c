#!/usr/bin/env bash
# Session 47, call 2 (H200): (a) wgpu's slow GPU times at 1-2 GiB (call 1: profiled calls of
# 1.7-2.3 ms whose unprofiled wall time was 0.8-1.0 ms): the same cases again with every
# call's timestamps (DUET_WGPU_TRACE) and the GPU's clocks and throttle reasons sampled every
# 20 ms; (b) `duet tune --verify --op rbf` of the built-in entries after session 46's baseline
# fix, both backends; (c) the RBF conformance cases on the H200 with the folded loop rungs.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 20 > $R/smi.csv 2>&1 &
SMI=$!
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --warmup-ms 300 --no-cpu --no-check --op rbf --device wgpu:0"
stamp() { while IFS= read -r l; do echo "$(date +%s.%N | cut -c1-14) $l"; done; }
w() { # $1 name, rest args
  n=$1; shift
  timeout 90 env DUET_WGPU_TRACE=1 $E/duet-new $B "$@" 2>&1 | stamp > $R/$n.txt
  t "$n"
}
w t1 --variant row_major --cols 1,13 --sweep-mib 1024 --budget 0.5 --reps 100
w t2 --variant default_row_major,default --cols 4,5 --sweep-mib 2048 --budget 0.5 --reps 100
w t3 --variant row_major,column_major --cols 1,13 --sweep-mib 1024 --budget 0.5 --reps 100
timeout 60 $E/duet-new $B --variant row_major --cols 1,13 --sweep-mib 1024 --budget 0.5 --reps 100 --phases 2>&1 | stamp > $R/t4-notrace.txt
t t4
kill $SMI
unset DUET_TUNE
for d in opencl:1 wgpu:0; do
  timeout 120 $E/duet-new tune --verify --op rbf --device $d --shapes docs/h200/run-2026-11-28-s44/shapes-verify.txt --cache-dir /tmp/none --json $R/verify-rbf-${d%:*}.json > $R/verify-rbf-${d%:*}.txt 2>&1
  t "verify rbf $d rc=$?"
done
timeout 100 $E/duet-new conform --op rbf --device wgpu:0,opencl:1 > $R/conform-rbf.txt 2>&1
t "conform rc=$?"
gzip $R/*.json $R/t*.txt
t done; cat $R/log.txt
for f in $R/verify-rbf-*.txt; do tail -n 3 $f; done; tail -n 2 $R/conform-rbf.txt
