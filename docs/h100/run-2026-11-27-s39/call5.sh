#!/usr/bin/env bash
# Session 39, call 5 (H100): call 4 again after two fixes (a step computing no speculative row
# runs dist2 as before; the slices' sums reduced for the rows computed only; speculation from
# 32 MiB of X, smo_spec_min), with 131072 x 64 and 12000 x 784 added: the `pair` strategy's
# speculative rows (smo_spec, default 4)
# against main 1bc5b35 (.gpu/bin/duet-old) and against the same binary with smo_spec=0: the
# device time per step over the first 2000 steps of blobs (--synthetic N,64 and 100000,784),
# both backends, two rounds; the read kernel at the same sizes for issue 14's target (one step
# <= 1.3 passes at the read bound + 15 us).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 90 $E/duet-new bench --op read --size 2^20,2^22,2^24,2^26 --device wgpu:0,opencl:1 --warmup-ms 300 --budget 0.3 --no-cpu --json $R/read.json > $R/read.txt 2>&1
t "read rc=$?"
T="train svm --strategy pair --max-steps 2000 --allow-unconverged --profile --json"
for round in 1 2; do
  for shape in 16384,64 65536,64 131072,64 262144,64 1048576,64 12000,784 100000,784; do
    for dev in opencl:1 wgpu:0; do
      for cfg in old new0 new4; do
        case $cfg in
          old) B=duet-old; P="";;
          new0) B=duet-new; P="--param smo_spec=0";;
          new4) B=duet-new; P="";;
        esac
        n=r$round-${shape/,/x}-${dev%%:*}-$cfg
        timeout 60 $E/$B $T --synthetic $shape --device $dev $P > $R/$n.json 2> $R/$n.txt
        t "$n rc=$?"
      done
    done
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
python3 -c '
import json, glob, os
for f in sorted(glob.glob("/tmp/R/r*.json")):
    try:
        d = json.load(open(f)); print(os.path.basename(f), d["steps"], round(1e6 * d["gpu_seconds"] / d["steps"], 1), "us/step", d["objective"])
    except Exception as e:
        print(os.path.basename(f), "no result:", e)
' > $R/steps.txt
gzip $R/*.json
cd $R && tar czf $OUT/call5.tgz .
tail -3 log.txt; cat clocks.txt steps.txt
