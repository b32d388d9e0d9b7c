#!/usr/bin/env bash
# Session 14, call 6: the built-in entries from sv5 (OpenCL, logistic, 2 GiB) against the
# defaults at every 2 GiB shape of the sweep (duet tune --verify, empty cache: the built-in
# database answers); wgpu runs its defaults there.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_CACHE_DIR=$R/empty timeout 500 $D tune --verify --op logreg --shapes .gpu/sweep-2g.txt --device opencl:1 --reps 7 --json $R/verify-logreg-2g.json > $R/verify-logreg-2g.txt 2>&1
echo "verify rc=$?"; tail -3 $R/verify-logreg-2g.txt
cd $OUT && tar czf sv6.tgz r && rm -rf r
