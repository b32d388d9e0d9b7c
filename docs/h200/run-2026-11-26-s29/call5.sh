#!/usr/bin/env bash
# Session 29, call 5 (H200): call 4's 256 MiB sweep moved both builds by up to 3× at some
# columns (duet-d at 7 and 8, duet-n at 127–777; session 15's "slower after host work between
# cases"): the same comparison one case per process, duet-d and duet-n interleaved, twice.
set -u
R=/tmp/s29c5; rm -rf $R; mkdir -p $R
for b in duet-d duet-n; do gunzip -kf .gpu/bin/$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
$E/duet-d bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for rep in 1 2; do for c in 7 8 13 127 250 500 777 1000; do for b in duet-d duet-n; do
  timeout 40 $E/$b bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 500 --no-cpu --variant default --sweep-mib 256 --cols $c --device wgpu:0 > $R/lr-$c-$b-$rep.txt 2>&1
done; done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call5.tgz .
for c in 7 8 13 127 250 500 777 1000; do echo "$c: $(for rep in 1 2; do for b in duet-d duet-n; do grep -E "^logreg " lr-$c-$b-$rep.txt | sed "s/  */ /g" | cut -d" " -f5,12 | tr '\n' ' '; echo -n "($b) "; done; done)"; done
