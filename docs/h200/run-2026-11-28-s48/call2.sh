#!/usr/bin/env bash
# Session 48, call 2 (H200): duet-vst = call 1's duet-new + `sliced` writing four points with
# one vec4 store an output too. Which column-major rung from 8 to 64 columns (column_major,
# vectorized, sliced) at 16 MiB-1 GiB, both backends; `sliced` before (duet-new) and after
# (duet-vst) at 16-1000 columns, 64 MiB and 1 GiB.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
timeout 30 $E/duet-vst bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op rbf"
run() { # $1 name, $2 binary, $3 device, $4 sizes, extra args
  n=$1; b=$2; d=$3; s=$4; shift 4
  timeout 120 $E/$b $B --device $d --sweep-mib $s "$@" --json $R/$n.json > $R/$n.txt 2>&1
  t "$n"
}
V="--variant column_major,vectorized,sliced --cols 8,13,16,24,33,48,64"
for d in opencl:1 wgpu:0; do
  k=${d%%:*}
  run a1-$k duet-vst $d 64,256 $V
  run b-$k duet-vst $d 1024 --variant column_major,vectorized,sliced --cols 16,24,33,48
  run d-$k duet-vst $d 16 --variant column_major,vectorized --cols 1,2,3,5,8,13,16,24,33,48
  run c-old-$k duet-new $d 64,1024 --variant sliced --cols 16,48,64,100,250,1000
  run c-new-$k duet-vst $d 64,1024 --variant sliced --cols 16,48,64,100,250,1000
  run a2-$k duet-vst $d 64,256 $V
done
gzip $R/*.json
t done; cat $R/log.txt; grep -h "timed again\|still speeding" $R/*.txt | head
