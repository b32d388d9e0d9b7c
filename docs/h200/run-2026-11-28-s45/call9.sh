#!/usr/bin/env bash
# Session 45, call 9 (H200): the register pass (rows over 7 floats through wgpu) computes a
# step's two rows' residuals in one block when both are in range, as call 8 did for the four-
# rows pass. `duet-main` = main 34b2309, `duet-new` = the change (both twins; OpenCL's default
# of one row a step does not reach it); wgpu, defaults (DUET_TUNE=off), 8-64 columns at 64 and
# 256 MiB, two rounds in alternating order.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call9.tgz -C $R .; }
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu --device wgpu:0 > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --cols 8,13,16,31,64"
for r in r1 r2; do
  if [ $r = r1 ]; then order="main new"; else order="new main"; fi
  for m in 256 64; do for b in $order; do
    timeout 50 $E/duet-$b $L --sweep-mib $m --device wgpu:0 --json $R/$r-$b-$m.json > $R/$r-$b-$m.txt 2>&1
    t "$r-$b-$m rc=$?"
  done; done
done
gzip $R/*.json
t done; cat $R/log.txt
for f in $R/r*.txt; do echo "$(basename $f .txt): $(grep '^logreg' $f | awk '{printf "%s ", $5}')"; done
