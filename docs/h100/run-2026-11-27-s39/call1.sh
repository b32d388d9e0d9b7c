#!/usr/bin/env bash
# Session 39, call 1 (H100): the `row_lanes` rung on rows that do not start on 16 bytes, a
# column per lane (new) against four loads per vec4 of columns (old, main 4f1a15e): RBF rows,
# default row-major rung, both backends, tuned entries off (the kernels at their defaults),
# two rounds alternating; then with the built-in database (OpenCL 33 and 777 columns), and
# wgpu with rows left unpadded (row_pad=1), where its default pads them.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default_row_major"
for round in 1 2; do
  for dev in opencl:1 wgpu:0; do
    for b in old new; do
      n=r$round-${dev%%:*}-$b
      DUET_TUNE=off timeout 75 $E/duet-$b $L --sweep-mib 64,256 --cols 9,13,15,31,33,34,61,127,250,777 --device $dev --json $R/$n.json > $R/$n.txt 2>&1
      t "$n rc=$?"
    done
  done
done
for b in old new; do
  n=db-opencl-$b
  timeout 60 $E/duet-$b $L --sweep-mib 64,256,1024 --cols 33,777 --device opencl:1 --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
  n=pad1-wgpu-$b
  DUET_TUNE=off timeout 60 $E/duet-$b $L --sweep-mib 64,256 --cols 33,61,127,777 --param row_pad=1 --device wgpu:0 --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt
