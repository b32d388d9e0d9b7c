#!/usr/bin/env bash
# Session 30, call 8 (H200), duet-r: through wgpu, rows of 5–7 columns through the
# four-rows pass (the automatic logreg_quad_pitch 7) or the register-resident pass, now
# pipelined (logreg_quad_pitch=4), 64 and 256 MiB, one case per process, interleaved, twice.
set -u
R=/tmp/s30c8; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-r.gz
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-r bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for rep in 1 2; do for c in 5 6 7; do for q in 7 4; do
  timeout 40 $E/duet-r bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 400 --no-cpu --sweep-mib 64,256 --cols $c --device wgpu:0 --param logreg_quad_pitch=$q > $R/lr-$c-$q-$rep.txt 2>&1
done; done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call8.tgz .
for c in 5 6 7; do echo "$c: $(for rep in 1 2; do for q in 7 4; do grep -E "^logreg " lr-$c-$q-$rep.txt | sed "s/  */ /g" | cut -d" " -f3,5,14,17 | tr '\n' ' '; echo -n "(qp $q) "; done; done)"; done
