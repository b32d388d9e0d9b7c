#!/usr/bin/env bash
# Session 52, call 2 (H200): the shape sweep as a user gets it at main 5e3c986 (the library of
# fbce7ab: sessions 37-51's kernels, rules and the H200's built-in entries), as session 37's
# calls 1 and 3 ran it on the H100: the logistic gradient (default) and RBF rows (default rung,
# column-major and row-major) at the sweep's 27 column counts at 256, 64 and 4 MiB and at seven
# at 1 GiB; one process per size and backend (the read kernel measured in each), --no-check
# (the checks are the conformance suite's, call 1, and CI's sweep-quick).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv,noheader >> $R/clocks.txt
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op logreg,rbf --variant default,default_row_major"
for mib in 256 64 1024 4; do for d in wgpu:0 opencl:1; do
  cols=""; [ $mib = 1024 ] && cols="--cols 1,3,8,33,100,1000,4096"
  timeout 140 $E/duet-main $L --sweep-mib $mib $cols --device $d --json $R/sw-$mib-${d%:*}.json > $R/sw-$mib-${d%:*}.txt 2>&1
  t "sweep $mib $d rc=$?"
done; done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv,noheader >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
