#!/usr/bin/env bash
# Session 13, call 15 (H100): OpenCL's built-in logistic entries at the 1 GiB sweep shapes,
# which take the 64 MiB buckets' entries (nearest bucket within a factor of 16), against the
# defaults (duet tune --verify; empty cache).
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
DUET_CACHE_DIR=$R/empty timeout 400 $D tune --verify --op logreg --shapes .gpu/sweep-1g.txt --device opencl:1 --json $R/verify-logreg-1g.json > $R/verify-logreg-1g.txt 2>&1
echo "verify rc=$?"; tail -1 $R/verify-logreg-1g.txt
cd $OUT && tar czf lt15.tgz r && rm -rf r
