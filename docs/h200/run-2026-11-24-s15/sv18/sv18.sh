#!/usr/bin/env bash
# Session 15, call 8 (H200, final binary): conform --op logreg,train quick; the four-row pass
# against the one-row pass (--param logreg_quad_pitch=9), each shape in a process of its own,
# k = 1, 2, 3, 4, 5, 7, 8 at 256 MiB, both backends; tune --verify at sv16's small-k shapes
# (OpenCL, 4 MiB - 256 MiB only).
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 100 $D $B conform --op logreg,train --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform.txt; grep FAIL $R/conform.txt | head -5
C="bench --sizes sweep --op logreg --variant default --budget 0.3 --warmup-ms 300 --no-cpu --no-check"
one() { # dev mib cols q
  local t=${1%%:*}
  timeout 30 $D $B $C --device $1 --sweep-mib $2 --cols $3 --param logreg_quad_pitch=$4 --json $R/$t-$2-$3-q$4.json > /dev/null 2>&1 || echo "fail $*"
}
for k in 1 2 3 4 5 7 8; do
  for dev in wgpu:0 opencl:1; do one $dev 256 $k 0; one $dev 256 $k 9; done
done
awk '$1 * $2 * 4 < 300000000' .gpu/smallk.txt > .gpu/smallk-small.txt
DUET_CACHE_DIR=$R/empty timeout 150 $D $B tune --verify --op logreg --shapes .gpu/smallk-small.txt --device opencl:1 --reps 7 --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$?"; tail -2 $R/verify.txt
rm -rf $R/empty
cd $OUT && tar czf sv18.tgz r && rm -rf r
