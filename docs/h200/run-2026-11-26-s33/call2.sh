#!/usr/bin/env bash
# Session 33, call 2 (H200): what the logistic pass's reduce costs besides its loads. duet-x =
# call 1's binary + DUET_X_LANES0=1 (the reduce's lanes set to 0: no partial slot of the
# gradient is loaded; the finish's counting, fences, trees, writes and the log-likelihood's sum
# stay; the gradient is then wrong, so unchecked). 64 MiB, 8, 64 and 1000 columns, both
# backends, the automatic finish widths and the finish at any width
# (logreg_finish_cols=65536), two interleaved rounds, one case per process.
set -u
R=/tmp/s33c2; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-x.gz
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-x bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
B="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op logreg --variant default --sweep-mib 64"
for round in 1 2; do
  for c in 8 64 1000; do for d in wgpu:0 opencl:1; do for fc in auto 65536; do
    P=""; [ $fc = auto ] || P="--param logreg_finish_cols=$fc"
    timeout 40 $E/duet-x $B --cols $c --device $d $P > $R/full-$c-${d%:*}-$fc-$round.txt 2>&1
    DUET_X_LANES0=1 timeout 40 $E/duet-x $B --cols $c --device $d $P > $R/l0-$c-${d%:*}-$fc-$round.txt 2>&1
    DUET_X_NOREDUCE=1 timeout 40 $E/duet-x $B --cols $c --device $d $P > $R/part-$c-${d%:*}-$fc-$round.txt 2>&1
  done; done; done
done
echo "done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt
f() { grep -E "^(logreg|read) " "$1" | sed "s/  */ /g" | cut -d" " -f5 | tr '\n' ' '; }
for c in 8 64 1000; do for d in wgpu opencl; do for fc in auto 65536; do
  echo "$c $d $fc: $(for m in full l0 part; do for r in 1 2; do echo -n "$m$r: $(f $R/$m-$c-$d-$fc-$r.txt)| "; done; done)"
done; done; done
