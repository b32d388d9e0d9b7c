#!/usr/bin/env bash
# Session 31, call 1 (H200): duet-w = eeb4534 + row_pad_wide (wgpu pads every row wider than
# 16 columns; automatic 2 through wgpu, 1 through OpenCL). (1) 17 and 21 columns through wgpu,
# 64 and 256 MiB, the logistic gradient and RBF rows on a row-major matrix: the new default
# against `--param row_pad_wide=1` (the old pitch), twice, interleaved. (2) What the logistic
# pass's separate reduce launch costs: 13, 23 and 31 columns (the pass finishes in its last
# workgroup) against `--param logreg_last_group=0` (a logreg_reduce launch after it), both
# backends, 4, 64 and 256 MiB, twice, interleaved. One case per process.
set -u
R=/tmp/s31c1; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-w.gz
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-w bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu"
for round in 1 2; do
  for c in 17 21; do for mib in 64 256; do for w in 2 1; do
    timeout 40 $E/duet-w $B --op logreg --variant default --sweep-mib $mib --cols $c --device wgpu:0 --param row_pad_wide=$w > $R/pad-lr-$c-$mib-$w-$round.txt 2>&1
    timeout 40 $E/duet-w $B --op rbf --variant default_row_major --sweep-mib $mib --cols $c --device wgpu:0 --param row_pad_wide=$w > $R/pad-rbf-$c-$mib-$w-$round.txt 2>&1
  done; done; done
done
echo "pad done $(date -u +%T)" >> $R/log.txt
for round in 1 2; do
  for c in 13 23 31; do for mib in 4 64 256; do for d in wgpu:0 opencl:1; do for lg in 1 0; do
    timeout 40 $E/duet-w $B --op logreg --variant default --sweep-mib $mib --cols $c --device $d --param logreg_last_group=$lg > $R/lg-$c-$mib-${d%:*}-$lg-$round.txt 2>&1
  done; done; done; done
done
echo "lg done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt
f() { grep -E "^(logreg|rbf) " "$1" | sed "s/  */ /g" | cut -d" " -f5,14,17 | tr '\n' ' '; }
for c in 17 21; do for mib in 64 256; do for op in lr rbf; do
  echo "pad $op $c $mib: $(for w in 2 1; do for r in 1 2; do echo -n "w$w: $(f $R/pad-$op-$c-$mib-$w-$r.txt)| "; done; done)"
done; done; done
for c in 13 23 31; do for mib in 4 64 256; do for d in wgpu opencl; do
  echo "lg $c $mib $d: $(for lg in 1 0; do for r in 1 2; do echo -n "lg$lg: $(f $R/lg-$c-$mib-$d-$lg-$r.txt)| "; done; done)"
done; done; done
