#!/usr/bin/env bash
# Session 35, call 1 (H100), main da669b2 + DUET_CL_PLAIN_QUEUE (a queue without profiling).
# (A) the logistic gradient above 256 columns: OpenCL's reduce launch against the finish at
#     every width (logreg_finish_cols=65536) with fewer partial slots (logreg_max_groups), and
#     wgpu's slot count, 4/64/256 MiB, 100-4 096 columns; (B) what a second kernel per
#     iteration costs back to back: the seed's training (2048 x 8 x 50 000, multi_group) with
#     the last-workgroup finish (one launch an iteration) and without (logreg_last_group=0),
#     OpenCL on its profiling queue and on a plain one, and wgpu; (C) OpenCL's column-major RBF
#     rungs at 2-7 columns (64, 256 MiB) and at 1 GiB; (D) wgpu's rbf_pivot_cols above 1 024.
set -u
R=/tmp/s35c1; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 100,250,500,1000,2000,4096"
i=0
for cfg in "" "--param logreg_finish_cols=65536" "--param logreg_finish_cols=65536 --param logreg_max_groups=264" "--param logreg_finish_cols=65536 --param logreg_max_groups=132" "--param logreg_max_groups=264"; do
  timeout 60 $E/duet $L --sweep-mib 4,64,256 --device opencl:1 $cfg > $R/A-cl-$i.txt 2>&1; echo "$i: $cfg" >> $R/A-configs.txt; i=$((i+1))
done
t "A opencl"
i=0
for cfg in "" "--param logreg_max_groups=528" "--param logreg_max_groups=132" "--param logreg_finish_cols=65536"; do
  timeout 60 $E/duet $L --sweep-mib 4,64,256 --device wgpu:0 $cfg > $R/A-wg-$i.txt 2>&1; echo "wg $i: $cfg" >> $R/A-configs.txt; i=$((i+1))
done
t "A wgpu"
T="bench --op train --size 2048×8×50000 --variant multi_group --budget 3 --warmup-ms 300 --no-cpu --no-check"
for lg in 1 0; do
  timeout 40 $E/duet $T --device opencl:1 --param logreg_last_group=$lg > $R/B-cl-$lg.txt 2>&1
  DUET_CL_PLAIN_QUEUE=1 timeout 40 $E/duet $T --device opencl:1 --param logreg_last_group=$lg > $R/B-clplain-$lg.txt 2>&1
  timeout 40 $E/duet $T --device wgpu:0 --param logreg_last_group=$lg > $R/B-wg-$lg.txt 2>&1
done
t "B"
C="bench --sizes sweep --op rbf --budget 0.15 --warmup-ms 300 --no-cpu --no-check --variant column_major,sliced,local_memory,default"
timeout 90 $E/duet $C --sweep-mib 64,256 --cols 2,3,4,5,7 --device opencl:1 > $R/C-small.txt 2>&1
t "C small rc=$?"
timeout 120 $E/duet $C --sweep-mib 1024 --cols 1,4,8,33,64,250,1000 --device opencl:1 > $R/C-1g.txt 2>&1
t "C 1g rc=$?"
D="bench --sizes sweep --op rbf --budget 0.15 --warmup-ms 300 --no-cpu --no-check --variant default,default_row_major --sweep-mib 64,256 --cols 1024,1500,2000,2048,3000,4096 --device wgpu:0"
for pc in 0 2048 4096; do
  timeout 60 $E/duet $D --param rbf_pivot_cols=$pc > $R/D-$pc.txt 2>&1
done
t "D"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt A-configs.txt
f() { grep -E "^(logreg|rbf|train) " "$1" | sed "s/  */ /g" | cut -d" " -f2,3,5,14 | tr '\n' ';'; }
for x in A-*.txt B-*.txt C-*.txt D-*.txt; do [ "$x" = A-configs.txt ] && continue; echo "$x: $(f $x)"; done
