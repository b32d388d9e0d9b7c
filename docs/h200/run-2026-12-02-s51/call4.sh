#!/usr/bin/env bash
# Session 51, call 4 (H200): OpenCL's register-resident logistic pass at unpadded widths
# (OpenCL pads a row only where it adds at most 1/16: these rows are read a float at a time)
# from 9 to 45 columns: its automatic one row a step (by the row: 1 outside 5-8 floats) against
# two (`--param logreg_rps=2`). `duet-main` = main e0c1898. Two rounds, alternating.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --device opencl:1 --sweep-mib 64,256 --op logreg --variant default --cols 9,10,11,14,17,21,25,29,33,37,45"
run() { # name args...
  local name=$1; shift
  DUET_TUNE=off timeout 90 $E/duet-main "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"
}
run rps1-1 $B
run rps2-1 $B --param logreg_rps=2
run rps2-2 $B --param logreg_rps=2
run rps1-2 $B
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt
