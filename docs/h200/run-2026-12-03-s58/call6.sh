#!/usr/bin/env bash
# Session 58, call 6 (H200), not run: too little device time was left to start a machine. Does Nsight Compute (ncu, CUDA 13, /usr/local/cuda/bin) see
# duet's OpenCL and Vulkan kernels? One gradient bench case each, the first kernels profiled.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call6.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
/usr/local/cuda/bin/ncu --version > $R/ncu-version.txt 2>&1
B="bench --sizes sweep --op logreg --variant default --cols 64 --sweep-mib 16 --budget 0.05 --reps 3 --warmup-ms 10 --no-cpu --no-check"
for D in opencl:1 wgpu:0; do
  timeout 90 $E /usr/local/cuda/bin/ncu --target-processes all --launch-count 4 --section SpeedOfLight --section LaunchStats --section Occupancy .gpu/bin/duet-main $B --device $D > $R/ncu-${D%:*}.txt 2>&1; t "ncu $D rc=$?"
done
t done; cat $R/log.txt; head -5 $R/ncu-version.txt; for f in $R/ncu-*.txt; do echo "== $f"; grep -E "==PROF==|==WARNING==|==ERROR==" $f | head -5; done
