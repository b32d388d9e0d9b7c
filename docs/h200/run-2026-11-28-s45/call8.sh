#!/usr/bin/env bash
# Session 45, call 8 (H200): the four-rows pass computes a full quad's four residuals (and
# log-likelihood terms) in one block with no test a row, so the compiler can interleave the
# four exp and division chains (call 7's PTX: a branch a row kept them apart). `duet-main` =
# main 1550e14, `duet-new` = the change, both twins; defaults (DUET_TUNE=off), 1-4 and 7
# columns at 64 and 256 MiB, both backends, two rounds in alternating order.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call8.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --cols 1,2,3,4,7"
one() { # $1 name, $2 binary, $3 device, $4 MiB
  timeout 60 $E/$2 $L --sweep-mib $4 --device $3 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
for r in r1 r2; do
  if [ $r = r1 ]; then order="main new"; else order="new main"; fi
  for m in 256 64; do for d in opencl:1 wgpu:0; do for b in $order; do
    one $r-$b-${d%:*}-$m duet-$b $d $m
  done; done; done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
for f in $R/r*.txt; do echo "$(basename $f .txt): $(grep '^logreg' $f | awk '{printf "%s ", $5}')"; done
