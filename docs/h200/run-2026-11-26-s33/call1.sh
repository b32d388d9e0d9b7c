#!/usr/bin/env bash
# Session 33, call 1 (H200): where the logistic pass's time above the read kernel goes.
# duet-x = 9f07d61 + an experiment switch (DUET_X_NOREDUCE=1: the pass's partial launches only,
# no logreg_reduce launch and no last-workgroup finish; the gradient is then wrong, so
# unchecked). Both backends, 8, 64 and 1000 columns, 16, 64 and 256 MiB, with and without the
# reduce, two interleaved rounds, one case per process; the read kernel at the same size in
# every process.
set -u
R=/tmp/s33c1; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-x.gz
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-x bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op logreg --variant default"
for round in 1 2; do
  for c in 8 64 1000; do for mib in 16 64 256; do for d in wgpu:0 opencl:1; do
    timeout 40 $E/duet-x $B --sweep-mib $mib --cols $c --device $d > $R/full-$c-$mib-${d%:*}-$round.txt 2>&1
    DUET_X_NOREDUCE=1 timeout 40 $E/duet-x $B --sweep-mib $mib --cols $c --device $d > $R/part-$c-$mib-${d%:*}-$round.txt 2>&1
  done; done; done
done
echo "done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt
f() { grep -E "^(logreg|read) " "$1" | sed "s/  */ /g" | cut -d" " -f1,5,6 | tr '\n' ' '; }
for c in 8 64 1000; do for mib in 16 64 256; do for d in wgpu opencl; do
  echo "$c $mib $d: $(for m in full part; do for r in 1 2; do echo -n "$m$r: $(f $R/$m-$c-$mib-$d-$r.txt)| "; done; done)"
done; done; done
