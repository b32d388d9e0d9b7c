#!/usr/bin/env bash
# Session 34, call 2 (H100): the shape sweep as a user gets it at main 54cab53 (no H100 entry
# in the built-in database for rbf or logreg, so the automatic parameters): the logistic
# gradient (default) and RBF rows (default rung on a column-major and on a row-major matrix)
# at the sweep's 27 column counts, 256 and 64 MiB, and the gradient at 4 MiB; one process per
# size and backend (the read kernel measured in each), backends interleaved, --no-check
# (session 15: host work between cases slows later wgpu cases; the check is the CI sweep's
# and the conformance suite's).
set -u
R=/tmp/s34c2; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet.gz
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check"
for mib in 256 64; do for d in wgpu:0 opencl:1; do
  timeout 200 $E/duet $L --op logreg,rbf --variant default,default_row_major --sweep-mib $mib --device $d --json $R/sw-$mib-${d%:*}.json > $R/sw-$mib-${d%:*}.txt 2>&1
  t "sweep $mib $d rc=$?"
done; done
for d in wgpu:0 opencl:1; do
  timeout 60 $E/duet $L --op logreg --variant default --sweep-mib 4 --device $d --json $R/sw-4-${d%:*}.json > $R/sw-4-${d%:*}.txt 2>&1
  t "sweep 4 $d rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt
for f in sw-*.txt; do echo "== $f"; grep -E "^(read|logreg|rbf) " $f | sed "s/  */ /g" | cut -d" " -f1,2,4,6,14 | tr '\n' ';'; echo; done
