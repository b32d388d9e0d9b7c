#!/usr/bin/env bash
# Session 40, call 8 (asked for `nvidia-h200`; the warm H100 ran it): `rbf_lane_wg_unaligned` through OpenCL, its
# automatic 128 against 256 (the rung's workgroup before), tuned entries off (no
# entry then sets it), RBF rows, default row-major rung, unaligned 17-45 columns
# and aligned controls, 16-256 MiB, two rounds.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default_row_major"
C=17,21,25,29,33,37,41,45,19,35,48
for round in 1 2; do
  for wg in auto 256; do
    P=""; [ $wg = 256 ] && P="--param rbf_lane_wg_unaligned=256"
    n=r$round-$wg
    DUET_TUNE=off timeout 100 $E/duet $L --sweep-mib 16,64,256 --cols $C --device opencl:1 $P --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call8.tgz .
cat log.txt clocks.txt
