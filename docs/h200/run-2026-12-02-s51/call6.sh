#!/usr/bin/env bash
# Session 51, call 6 (H200): the logistic and training conformance cases at the session's head
# (`duet-tip`, 27e3748: two rows a step at 17 and 33 floats through OpenCL), both GPU backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call6.tgz -C $R .; }
timeout 200 $E/duet-tip conform --device wgpu:0,opencl:1 --op logreg,train --json $R/conform.json > $R/conform.txt 2>&1
t "conform rc=$?"
gzip $R/conform.json
t done; cat $R/log.txt; tail -n 2 $R/conform.txt
