#!/usr/bin/env bash
# Session 53, call 2 (H200): `duet tune --verify --retired --shapes reach` of the H200's wgpu
# entries (as call 1 did OpenCL's), `duet-tip` = main 39dfb36. Then OpenCL's logistic gradient
# tuned in the three-quarter buckets below its 1 024-, 2 048- and 4 096-column entries (call 1:
# those entries, reached there through the lookup's parent rule, took 768, 1 536 and 3 072
# columns ×0.70-0.96 at 64 and 256 MiB): 700, 1 400 and 2 800 columns at 64 and 256 MiB, into
# a cache that already holds call 1's RBF entries; then the reach verify of OpenCL's RBF and
# logistic entries again with that cache (the new entries, and the older ones where they now
# reach).
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s53
cp $D/call1/tune-v1-opencl-nvidia-h200-20eb8044.json /tmp/tc/
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; cp /tmp/tc/*.json $R/ 2>/dev/null; tar czf $OUT/call2.tgz -C $R .; }
timeout 30 $E/duet-tip bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
for op in rbf logreg; do
  timeout 150 $E/duet-tip tune --verify --retired --shapes reach --op $op --device wgpu:0 --cache-dir /tmp/none --json $R/reach-$op-wgpu.json > $R/reach-$op-wgpu.txt 2>&1
  t "reach $op wgpu rc=$?"
done
timeout 170 $E/duet-tip tune --op logreg --device opencl:1 --shapes $D/shapes-cl-logreg-child.txt --budget 150 --cache-dir /tmp/tc --json $R/tune-logreg-opencl.json > $R/tune-logreg-opencl.txt 2>&1
t "tune logreg opencl rc=$?"
timeout 170 $E/duet-tip tune --verify --shapes reach --op rbf,logreg --device opencl:1 --cache-dir /tmp/tc --json $R/reach2-opencl.json > $R/reach2-opencl.txt 2>&1
t "reach2 opencl rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt; grep -h "geometric\|not used" $R/reach*.txt; grep -h "×0\.[0-9]*)" $R/reach*.txt | cut -c1-120; grep -h "→" $R/tune-*.txt
