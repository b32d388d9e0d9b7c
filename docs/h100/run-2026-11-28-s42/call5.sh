#!/usr/bin/env bash
# Session 42, call 5 (H100), this change (`duet`), wgpu now that its warm-up is sound: (E1) the
# gradient at 2-13 columns, where wgpu trails OpenCL by 1.15-1.32 at 64 MiB, under its defaults
# (264 workgroups, rows padded within 2/16, the four-row pass up to pitch 7) and with 396 or 528
# workgroups or OpenCL's padding (row_pad=1: 7 columns unpadded, so four rows a work-item);
# (E2) passes over 33-250 columns finishing in their last workgroup (logreg_finish_cols=256)
# against the reduce dispatch (the default above 32). 64 and 256 MiB, two rounds, 500 ms warm-ups.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --device wgpu:0"
for round in 1 2; do
  for cfg in default logreg_max_groups=396 logreg_max_groups=528 row_pad=1; do
    P=""; [ $cfg != default ] && P="--param $cfg"
    n=e1-${cfg//=/-}-r$round
    timeout 45 $E/duet $L $P --sweep-mib 64,256 --cols 2,3,4,5,6,7,8,13 --json $R/$n.json > $R/$n.txt 2>&1; t "$n rc=$?"
  done
  for cfg in default logreg_finish_cols=256; do
    P=""; [ $cfg != default ] && P="--param $cfg"
    n=e2-${cfg//=/-}-r$round
    timeout 45 $E/duet $L $P --sweep-mib 64,256 --cols 33,48,64,100,127,250 --json $R/$n.json > $R/$n.txt 2>&1; t "$n rc=$?"
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
