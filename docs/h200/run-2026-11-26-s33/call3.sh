#!/usr/bin/env bash
# Session 33, call 3 (H200): the logistic pass's finish in two levels. duet-x = 9f07d61 (+ call
# 1-2's switches, unset here: main's behaviour); duet-g = the two-level finish (groups of about
# sqrt(slots) slots; DUET_X_FG=F fixes F, F >= slots: one level). Both backends, 64 and 256 MiB,
# one round, one case per process, checked against the CPU reference (the CPU's part is not
# timed): old automatic, new automatic, new finishing at every width (logreg_finish_cols=65536);
# then F = 0 (one level), 8, 17, 33 at 64 MiB.
set -u
R=/tmp/s33c3; rm -rf $R; mkdir -p $R
for b in x g; do gunzip -kf .gpu/bin/duet-$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-g bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --op logreg --variant default"
for c in 8 13 33 64 100 256 1000 2048; do for mib in 64 256; do for d in wgpu:0 opencl:1; do
  timeout 60 $E/duet-x $B --sweep-mib $mib --cols $c --device $d > $R/old-$c-$mib-${d%:*}.txt 2>&1
  timeout 60 $E/duet-g $B --sweep-mib $mib --cols $c --device $d > $R/new-$c-$mib-${d%:*}.txt 2>&1
  timeout 60 $E/duet-g $B --sweep-mib $mib --cols $c --device $d --param logreg_finish_cols=65536 > $R/all-$c-$mib-${d%:*}.txt 2>&1
done; done; done
echo "main done $(date -u +%T)" >> $R/log.txt
for c in 8 64 1000; do for d in wgpu:0 opencl:1; do for fg in 100000 8 17 33; do
  DUET_X_FG=$fg timeout 60 $E/duet-g $B --sweep-mib 64 --cols $c --device $d --param logreg_finish_cols=65536 > $R/fg$fg-$c-64-${d%:*}.txt 2>&1
done; done; done
echo "fg done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call3.tgz .
cat log.txt clocks.txt
f() { grep -E "^(logreg|read) " "$1" | sed "s/  */ /g" | cut -d" " -f5,14,17 | tr '\n' ' '; }
for c in 8 13 33 64 100 256 1000 2048; do for mib in 64 256; do for d in wgpu opencl; do
  echo "$c $mib $d: $(for m in old new all; do echo -n "$m: $(f $R/$m-$c-$mib-$d.txt)| "; done)"
done; done; done
for c in 8 64 1000; do for d in wgpu opencl; do
  echo "fg $c $d: $(for fg in 100000 8 17 33; do echo -n "$fg: $(f $R/fg$fg-$c-64-$d.txt)| "; done)"
done; done
