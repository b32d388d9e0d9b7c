#!/usr/bin/env bash
# Session 30, call 6 (H200): duet-r = duet-q with the rebuilt built-in database (calls 3–5's
# H200 logistic entries). (1) `tune --verify --op logreg` with an empty cache: the built-in
# entries against the defaults at all 108 shapes. (2) Rows padded or not at 17, 18 and 21
# columns (wgpu pads a row only where it costs at most 2/16 of it, OpenCL 1/16: 17 and 21
# columns stay unpadded on both, 18 on OpenCL): the logistic gradient and RBF rows on a
# row-major matrix, 256 MiB, the defaults against `row_pad=16` (pad every row to whole vec4s),
# one case per process, both backends.
set -u
R=/tmp/s30c6; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-r.gz
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-26-s30
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-r bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 80 $E/duet-r tune --verify --op logreg --device wgpu:0,opencl:1 --shapes $D/shapes.txt --cache-dir /tmp/empty --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$? $(date -u +%T)" >> $R/log.txt
for c in 17 18 21; do for d in wgpu:0 opencl:1; do for pad in 0 16; do
  P=""; [ $pad = 16 ] && P="--param row_pad=16"
  timeout 40 $E/duet-r bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 400 --no-cpu --sweep-mib 256 --cols $c --device $d $P > $R/lr-$c-$pad-${d%:*}.txt 2>&1
  timeout 40 $E/duet-r bench --sizes sweep --op rbf --variant default_row_major --budget 0.15 --warmup-ms 400 --no-cpu --sweep-mib 256 --cols $c --device $d $P > $R/rbf-$c-$pad-${d%:*}.txt 2>&1
done; done; done
echo "pad done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip -f $R/*.json
cd $R && tar czf $OUT/call6.tgz .
cat log.txt; grep "shapes with an entry" verify.txt; grep -E "×0\.9[0-7]" verify.txt
for c in 17 18 21; do for d in wgpu opencl; do for op in lr rbf; do
  echo "$c $d $op: $(for pad in 0 16; do grep -E "^(logreg|rbf) " $op-$c-$pad-$d.txt | sed "s/  */ /g" | cut -d" " -f5,14,17 | tr '\n' ' '; echo -n "(pad $pad) "; done)"
done; done; done
