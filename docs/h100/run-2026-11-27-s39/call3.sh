#!/usr/bin/env bash
# Session 39, call 3 (H100): `rbf_lane_wg` (the `row_lanes` rung's own workgroup, automatic
# 64 through OpenCL) against main 4f1a15e (256, rbf_wg's), as a user gets them (the built-in
# database on; its row_lanes entries keep their tuned workgroup, renamed rbf_lane_wg): RBF
# rows, the default row-major rung, through OpenCL at every sweep column count, 4 MiB to
# 1 GiB, one process per size and binary (64 and 256 MiB twice); then `tune --verify` of the
# built-in entries against the new defaults at session 37's shapes.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default_row_major --device opencl:1"
for spec in 64:1 256:1 4:1 16:1 1024:1 64:2 256:2; do
  mib=${spec%%:*}; round=${spec##*:}
  for b in old new; do
    n=r$round-$mib-$b
    timeout 60 $E/duet-$b $L --sweep-mib $mib --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
  done
done
timeout 170 $E/duet-new tune --verify --op rbf --device opencl:1 --shapes docs/h100/run-2026-11-27-s37/shapes-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call3.tgz .
cat log.txt clocks.txt; tail -3 verify-rbf-opencl.txt
