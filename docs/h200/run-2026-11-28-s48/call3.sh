#!/usr/bin/env bash
# Session 48, call 3 (H200): what a user gets (DUET_TUNE=off, the defaults), main (duet-main)
# against what lands (duet-fin: the vec4 rungs' vec4 stores, the column-major rule
# vectorized / column_major / sliced, one row-major column read four rows a vec4), both
# backends: column-major 64 MiB and 1 GiB at 1-1000 columns (two rounds, reverse order) and
# 2 GiB at 1-33; row-major 1-3 columns at 64 MiB, 1 and 2 GiB.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
timeout 30 $E/duet-fin bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op rbf"
run() { # $1 name, $2 binary, $3 device, $4 sizes, extra args
  n=$1; b=$2; d=$3; s=$4; shift 4
  timeout 100 $E/$b $B --device $d --sweep-mib $s "$@" --json $R/$n.json > $R/$n.txt 2>&1
  t "$n"
}
W="--variant default --cols 1,2,3,5,8,13,16,33,48,64,100,250,1000"
N="--variant default --cols 1,2,3,5,8,13,16,33"
for d in opencl:1 wgpu:0; do
  k=${d%%:*}
  run m1-$k duet-main $d 64,1024 $W; run f1-$k duet-fin $d 64,1024 $W
  run m1b-$k duet-main $d 2048 $N; run f1b-$k duet-fin $d 2048 $N
  run fr-$k duet-fin $d 64,1024,2048 --variant default_row_major --cols 1,2,3
  run mr-$k duet-main $d 64,1024,2048 --variant default_row_major --cols 1,2,3
done
for d in opencl:1 wgpu:0; do
  k=${d%%:*}
  run f2-$k duet-fin $d 64,1024 $W; run m2-$k duet-main $d 64,1024 $W
done
gzip $R/*.json
t done; cat $R/log.txt; grep -h "timed again\|still speeding" $R/*.txt | head
