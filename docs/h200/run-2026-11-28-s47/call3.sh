#!/usr/bin/env bash
# Session 47, call 3 (H200): the bench's steadiness check (duet-new = the folded loop rungs +
# re-timing a case whose timed calls show a device still speeding up) with the 300 ms warm-ups
# that let call 1's 1-2 GiB cases be timed on a rising clock; wgpu's defaults with the final
# rows-a-step rule against one row a step (--param rbf_loop_rows=1) at 64 MiB, 1 and 2 GiB,
# both layouts, 1-7 columns, two rounds; clocks sampled every 20 ms.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 20 > $R/smi.csv 2>&1 &
SMI=$!
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 300 --no-cpu --no-check --op rbf --device wgpu:0 --variant default,default_row_major --cols 1,2,3,4,5,7"
stamp() { while IFS= read -r l; do echo "$(date +%s.%N | cut -c1-14) $l"; done; }
rule() { # $1 name, $2 sizes, extra args
  n=$1; s=$2; shift 2
  timeout 110 $E/duet-new $B --sweep-mib $s "$@" --json $R/$n.json 2>&1 | stamp > $R/$n.txt
  t "$n"
}
rule w1-rule 64,1024,2048; rule w1-r1 64,1024,2048 --param rbf_loop_rows=1
rule w2-r1 1024,2048 --param rbf_loop_rows=1; rule w2-rule 1024,2048
kill $SMI
gzip $R/*.json $R/smi.csv
t done; cat $R/log.txt; grep -h "timed again\|still speeding" $R/w*.txt
