#!/usr/bin/env bash
# Session 47, call 4 (H200): the landed steadiness check (1.25 × the wall time, nine calls at
# least; duet-new = the working tree of this session's commits) at 1-2 GiB with 300 ms
# warm-ups, wgpu (as call 3) and OpenCL; the rows-a-step rule against one row a step at
# 16 MiB (session 46 ran one round there), both backends, both layouts, two rounds.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default,default_row_major"
run() { # $1 name, $2 device, $3 sizes, $4 cols, extra args
  n=$1; d=$2; s=$3; c=$4; shift 4
  timeout 110 $E/duet-new $B --device $d --sweep-mib $s --cols $c "$@" --json $R/$n.json > $R/$n.txt 2>&1
  t "$n"
}
run big-wgpu wgpu:0 1024,2048 1,2,3,4,5,7
run big-opencl opencl:1 1024,2048 1,2,3,4,5,7
for d in opencl:1 wgpu:0; do
  run s1-r1-${d%:*} $d 16 1,2,3,4,5,7,8,13 --param rbf_loop_rows=1
  run s1-rule-${d%:*} $d 16 1,2,3,4,5,7,8,13
  run s2-rule-${d%:*} $d 16 1,2,3,4,5,7,8,13
  run s2-r1-${d%:*} $d 16 1,2,3,4,5,7,8,13 --param rbf_loop_rows=1
done
gzip $R/*.json
t done; cat $R/log.txt; grep -h "timed again\|still speeding" $R/*.txt
