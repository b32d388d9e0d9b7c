#!/usr/bin/env bash
# Session 38, call 12 (H100): OpenCL's row-major 33 columns (81-84 % of the read bound): rows
# padded to a multiple of 4 (row_pad=3: 33 -> 36, 61 -> 64) against OpenCL's automatic 1/16
# (row_pad=1: 33 and 61 stay unpadded), RBF rows (default row-major rung) and the logistic
# gradient (default), 64 and 256 MiB, main 69a1d53.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf,logreg --variant default,default_row_major --sweep-mib 64,256 --cols 33,61,100 --device opencl:1"
i=0
for pad in 1 3 1 3; do
  i=$((i + 1))
  timeout 60 $E/duet $L --param row_pad=$pad --json $R/run$i-pad$pad.json > $R/run$i-pad$pad.txt 2>&1
  t "run $i row_pad $pad rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call12.tgz .
cat log.txt clocks.txt
