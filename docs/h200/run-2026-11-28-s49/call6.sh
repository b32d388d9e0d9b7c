#!/usr/bin/env bash
# Session 49, call 6 (H200): OpenCL's logistic gradient at 5-7 columns with the four-rows pass
# (`--param logreg_quad_pitch=8`) against its automatic 4 (the register-resident pass there),
# which session 43 chose on the H100 before session 45's full-quad residuals; call 3 did not
# try it. Two rounds, alternating.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call6.tgz -C $R .; }
timeout 30 $E/duet-top bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --cols 5,6,7 --sweep-mib 64,256,1024 --device opencl:1"
for r in 1 2; do
  timeout 60 $E/duet-top $B --json $R/auto$r.json > $R/auto$r.txt 2>&1; t "auto$r rc=$?"
  timeout 60 $E/duet-top $B --param logreg_quad_pitch=8 --json $R/q8-$r.json > $R/q8-$r.txt 2>&1; t "q8-$r rc=$?"
done
gzip $R/*.json
t done; cat $R/log.txt
