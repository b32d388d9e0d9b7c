#!/usr/bin/env bash
# Session 58, call 5 (H200): OpenCL's finish in one level against its default two (is the
# one-level sum as slow there as through wgpu?), wgpu's finish in one level and two, main
# f78e431, two rounds alternating, 33/64/100 columns at 16/64 MiB; and which NVIDIA profilers
# the machine has.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
(which ncu nsys nvcc nvidia-smi; ls -d /usr/local/cuda* /opt/nvidia* 2>&1) > $R/tools.txt 2>&1
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --op read,logreg --variant default --cols 33,64,100 --sweep-mib 16,64 --budget 0.3 --warmup-ms 300 --no-cpu --no-check"
ONE="--param logreg_finish_split=1073741824"
for round in 1 2; do
  timeout 40 $E/duet-main $L --device opencl:1 > $R/c-two-$round.txt 2>&1; t "cl two $round rc=$?"
  timeout 40 $E/duet-main $L --device opencl:1 $ONE > $R/c-one-$round.txt 2>&1; t "cl one $round rc=$?"
  timeout 40 $E/duet-main $L --device wgpu:0 --param logreg_finish_cols=256 > $R/w-one-$round.txt 2>&1; t "w one $round rc=$?"
  timeout 40 $E/duet-main $L --device wgpu:0 --param logreg_finish_cols=256 --param logreg_finish_split=64 > $R/w-two-$round.txt 2>&1; t "w two $round rc=$?"
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
t done; cat $R/log.txt $R/tools.txt
