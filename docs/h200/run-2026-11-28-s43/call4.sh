#!/usr/bin/env bash
# Session 43, call 4 (H200): OpenCL's new `logreg_quad_pitch` 4 (5 columns through the
# one-row pass) against the old 5 on the second GPU model, whose built-in entries for 5-8
# columns name no parameters (they follow the defaults); and wgpu's 7 against 5 there (the
# H100 measured the one-row pass faster at 6-7 columns up to 256 MiB through wgpu, 1-2 %
# slower at 1 GiB; session 30 measured it slower on this GPU at 256 MiB). `duet` = this
# change, defaults (DUET_TUNE=off), 3-7 columns, two rounds in alternating order.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --cols 3,4,5,6,7"
one() { local n=$1; shift; timeout 100 $E/duet $L --json $R/$n.json "$@" > $R/$n.txt 2>&1; t "$n rc=$?"; }
for r in 1 2; do
  for m in 64 256; do
    if [ $r = 1 ]; then
      one r$r-cl-qp4-$m --sweep-mib $m --device opencl:1; one r$r-cl-qp5-$m --sweep-mib $m --device opencl:1 --param logreg_quad_pitch=5
      one r$r-w-qp7-$m --sweep-mib $m --device wgpu:0; one r$r-w-qp5-$m --sweep-mib $m --device wgpu:0 --param logreg_quad_pitch=5
    else
      one r$r-cl-qp5-$m --sweep-mib $m --device opencl:1 --param logreg_quad_pitch=5; one r$r-cl-qp4-$m --sweep-mib $m --device opencl:1
      one r$r-w-qp5-$m --sweep-mib $m --device wgpu:0 --param logreg_quad_pitch=5; one r$r-w-qp7-$m --sweep-mib $m --device wgpu:0
    fi
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt
