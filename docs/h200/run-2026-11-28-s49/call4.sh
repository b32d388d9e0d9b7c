#!/usr/bin/env bash
# Session 49, call 4 (H200): the whole conformance suite (every op, quick level) at the
# session's head (rbf_row_quad; one-column row-major buffers no longer rounded), both GPU
# backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
timeout 500 $E/duet-top conform --device wgpu:0,opencl:1 --json $R/conform.json > $R/conform.txt 2>&1
t "conform rc=$?"
gzip $R/conform.json
t done; cat $R/log.txt; tail -n 3 $R/conform.txt
