#!/usr/bin/env bash
# Session 36, call 4 (H100). duet-m = main 06b9c1f; duet = the finish's wide sum (sum_slots4)
# adding eight loaded slots pairwise into one sum a column instead of eight running sums (32
# fewer registers). (1) The new program's PTX at 1 200/1 500/2 000/3 000 columns (ptxas -v is
# run on it off the device). (2) OpenCL's lone gradient at 257-4 096 columns, 4/16/64 MiB,
# finishing at every width (logreg_finish_cols=4096): main against the change, interleaved; the
# reduce launch (logreg_finish_lone=1) with the change. (3) wgpu the same, main and the change.
set -u
R=/tmp/s36c4; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
for c in 1200 1500 2000 3000; do
  DUET_CACHE_DIR=$R/cache-$c timeout 60 $E/duet bench --sizes sweep --op logreg --variant default --budget 0.02 --warmup-ms 10 --no-cpu --no-check --cols $c --sweep-mib 4 --device opencl:1 --param logreg_finish_cols=4096 > /dev/null 2>&1
  for b in $R/cache-$c/kernels/*.bin; do grep -q logreg_partial_reg "$b" && cp "$b" $R/logreg-$c.ptx; done
done
t "ptx"
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 257,600,1000,1200,1500,2000,2048,2500,3000,4096 --sweep-mib 4,16,64"
F="--param logreg_finish_cols=4096"
i=0
for b in duet-m duet duet duet-m; do
  timeout 50 $E/$b $L --device opencl:1 $F > $R/A-cl-$i.txt 2>&1; echo "$i: $b $F" >> $R/A-configs.txt; i=$((i+1))
done
timeout 50 $E/duet $L --device opencl:1 --param logreg_finish_lone=1 > $R/A-cl-$i.txt 2>&1; echo "$i: duet never" >> $R/A-configs.txt
t "A opencl"
i=0
for b in duet-m duet; do
  timeout 50 $E/$b $L --device wgpu:0 $F > $R/B-wg-$i.txt 2>&1; echo "wg $i: $b $F" >> $R/A-configs.txt; i=$((i+1))
done
t "B wgpu"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call4.tgz log.txt clocks.txt A-* B-* logreg-*.ptx
cat log.txt clocks.txt A-configs.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f3,5 | tr '\n' ';'; }
for x in A-cl-*.txt B-*.txt; do echo "$x: $(f $x)"; done
