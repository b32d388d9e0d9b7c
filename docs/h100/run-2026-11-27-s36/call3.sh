#!/usr/bin/env bash
# Session 36, call 3 (H100), main 06b9c1f. What NVIDIA's OpenCL compiler makes of the
# register-resident logistic pass with its finish at 1 200/1 500 (KL = 3 float4s a lane,
# finish slow in calls 1-2) against 1 000/2 000 columns (KL = 4, fast): each shape's
# programs from the kernel cache (PTX), and ptxas -v (Triton's, sm_90) on them: registers,
# spills, stack.
set -u
R=/tmp/s36c3; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
PTXAS=$(find / -name ptxas -type f -perm -u+x 2>/dev/null | head -1)
echo "ptxas: $PTXAS" > $R/log.txt
for c in 1000 1200 1500 2000 3000; do
  export DUET_CACHE_DIR=$R/cache-$c
  timeout 60 $E/duet bench --sizes sweep --op logreg --variant default --budget 0.05 --warmup-ms 100 --no-cpu --no-check --cols $c --sweep-mib 4 --device opencl:1 --param logreg_finish_cols=4096 > $R/bench-$c.txt 2>&1
  for b in $R/cache-$c/kernels/*.bin; do
    grep -q logreg_partial_reg "$b" || continue
    cp "$b" $R/logreg-$c.ptx
    [ -n "$PTXAS" ] && "$PTXAS" -arch=sm_90 -v -o /dev/null $R/logreg-$c.ptx > $R/ptxas-$c.txt 2>&1
  done
done
unset DUET_CACHE_DIR
cd $R && tar czf $OUT/call3.tgz log.txt bench-*.txt logreg-*.ptx ptxas-*.txt
cat log.txt
for c in 1000 1200 1500 2000 3000; do echo "== $c: $(grep -E '^logreg ' bench-$c.txt | sed 's/  */ /g' | cut -d' ' -f3,5)"; grep -A2 "logreg_partial_reg'" ptxas-$c.txt 2>/dev/null | head -4; done
