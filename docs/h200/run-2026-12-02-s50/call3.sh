#!/usr/bin/env bash
# Session 50, call 3 (H200): with the change (`duet-new`, two rows' residuals in one block),
# OpenCL's logistic gradient at one row a step (its automatic) and two (`--param
# logreg_rps=2`), over the register-resident pass's widths (8-1 000 columns) and the four-rows
# pass's (1-4 columns, where logreg_rps counts quads a step). Two rounds, the second in reverse
# order.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --device opencl:1"
W="$B --cols 8,13,16,31,33,64,127,256,1000 --sweep-mib 64,256"
Q="$B --cols 1,2,3,4 --sweep-mib 64,256,1024"
run() { local name=$1; shift; timeout 90 $E/duet-new "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"; }
for r in 1 2; do
  if [ $r = 1 ]; then
    run w-rps1-$r $W; run w-rps2-$r $W --param logreg_rps=2; run q-rps1-$r $Q; run q-rps2-$r $Q --param logreg_rps=2
  else
    run q-rps2-$r $Q --param logreg_rps=2; run q-rps1-$r $Q; run w-rps2-$r $W --param logreg_rps=2; run w-rps1-$r $W
  fi
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt
