#!/usr/bin/env bash
# Session 36, call 1 (H100), main 06b9c1f. (A) OpenCL's lone gradient above 256 columns, 4-256
#     MiB: the automatic rule (finish where X holds at most 2^22 floats, up to 2 048 columns)
#     against never (reduce launch) and always finishing up to 2 048 columns, each run twice
#     in reverse order; the finish at every width (to 4 096 columns) and the reduce launch
#     with fewer partial slots (logreg_max_groups 264, 176). (B) wgpu's gradient, 4-256 MiB,
#     100-4 096 columns, with 264 (automatic), 176 and 132 workgroups.
set -u
R=/tmp/s36c1; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 257,500,1000,1500,2000,2048,4096 --sweep-mib 4,16,64,256"
i=0
for cfg in "" "--param logreg_finish_lone=1" "--param logreg_finish_lone=4294967295" \
  "--param logreg_finish_cols=4096 --param logreg_max_groups=264" "--param logreg_finish_cols=4096 --param logreg_max_groups=176" \
  "--param logreg_finish_lone=1 --param logreg_max_groups=264" "--param logreg_finish_lone=1 --param logreg_max_groups=176" \
  "--param logreg_finish_lone=4294967295" "--param logreg_finish_lone=1" ""; do
  timeout 50 $E/duet $L --device opencl:1 $cfg > $R/A-cl-$i.txt 2>&1; echo "$i: $cfg" >> $R/A-configs.txt; i=$((i+1))
done
t "A opencl"
W="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 100,257,500,1000,2000,4096 --sweep-mib 4,16,64,256"
i=0
for cfg in "" "--param logreg_max_groups=176" "--param logreg_max_groups=132" ""; do
  timeout 50 $E/duet $W --device wgpu:0 $cfg > $R/B-wg-$i.txt 2>&1; echo "wg $i: $cfg" >> $R/A-configs.txt; i=$((i+1))
done
t "B wgpu"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt A-configs.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f3,5 | tr '\n' ';'; }
for x in A-cl-*.txt B-*.txt; do echo "$x: $(f $x)"; done
