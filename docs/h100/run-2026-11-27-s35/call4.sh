#!/usr/bin/env bash
# Session 35, call 4 (H100), duet-n2 (call 3's binary): does the last-workgroup finish pay in
# a training loop as in a lone gradient call? Ten-iteration multi_group training and the lone
# gradient at 4, 16 and 64 MiB, 33-250 columns: the automatic finish (OpenCL: passes up to 256
# columns finish, wgpu: up to 32) against its other choice (OpenCL logreg_finish_cols=32:
# the reduce launch above 32 columns; wgpu logreg_finish_cols=256), two rounds interleaved.
set -u
R=/tmp/s35c4; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-n2 bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg,train --variant default,multi_group --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 33,64,100,250 --sweep-mib 4,16,64"
for r in 1 2; do
  timeout 60 $E/duet-n2 $L --device opencl:1 > $R/cl-auto-$r.txt 2>&1
  timeout 60 $E/duet-n2 $L --device opencl:1 --param logreg_finish_cols=32 > $R/cl-32-$r.txt 2>&1
  timeout 60 $E/duet-n2 $L --device wgpu:0 > $R/wg-auto-$r.txt 2>&1
  timeout 60 $E/duet-n2 $L --device wgpu:0 --param logreg_finish_cols=256 > $R/wg-256-$r.txt 2>&1
  t "round $r"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call4.tgz .
cat log.txt clocks.txt
f() { grep -E "^(logreg +default|train) " "$1" | sed "s/  */ /g" | cut -d" " -f1,3,5 | tr '\n' ';'; }
for x in cl-*.txt wg-*.txt; do echo "$x: $(f $x)"; done
