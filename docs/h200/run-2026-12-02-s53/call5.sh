#!/usr/bin/env bash
# Session 53, call 5 (H200, OpenCL) — NOT RUN: no machine could be started before the
# session's device time ran out; left for the next session.
# call 4's columns off the sweep's grid (700, 1 400, 2 800)
# found OpenCL's defaults there at 60-77 % of the read bound for the gradient (wgpu: 70-88 %)
# and 65-79 % for column-major RBF rows at 64 MiB. (1) The gradient's defaults at 700-4 096
# columns, 64 and 256 MiB, against `--param logreg_finish_lone=1` (a lone gradient over more
# than `logreg_finish_cols` columns launches the reduce instead of finishing in its last
# workgroup: wgpu's rule) and `logreg_max_groups=396`, two rounds.
# (2) Column-major RBF rows at 700, 1 400 and 2 800 columns, 64 MiB: every column-major rung
# against the default (which rung a default rule, or an entry, should pick there).
# `duet-new` = main 39dfb36 with session 53's builtin.json (call 4's binary).
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s53
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; cp /tmp/tc/*.json $R/ 2>/dev/null; tar czf $OUT/call5.tgz -C $R .; }
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 300 --no-cpu --no-check --op logreg --variant default --cols 700,768,777,1000,1400,2000,2800,4096 --sweep-mib 64,256 --device opencl:1"
for round in 1 2; do
  timeout 60 $E/duet-new $L --json $R/lr-def-$round.json > $R/lr-def-$round.txt 2>&1; t "defaults $round rc=$?"
  timeout 60 $E/duet-new $L --param logreg_finish_lone=1 --json $R/lr-nolone-$round.json > $R/lr-nolone-$round.txt 2>&1; t "finish_lone=1 $round rc=$?"
  timeout 60 $E/duet-new $L --param logreg_max_groups=396 --json $R/lr-g396-$round.json > $R/lr-g396-$round.txt 2>&1; t "max_groups=396 $round rc=$?"
done
timeout 60 $E/duet-new bench --sizes sweep --budget 0.15 --warmup-ms 300 --no-cpu --no-check --op rbf --variant column_major,vectorized,local_memory,sliced,default --cols 700,1400,2800 --sweep-mib 64 --device opencl:1 --json $R/rbf-rungs.json > $R/rbf-rungs.txt 2>&1
t "rbf rungs rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; for f in $R/lr-*.txt; do echo "== $f"; grep "^logreg" $f | awk '{print $3, $5, $12}'; done; grep "^rbf" $R/rbf-rungs.txt | cut -c1-100
