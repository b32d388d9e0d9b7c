#!/usr/bin/env bash
# Session 49, call 1 (H200): row-major RBF rows of 1-8 columns, four rows a work-item
# (`rbf_row_quad`: `row_major` over rows of at most rbf_quad_pitch floats) against main's
# kernels (`--param rbf_quad_pitch=0`: the loop rung, rows a step, and at one column
# `vectorized`), both backends, the same binary, alternating; two rounds (the second in
# reverse order); at 8 columns `row_major` (the quad) against the default `row_lanes`; the RBF
# conformance cases on the H200.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op rbf"
run() { # $1 name, $2 device, $3 sizes, extra args
  n=$1; d=$2; s=$3; shift 3
  timeout 120 $E/duet-new $B --device $d --sweep-mib $s "$@" --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
}
C="--variant default_row_major --cols 1,2,3,4,5,6,7"
for d in opencl:1 wgpu:0; do
  k=${d%%:*}
  run a1-$k $d 64,1024,2048 $C --param rbf_quad_pitch=0
  run b1-$k $d 64,1024,2048 $C
done
for d in wgpu:0 opencl:1; do
  k=${d%%:*}
  run b2-$k $d 256,1024 $C
  run a2-$k $d 256,1024 $C --param rbf_quad_pitch=0
done
for d in opencl:1 wgpu:0; do
  k=${d%%:*}
  run e8-$k $d 64,256,1024 --variant default_row_major,row_major --cols 8
done
timeout 120 $E/duet-new conform --op rbf --device wgpu:0,opencl:1 > $R/conform-rbf.txt 2>&1
t "conform rc=$?"
gzip $R/*.json
t done; cat $R/log.txt; tail -n 1 $R/conform-rbf.txt; grep -h "timed again\|still speeding" $R/*.txt | head
