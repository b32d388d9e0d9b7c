#!/usr/bin/env bash
# Session 14, call 7: the built-in logistic entries (OpenCL, H100) with sv5's 2 GiB entries for
# 1–8 columns (its defaults-kept entries for 16–4096 columns dropped, so that the sweep's 1 GiB
# shapes keep the 64 MiB entries they borrow) against the defaults, at every 1 GiB and 2 GiB
# shape of the sweep (duet tune --verify, empty cache).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_CACHE_DIR=$R/empty timeout 500 $D tune --verify --op logreg --shapes .gpu/sweep-1g2g-v.txt --device opencl:1 --reps 7 --json $R/verify-logreg-1g2g.json > $R/verify-logreg-1g2g.txt 2>&1
echo "verify rc=$?"; tail -2 $R/verify-logreg-1g2g.txt
cd $OUT && tar czf sv7.tgz r && rm -rf r
