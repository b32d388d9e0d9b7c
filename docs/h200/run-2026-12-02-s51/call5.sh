#!/usr/bin/env bash
# Session 51, call 5 (H200). (1) What NVIDIA's Vulkan compiler makes of wgpu's register-resident
# logistic pass at 5-7 columns (unpadded rows, where it trails OpenCL's ×1.3-1.45) against 8
# (aligned), and of the four-rows pass at 5 floats: registers, local memory
# (examples/vk_binary, wgpu's constants: two rows a step, pipelined). (2) OpenCL's gradient as a user gets it with the
# two-rows rule widened to rows of 17 and 33 floats: `duet-rows` (main e0c1898 with the change)
# as it is and with `--param logreg_rps=1` (main's rule at these widths: one row a step), at 17,
# 21, 31, 33 columns, 64 MiB-1 GiB, two rounds. (One binary: two did not fit the carry.)
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R/vk
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
VK=vk:0; for n in 0 1 2; do timeout 20 $E/vk_binary vk:$n read read_partial > /dev/null 2> $R/vk-probe.txt; grep -q NVIDIA $R/vk-probe.txt && { VK=vk:$n; break; }; done
echo "Vulkan device $VK" > $R/vk-device.txt
C="LOGREG_LANES=1,LOGREG_SPAN=32,LOGREG_WG=256"
while read -r name entry consts; do
  timeout 60 $E/vk_binary $VK logreg $entry $C,$consts > $R/vk/$name.spv 2> $R/vk/$name.txt
done <<'LIST'
r5 logreg_partial_reg LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
r5np logreg_partial_reg LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=2,LOGREG_PIPELINE=0,LOGREG_INTERLEAVE=0
r5one logreg_partial_reg LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=1,LOGREG_PIPELINE=0,LOGREG_INTERLEAVE=0
r6 logreg_partial_reg LOGREG_K=6,LOGREG_PITCH=6,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
r7 logreg_partial_reg LOGREG_K=7,LOGREG_PITCH=7,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
r8 logreg_partial_reg LOGREG_K=8,LOGREG_PITCH=8,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=1
q5 logreg_partial_quad LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
LIST
t vk
timeout 30 $E/duet-rows bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --device opencl:1 --sweep-mib 64,256,1024 --op logreg --variant default --cols 17,21,31,33"
run() { # name binary args...
  local name=$1 bin=$2; shift 2
  timeout 90 $E/$bin "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"
}
run main-1 duet-rows $B --param logreg_rps=1
run rows-1 duet-rows $B
run rows-2 duet-rows $B
run main-2 duet-rows $B --param logreg_rps=1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json $R/vk/*.spv
t done; cat $R/log.txt; grep -h -i "register\|local\|stack\|spill" $R/vk/*.txt | head -40
