#!/usr/bin/env bash
# Session 15, call 9 (H200): sv18 again with logreg_quad_pitch=9 meaning never (sv18's binary
# still took the four-row pass at 9 for rows up to 8 floats, so its k <= 5 pairs compared the
# pass with itself): the defaults against the one-row pass, each shape in a process of its
# own, k = 1, 2, 3, 4, 5, 7, 8 at 64 and 256 MiB, both backends; conform with the one-row pass.
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 100 $D $B conform --op logreg,train --level quick --device wgpu:0,opencl:1 --param logreg_quad_pitch=9 > $R/conform-q9.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform-q9.txt; grep FAIL $R/conform-q9.txt | head -5
C="bench --sizes sweep --op logreg --variant default --budget 0.3 --warmup-ms 300 --no-cpu --no-check"
one() { # dev mib cols q
  local t=${1%%:*}
  timeout 30 $D $B $C --device $1 --sweep-mib $2 --cols $3 --param logreg_quad_pitch=$4 --json $R/$t-$2-$3-q$4.json > /dev/null 2>&1 || echo "fail $*"
}
for mib in 64 256; do
  for k in 1 2 3 4 5 7 8; do
    for dev in wgpu:0 opencl:1; do one $dev $mib $k 0; one $dev $mib $k 9; done
  done
done
cd $OUT && tar czf sv19.tgz r && rm -rf r
