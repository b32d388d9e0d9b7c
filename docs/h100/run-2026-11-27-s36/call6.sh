#!/usr/bin/env bash
# Session 36, call 6 (H100): the committed change (the wide finish's pairwise sum; a lone
# gradient through OpenCL finishes up to 2 048 columns where X holds at most 2^26 floats).
# (A) The gradient with the defaults, 4-256 MiB, 100-4 096 columns, both backends; OpenCL with
# the reduce launch above 256 columns (logreg_finish_lone=1) in the same run. (B) For the next
# change: OpenCL's workgroups (logreg_max_groups 396 = 3 a compute unit, 264) against the
# automatic 528 at 64 and 256 MiB: ptxas gives the pass 80 registers at KL = 4 (three 256-wide
# workgroups a compute unit), 64 at KL = 3 (four).
set -u
R=/tmp/s36c6; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 100,257,500,1000,1500,2000,2048,4096 --sweep-mib 4,16,64,256"
timeout 60 $E/duet $L --device opencl:1 --json $R/A-cl.json > $R/A-cl.txt 2>&1
timeout 60 $E/duet $L --device opencl:1 --param logreg_finish_lone=1 > $R/A-cl-never.txt 2>&1
timeout 60 $E/duet $L --device wgpu:0 --json $R/A-wg.json > $R/A-wg.txt 2>&1
t "A"
M="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 257,600,1000,1500,2000,2048,4096 --sweep-mib 64,256"
i=0
for g in 396 264 528; do
  timeout 50 $E/duet $M --device opencl:1 --param logreg_max_groups=$g > $R/B-cl-$g.txt 2>&1
done
t "B"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call6.tgz .
cat log.txt clocks.txt
f() { grep -E "^(logreg|read) " "$1" | sed "s/  */ /g" | cut -d" " -f1,3,5,14 | tr '\n' ';'; }
for x in A-*.txt B-*.txt; do echo "$x: $(f $x)"; done
