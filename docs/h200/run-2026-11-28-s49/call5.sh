#!/usr/bin/env bash
# Session 49, call 5 (H200): the quads against the loop at 2-4 row-major columns at 16 and
# 64 MiB, where call 1 (one round) had wgpu's quads x0.96-0.98 at 3-4 columns: three rounds,
# alternating, both backends (duet-top, `--param rbf_quad_pitch=0` for the loop).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
timeout 30 $E/duet-top bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op rbf --variant default_row_major --cols 2,3,4 --sweep-mib 16,64"
for r in 1 2 3; do
  for d in wgpu:0 opencl:1; do
    k=${d%%:*}
    timeout 60 $E/duet-top $B --device $d --param rbf_quad_pitch=0 --json $R/a$r-$k.json > $R/a$r-$k.txt 2>&1
    t "a$r-$k rc=$?"
    timeout 60 $E/duet-top $B --device $d --json $R/b$r-$k.json > $R/b$r-$k.txt 2>&1
    t "b$r-$k rc=$?"
  done
done
gzip $R/*.json
t done; cat $R/log.txt
