#!/usr/bin/env bash
# Session 36, call 2 (H100), main 06b9c1f. Why does OpenCL's finish at 1 500 columns cost
# 14-22 us more than at 2 000 (call 1)? The lone gradient at 600-3 000 columns, 4 and 64 MiB:
# the reduce launch (never finishing) against finishing, each with logreg_tile 8 192 (the
# H100's automatic: 5 rows a tile at 1 500 columns, 4 at 2 000) and 4 096; wgpu the same.
set -u
R=/tmp/s36c2; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 600,800,1200,1400,1500,1600,1800,2000,2500,3000 --sweep-mib 4,64"
i=0
for cfg in "--param logreg_finish_lone=1" "--param logreg_finish_cols=4096" \
  "--param logreg_finish_lone=1 --param logreg_tile=4096" "--param logreg_finish_cols=4096 --param logreg_tile=4096" \
  "--param logreg_finish_cols=4096" "--param logreg_finish_lone=1"; do
  timeout 50 $E/duet $L --device opencl:1 $cfg > $R/A-cl-$i.txt 2>&1; echo "$i: $cfg" >> $R/A-configs.txt; i=$((i+1))
done
t "A opencl"
i=0
for cfg in "" "--param logreg_tile=4096"; do
  timeout 50 $E/duet $L --device wgpu:0 $cfg > $R/B-wg-$i.txt 2>&1; echo "wg $i: $cfg" >> $R/A-configs.txt; i=$((i+1))
done
t "B wgpu"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt A-configs.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f3,5 | tr '\n' ';'; }
for x in A-cl-*.txt B-*.txt; do echo "$x: $(f $x)"; done
