#!/usr/bin/env bash
# Session 34, call 3 (H100): the conformance suite at --level quick on both backends of the
# H100, main 54cab53 (every op family, every variant).
gunzip -kf .gpu/bin/duet.gz; set -o pipefail
nvidia-smi --query-gpu=name,driver_version --format=csv
timeout 420 bash .gpu/on-device.sh .gpu/bin/duet conform --level quick --device wgpu:0,opencl:1 --json $OUT/conform-quick.json > $OUT/conform-quick.txt 2>&1
echo "rc=$?"; tail -n 15 $OUT/conform-quick.txt
