#!/usr/bin/env bash
# Session 38, call 2 (H100): rbf_loop_pivot_cols at wider matrices. Column-major: the loop
# rungs `column_major` and `vectorized` beside `sliced` (which never reads the gathered copy:
# the same in both runs, so it shows the run-to-run spread) at 8-1000 columns, 64 and 256 MiB
# (8/16/32 columns at 1 GiB), with the gathered copy (0) and reading the pivots from X
# (65536); row-major `row_major` at 8-1000 columns, 64 MiB. Both backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf"
for d in opencl:1 wgpu:0; do
  for mib in 64 256; do for p in 0 65536; do
    timeout 60 $E/duet $L --variant column_major,sliced,vectorized --sweep-mib $mib --cols 8,13,16,31,32,33,61,64,100,250,1000 --device $d --param rbf_loop_pivot_cols=$p --json $R/c$p-$mib-${d%:*}.json > $R/c$p-$mib-${d%:*}.txt 2>&1
    t "col $d $mib MiB pivots $p rc=$?"
  done; done
  for p in 0 65536; do
    timeout 60 $E/duet $L --variant column_major,sliced --sweep-mib 1024 --cols 8,16,32 --device $d --param rbf_loop_pivot_cols=$p --json $R/c$p-1024-${d%:*}.json > $R/c$p-1024-${d%:*}.txt 2>&1
    t "col $d 1024 MiB pivots $p rc=$?"
    timeout 40 $E/duet $L --variant row_major --sweep-mib 64 --cols 8,13,16,33,100,1000 --device $d --param rbf_loop_pivot_cols=$p --json $R/r$p-64-${d%:*}.json > $R/r$p-64-${d%:*}.txt 2>&1
    t "row $d 64 MiB pivots $p rc=$?"
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt
