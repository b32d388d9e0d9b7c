#!/usr/bin/env bash
# Session 29, call 4 (H200): the logistic gradient's sweep through wgpu at 256 and 64 MiB over
# 16 column counts of the grid, duet-d (65fd0a9) as users get it (its built-in entries) and duet-n (the
# register-resident pass with named vec4s; its changed source matches no entry: the
# defaults), and duet-n through OpenCL (its twin unchanged) for the w/cl ratio.
set -u
R=/tmp/s29c4; rm -rf $R; mkdir -p $R
for b in duet-d duet-n; do gunzip -kf .gpu/bin/$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
C=3,7,8,13,16,31,33,61,100,127,250,500,777,1000,2000,4096
for mib in 256 64; do
  L="bench --sizes sweep --op logreg --budget 0.12 --warmup-ms 300 --no-cpu --variant default --sweep-mib $mib --cols $C"
  $E/duet-d bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
  timeout 100 $E/duet-d $L --device wgpu:0 --csv $R/logreg-$mib-d.csv > $R/logreg-$mib-d.txt 2>&1
  timeout 100 $E/duet-n $L --device wgpu:0 --csv $R/logreg-$mib-n.csv > $R/logreg-$mib-n.txt 2>&1
  [ $mib = 256 ] && timeout 100 $E/duet-n $L --device opencl:1 --csv $R/logreg-$mib-n-cl.csv > $R/logreg-$mib-n-cl.txt 2>&1
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call4.tgz .
for f in logreg-*.txt; do echo "== $f"; grep -E "^logreg " $f | sed "s/  */ /g" | cut -d" " -f3,12 | tr '\n' ' '; echo; done
