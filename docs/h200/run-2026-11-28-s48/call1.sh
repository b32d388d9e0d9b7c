#!/usr/bin/env bash
# Session 48, call 1 (H200): the vec4 rungs write four points with one vec4 store an output
# (duet-new) against main (duet-main): `vectorized` beside the default rung at 1-13
# column-major columns, 64 MiB, 1 and 2 GiB, both backends, two rounds in reverse order; then
# `vectorized`'s workgroup (rbf_wg 128, 512, 1024) at 1 GiB through duet-new.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op rbf"
run() { # $1 name, $2 binary, $3 device, $4 sizes, extra args
  n=$1; b=$2; d=$3; s=$4; shift 4
  timeout 150 $E/$b $B --device $d --sweep-mib $s "$@" --json $R/$n.json > $R/$n.txt 2>&1
  t "$n"
}
V="--variant default,vectorized --cols 1,2,3,4,5,7,8,13"
run o1-main duet-main opencl:1 64,1024,2048 $V; run o1-new duet-new opencl:1 64,1024,2048 $V
run w1-new duet-new wgpu:0 64,1024,2048 $V; run w1-main duet-main wgpu:0 64,1024,2048 $V
run o2-new duet-new opencl:1 1024,2048 $V; run o2-main duet-main opencl:1 1024,2048 $V
run w2-main duet-main wgpu:0 1024,2048 $V; run w2-new duet-new wgpu:0 1024,2048 $V
for wg in 128 512 1024; do
  run o-wg$wg duet-new opencl:1 1024 --param rbf_wg=$wg --variant vectorized --cols 1,2,4,8
  run w-wg$wg duet-new wgpu:0 1024 --param rbf_wg=$wg --variant vectorized --cols 1,2,4,8
done
gzip $R/*.json
t done; cat $R/log.txt; grep -h "timed again\|still speeding" $R/*.txt | head
