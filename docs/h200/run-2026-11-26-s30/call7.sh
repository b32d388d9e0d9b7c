#!/usr/bin/env bash
# Session 30, call 7 (H200), duet-r: through wgpu, rows padded where it costs at most 3/16 of
# a row (`row_pad=3`) against the automatic 2/16: the widths that changes (7, 14, 17, 21), the
# logistic gradient and RBF rows on a row-major matrix, 256 MiB, one case per process,
# interleaved, twice.
set -u
R=/tmp/s30c7; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-r.gz
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-r bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for rep in 1 2; do for c in 7 14 17 21; do for pad in 2 3; do
  timeout 40 $E/duet-r bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 400 --no-cpu --sweep-mib 256 --cols $c --device wgpu:0 --param row_pad=$pad > $R/lr-$c-$pad-$rep.txt 2>&1
  timeout 40 $E/duet-r bench --sizes sweep --op rbf --variant default_row_major --budget 0.15 --warmup-ms 400 --no-cpu --sweep-mib 256 --cols $c --device wgpu:0 --param row_pad=$pad > $R/rbf-$c-$pad-$rep.txt 2>&1
done; done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call7.tgz .
for c in 7 14 17 21; do for op in lr rbf; do
  echo "$c $op: $(for rep in 1 2; do for pad in 2 3; do grep -E "^(logreg|rbf) " $op-$c-$pad-$rep.txt | sed "s/  */ /g" | cut -d" " -f5,14,17,19 | tr '\n' ' '; echo -n "(pad $pad) "; done; done)"
done; done
