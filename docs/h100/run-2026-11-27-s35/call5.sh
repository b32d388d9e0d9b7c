#!/usr/bin/env bash
# Session 35, call 5 (H100): the wide finish's column tiles past the last column, n2 (call 3:
# they load the last column and are dropped) against n3 (predicated: they load nothing), every
# pass up to 4 096 columns finishing (logreg_finish_cols=4096); the lone gradient and ten
# training iterations at 4 and 64 MiB, 257-4 096 columns, both backends, two rounds.
set -u
R=/tmp/s35c5; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-n3 bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg,train --variant default,multi_group --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 257,500,1000,4096 --sweep-mib 4,64 --param logreg_finish_cols=4096"
for r in 1 2; do for d in opencl:1 wgpu:0; do for b in n2 n3; do
  timeout 60 $E/duet-$b $L --device $d > $R/${d%:*}-$b-$r.txt 2>&1
done; done; t "round $r"; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call5.tgz .
cat log.txt clocks.txt
f() { grep -E "^(logreg +default|train) " "$1" | sed "s/  */ /g" | cut -d" " -f1,3,5 | tr '\n' ';'; }
for x in *-n*-*.txt; do echo "$x: $(f $x)"; done
