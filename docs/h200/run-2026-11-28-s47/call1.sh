#!/usr/bin/env bash
# Session 47, call 1 (H200): (a) the loop rungs folded into one helper (duet-new) against main
# 6654053 (duet-main): the `row_major` and `column_major` rungs forced, their rows a step by the
# rule, 64 MiB and 1 GiB, both backends, two rounds in alternating order; (b) wgpu with the
# final rows-a-step rule at 1 and 2 GiB against one row a step (main, --param rbf_loop_rows=1),
# the defaults of both layouts at 1-7 columns, two rounds.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 300 --no-cpu --no-check --op rbf"
ab() { # $1 name, $2 binary, $3 device
  timeout 120 $E/$2 $B --variant row_major,column_major --cols 1,2,3,4,5,7,8,13,16,33 --sweep-mib 64,1024 --device $3 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
for d in opencl:1 wgpu:0; do
  ab r1-main-${d%:*} duet-main $d
  ab r1-new-${d%:*} duet-new $d
  ab r2-new-${d%:*} duet-new $d
  ab r2-main-${d%:*} duet-main $d
done
rule() { # $1 name, extra args
  n=$1; shift
  timeout 100 $E/duet-main $B --variant default,default_row_major --cols 1,2,3,4,5,7 --sweep-mib 1024,2048 --device wgpu:0 "$@" --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
}
rule w1-rule; rule w1-r1 --param rbf_loop_rows=1; rule w2-r1 --param rbf_loop_rows=1; rule w2-rule
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
