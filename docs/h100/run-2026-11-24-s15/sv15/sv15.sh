#!/usr/bin/env bash
# Session 15, call 5: logreg_partial_quad against the one-row pass (--param
# logreg_quad_pitch=0), each shape in a process of its own (sv12/sv13: wgpu's streaming speed
# depends on the process's earlier allocations), no reference check (sv14's conform and
# checked sweep cover correctness): k = 1, 2, 3, 4, 5, 7, 8 at 64 and 256 MiB; k = 1, 3, 8 at
# 1 GiB; both backends, built-in tuning.
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
C="bench --sizes sweep --op logreg --variant default --budget 0.3 --warmup-ms 300 --no-cpu --no-check"
one() { # dev mib cols q
  local t=${1%%:*}
  timeout 30 $D $B $C --device $1 --sweep-mib $2 --cols $3 --param logreg_quad_pitch=$4 --json $R/$t-$2-$3-q$4.json > /dev/null 2>&1 || echo "fail $*"
}
for mib in 64 256; do
  for k in 1 2 3 4 5 7 8; do
    for dev in wgpu:0 opencl:1; do one $dev $mib $k 8; one $dev $mib $k 0; done
  done
done
echo small done
for k in 1 3 8; do
  for dev in wgpu:0 opencl:1; do one $dev 1024 $k 8; one $dev 1024 $k 0; done
done
cd $OUT && tar czf sv15.tgz r && rm -rf r
