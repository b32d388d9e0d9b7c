#!/usr/bin/env bash
# Session 54, call 2 (H200, OpenCL): call 1 found wgpu's three automatic gradient values
# (`logreg_max_groups` 264, `logreg_rps` 2, `logreg_pipeline` 2) faster than OpenCL's defaults
# at every column count it ran (700-4 096 columns, 64 and 256 MiB: x1.01-1.19).
# `duet-now` = main e2d5f9c (call 1's binary); `duet-wider` = the same with OpenCL's wide-row
# rule (rows of 64 lanes or more, over 512 columns: two rows a step, pipelined, half of
# `logreg_max_groups`, 264; KernelParams::partial_wide). OpenCL's `logreg_pipeline` is now 0
# (by the row), which retires the stamped OpenCL gradient entries, except the two at 1 and 2
# columns (no wide rows: their baselines carried over).
# (A) the whole sweep grid plus 700/1 400/2 800 columns at 16, 64 and 256 MiB as a user gets it,
# before and after, two rounds; (B) two of the three without the third, at 700/1 000/1 400/
# 2 800 columns, 64 and 256 MiB, one round; (C) 1 GiB at seven column counts, before and
# after; (D) every OpenCL gradient entry where a call finds it, with the rule, retired entries
# included (for scripts/builtin_db.py --drop-slower --stamp).
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
timeout 30 $E/duet-now bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
G=1,2,3,4,5,7,8,13,16,31,32,33,61,64,100,127,128,250,256,500,512,700,777,1000,1024,1400,2000,2048,2800,4096
L="bench --sizes sweep --budget 0.1 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default --device opencl:1"
for round in 1 2; do
  timeout 120 $E/duet-now $L --cols $G --sweep-mib 16,64,256 --json $R/a-now-$round.json > $R/a-now-$round.txt 2>&1; t "A before $round rc=$?"
  timeout 120 $E/duet-wider $L --cols $G --sweep-mib 16,64,256 --json $R/a-wide-$round.json > $R/a-wide-$round.txt 2>&1; t "A after $round rc=$?"
done
B="$L --cols 700,1000,1400,2800 --sweep-mib 64,256"
timeout 60 $E/duet-now $B --param logreg_rps=2 --param logreg_pipeline=2 --json $R/b-rp.json > $R/b-rp.txt 2>&1; t "B rps+pipeline rc=$?"
timeout 60 $E/duet-now $B --param logreg_max_groups=264 --param logreg_pipeline=2 --json $R/b-gp.json > $R/b-gp.txt 2>&1; t "B 264+pipeline rc=$?"
C="$L --cols 13,64,127,700,1000,2800,4096 --sweep-mib 1024"
timeout 120 $E/duet-now $C --json $R/c-now.json > $R/c-now.txt 2>&1; t "C before rc=$?"
timeout 120 $E/duet-wider $C --json $R/c-wide.json > $R/c-wide.txt 2>&1; t "C after rc=$?"
timeout 200 $E/duet-wider tune --verify --retired --shapes reach --op logreg --device opencl:1 --cache-dir /tmp/none --json $R/verify-wide.json > $R/verify-wide.txt 2>&1; t "D verify rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; tail -25 $R/verify-wide.txt
