#!/usr/bin/env bash
# Session 53, call 1 (H200): `duet tune --verify --retired --shapes reach` of the H200's OpenCL
# entries (RBF rows, the logistic gradient), `duet-tip` = main 39dfb36: every entry at its
# measured shape, at 4 and 16 times its rows, and (a power-of-two bucket's) at three quarters
# of its columns, up to 1 GiB, wherever a call's lookup finds it, against the defaults (no
# cache). Then OpenCL's column-major RBF rows at 61 columns and 64 MiB tuned again with 33 and
# 45 columns beside them (so the 33-48-column bucket gets entries of its own, not the
# 61-column one through the parent rule), and verified at 33-61 columns and four times the
# rows with the new entries in the cache.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s53
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; cp /tmp/tc/*.json $R/ 2>/dev/null; tar czf $OUT/call1.tgz -C $R .; }
timeout 30 $E/duet-tip bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
for op in rbf logreg; do
  timeout 170 $E/duet-tip tune --verify --retired --shapes reach --op $op --device opencl:1 --cache-dir /tmp/none --json $R/reach-$op-opencl.json > $R/reach-$op-opencl.txt 2>&1
  t "reach $op opencl rc=$?"
done
timeout 130 $E/duet-tip tune --op rbf --device opencl:1 --shapes $D/shapes-cl-61.txt --budget 110 --cache-dir /tmp/tc --json $R/tune-rbf-opencl.json > $R/tune-rbf-opencl.txt 2>&1
t "tune rbf opencl rc=$?"
timeout 80 $E/duet-tip tune --verify --op rbf --device opencl:1 --shapes $D/shapes-cl-61-verify.txt --cache-dir /tmp/tc --json $R/verify-rbf-opencl.json > $R/verify-rbf-opencl.txt 2>&1
t "verify rbf opencl rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -h "geometric\|not used\|lost\|slower" $R/reach-*.txt | head -40; grep -h "→" $R/tune-*.txt | head; tail -30 $R/verify-rbf-opencl.txt
