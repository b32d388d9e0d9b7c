#!/usr/bin/env bash
# Session 49, call 3 (H200): the logistic gradient's four-rows pass (`logreg_quad_pitch`) at
# 3-8 columns: the backend's automatic value (wgpu 7, OpenCL 4) against 4 and 9 (never: the
# register-resident pass), both backends, 64 MiB-1 GiB, two rounds in rotated order. Session
# 43 (H100) measured wgpu's gradient at 3-7 columns and 64 MiB at 77-86 % of the read bound,
# 1.18-1.30x OpenCL's time, where 8 columns (the register-resident pass) read 90 %.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
timeout 30 $E/duet-fin bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --cols 3,4,5,6,7,8 --sweep-mib 64,256,1024"
run() { # $1 name, $2 device, extra args
  n=$1; d=$2; shift 2
  timeout 100 $E/duet-fin $B --device $d "$@" --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
}
for d in wgpu:0 opencl:1; do
  k=${d%%:*}
  run auto1-$k $d
  run q4-1-$k $d --param logreg_quad_pitch=4
  run q9-1-$k $d --param logreg_quad_pitch=9
done
for d in opencl:1 wgpu:0; do
  k=${d%%:*}
  run q9-2-$k $d --param logreg_quad_pitch=9
  run q4-2-$k $d --param logreg_quad_pitch=4
  run auto2-$k $d
done
gzip $R/*.json
t done; cat $R/log.txt; grep -h "timed again\|still speeding" $R/*.txt | head
