#!/usr/bin/env bash
# Session 31, call 2 (H200): duet-f = 17b139b + the logistic pass's last-workgroup finish at
# any width (logreg_finish_cols; the last workgroup sums the reduce's 32-column tiles one after
# another). (1) Each width through both backends at 4, 64 and 256 MiB: the separate
# logreg_reduce launch (`logreg_finish_cols=32`, the pass's automatic value in this build)
# against the finish (`=65536`). No tuned entry applies (the kernel source changed). (2) The
# kernels' other change (the reduce split into tiles and the log-likelihood) against duet-w at
# 64 and 1000 columns, 256 MiB, with the reduce launch. One case per process.
set -u
R=/tmp/s31c2; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-f.gz .gpu/bin/duet-w.gz
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-f bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --op logreg --variant default"
for c in 33 48 64 100 128 256 500 1000 2048; do for mib in 4 64 256; do for d in wgpu:0 opencl:1; do for f in 32 65536; do
  timeout 40 $E/duet-f $B --sweep-mib $mib --cols $c --device $d --param logreg_finish_cols=$f > $R/fin-$c-$mib-${d%:*}-$f.txt 2>&1
done; done; done; done
echo "fin done $(date -u +%T)" >> $R/log.txt
for c in 64 1000; do for d in wgpu:0 opencl:1; do for b in w f; do
  DUET_TUNE=off timeout 40 $E/duet-$b $B --sweep-mib 256 --cols $c --device $d > $R/base-$c-${d%:*}-$b.txt 2>&1
done; done; done
echo "base done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f5,14,17 | tr '\n' ' '; }
for c in 33 48 64 100 128 256 500 1000 2048; do for mib in 4 64 256; do for d in wgpu opencl; do
  echo "fin $c $mib $d: reduce $(f $R/fin-$c-$mib-$d-32.txt)| finish $(f $R/fin-$c-$mib-$d-65536.txt)"
done; done; done
for c in 64 1000; do for d in wgpu opencl; do echo "base $c $d: w $(f $R/base-$c-$d-w.txt)| f $(f $R/base-$c-$d-f.txt)"; done; done
