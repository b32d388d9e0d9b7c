#!/usr/bin/env bash
# Session 54, call 1 (H200, OpenCL): session 53's call 5 as planned there (not run then: no machine);
# plus the register counts of the register-resident gradient pass at KL = 3 and KL = 4 (ptxas -v).
# call 4's columns off the sweep's grid (700, 1 400, 2 800)
# found OpenCL's defaults there at 60-77 % of the read bound for the gradient (wgpu: 70-88 %)
# and 65-79 % for column-major RBF rows at 64 MiB. (1) The gradient's defaults at 700-4 096
# columns, 64 and 256 MiB, against `--param logreg_finish_lone=1` (a lone gradient over more
# than `logreg_finish_cols` columns launches the reduce instead of finishing in its last
# workgroup: wgpu's rule), `logreg_max_groups=396`, `logreg_rps=2` (two rows a step: wgpu's
# automatic value everywhere, which reads 86-88 % at these columns), both, and wgpu's three
# automatic values (264 groups, two rows a step, pipelined loads), two rounds; wgpu's defaults
# beside them.
# (2) Column-major RBF rows at 700, 1 400 and 2 800 columns, 64 MiB: every column-major rung
# against the default (which rung a default rule, or an entry, should pick there).
# `duet-now` = main e2d5f9c; `cl_binary` = its examples/cl_binary.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s53
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; cp /tmp/tc/*.json $R/ 2>/dev/null; tar czf $OUT/call1.tgz -C $R .; }
timeout 30 $E/duet-now bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 300 --no-cpu --no-check --op logreg --variant default --cols 700,768,777,1000,1400,2000,2800,4096 --sweep-mib 64,256 --device opencl:1"
for round in 1 2; do
  timeout 60 $E/duet-now $L --json $R/lr-def-$round.json > $R/lr-def-$round.txt 2>&1; t "defaults $round rc=$?"
  timeout 60 $E/duet-now $L --param logreg_finish_lone=1 --json $R/lr-nolone-$round.json > $R/lr-nolone-$round.txt 2>&1; t "finish_lone=1 $round rc=$?"
  timeout 60 $E/duet-now $L --param logreg_max_groups=396 --json $R/lr-g396-$round.json > $R/lr-g396-$round.txt 2>&1; t "max_groups=396 $round rc=$?"
  timeout 60 $E/duet-now $L --param logreg_rps=2 --json $R/lr-rps2-$round.json > $R/lr-rps2-$round.txt 2>&1; t "rps=2 $round rc=$?"
  timeout 60 $E/duet-now $L --param logreg_rps=2 --param logreg_max_groups=396 --json $R/lr-rps2g396-$round.json > $R/lr-rps2g396-$round.txt 2>&1; t "rps=2 max_groups=396 $round rc=$?"
  timeout 60 $E/duet-now $L --param logreg_rps=2 --param logreg_max_groups=264 --param logreg_pipeline=2 --json $R/lr-wgpuset-$round.json > $R/lr-wgpuset-$round.txt 2>&1; t "wgpu's settings $round rc=$?"
  timeout 60 $E/duet-now ${L/opencl:1/wgpu:0} --json $R/lr-wgpu-$round.json > $R/lr-wgpu-$round.txt 2>&1; t "wgpu defaults $round rc=$?"
done
timeout 60 $E/duet-now bench --sizes sweep --budget 0.15 --warmup-ms 300 --no-cpu --no-check --op rbf --variant column_major,vectorized,local_memory,sliced,default --cols 700,1400,2800 --sweep-mib 64 --device opencl:1 --json $R/rbf-rungs.json > $R/rbf-rungs.txt 2>&1
t "rbf rungs rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
# (3) Registers of the gradient's pass at 700/1 000/1 400/2 000/2 800/4 096 columns (KL 3/4/3/4/3/4),
# one and two rows a step (lane sums by shuffles over 32 lanes): NVIDIA's build log (-cl-nv-verbose) and ptxas -v on its PTX.
PT=$(python3 -c "import triton,os;print(os.path.join(os.path.dirname(triton.__file__),'backends/nvidia/bin'))" 2>/dev/null)
for k in 700:64 1000:64 1400:128 2000:128 2800:256 4096:256; do
  c=${k%:*}; l=${k#*:}
  for rps in 1 2; do
    DUET_CL_OPTIONS=-cl-nv-verbose timeout 60 $E/cl_binary opencl:1 logreg LOGREG_K=$c,LOGREG_PITCH=$c,LOGREG_LANES=$l,LOGREG_INTERLEAVE=1,LOGREG_SPAN=32,LOGREG_RPS=$rps > $R/lr-$c-rps$rps.ptx 2> $R/lr-$c-rps$rps.log
    timeout 60 $PT/ptxas -arch=sm_90 -v $R/lr-$c-rps$rps.ptx -o /tmp/x.cubin > $R/ptxas-$c-rps$rps.txt 2>&1
  done
done
gzip $R/*.ptx
t "registers"
gzip $R/*.json
t done; cat $R/log.txt; for f in $R/lr-*.txt; do echo "== $f"; grep "^logreg" $f | awk '{print $3, $5, $12}'; done; grep "^rbf" $R/rbf-rungs.txt | cut -c1-100; grep -h -A1 "logreg_partial_reg" $R/ptxas-*.txt | grep -i "registers" ; for f in $R/ptxas-*.txt; do echo "== $f"; grep -A1 "partial_reg\b\|logreg_partial_reg" $f | grep -o "Used [0-9]* registers"; done
