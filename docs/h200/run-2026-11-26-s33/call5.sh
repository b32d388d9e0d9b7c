#!/usr/bin/env bash
# Session 33, call 5 (H200): OpenCL before (duet-x = 9f07d61, the call-1 switches unset) and
# after (duet-n, call 4's binary), two interleaved rounds, one case per process, checked:
# (1) 500-4096 columns at 256 MiB, where call 4's sweep read lower than session 31's at 2000
# and 2048 columns (no finish there: the passes launch logreg_reduce either way); (2) 33-256
# columns at 4 and 16 MiB (cache-resident), where the two-level finish now runs.
set -u
R=/tmp/s33c5; rm -rf $R; mkdir -p $R
for b in x n; do gunzip -kf .gpu/bin/duet-$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-n bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 400 --no-cpu --variant default --device opencl:1"
for r in 1 2; do
  for c in 500 1000 2000 2048 4096; do for b in x n; do
    timeout 40 $E/duet-$b $L --sweep-mib 256 --cols $c > $R/wide-$c-$b-$r.txt 2>&1
  done; done
  for c in 33 64 100 128 256; do for mib in 4 16; do for b in x n; do
    timeout 40 $E/duet-$b $L --sweep-mib $mib --cols $c > $R/small-$c-$mib-$b-$r.txt 2>&1
  done; done; done
  echo "round $r done $(date -u +%T)" >> $R/log.txt
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call5.tgz .
cat log.txt clocks.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f5,14,17 | tr '\n' ' '; }
for c in 500 1000 2000 2048 4096; do echo "wide $c: $(for b in x n; do for r in 1 2; do echo -n "$b$r: $(f $R/wide-$c-$b-$r.txt)| "; done; done)"; done
for c in 33 64 100 128 256; do for mib in 4 16; do echo "small $c $mib: $(for b in x n; do for r in 1 2; do echo -n "$b$r: $(f $R/small-$c-$mib-$b-$r.txt)| "; done; done)"; done; done
