#!/usr/bin/env bash
# Session 29, call 1 (H200): what NVIDIA's Vulkan and OpenCL compilers made of the logistic
# gradient's register-resident pass (logreg_partial_reg) at the columns where wgpu trails
# (8, 13, 33, 777, 1000) and where it does not (16), and of the SVM's working-set kernels:
# the driver's statistics through examples/vk_binary (VK_KHR_pipeline_executable_properties),
# ptxas's report through examples/cl_binary (-cl-nv-verbose); SASS of the PTX where the
# machine's Triton carries ptxas and nvdisasm. Then the gradient's sweep at those columns
# (duet-d = 65fd0a9's kernels), each backend's default and wgpu with OpenCL's rows per step.
set -u
R=/tmp/s29c1; rm -rf $R; mkdir -p $R/vk $R/cl
for b in duet-d vk_binary cl_binary; do gunzip -kf .gpu/bin/$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
TB=$(python3 -c "import triton,os;print(os.path.dirname(triton.__file__))" 2>/dev/null)/backends/nvidia/bin
PTXAS=$TB/ptxas; NVDIS=$TB/nvdisasm; ls -la $TB > $R/tools.txt 2>&1
VK=vk:0; for n in 0 1 2; do timeout 20 $E/vk_binary vk:$n read read_partial > /dev/null 2> $R/vk-probe.txt; grep -q NVIDIA $R/vk-probe.txt && { VK=vk:$n; break; }; done
echo "Vulkan device $VK" > $R/vk-device.txt
# name  vulkan-constants  opencl-constants (each backend's default rows per step; k8x/k13x: swapped)
while read -r name vk cl; do
  timeout 60 $E/vk_binary $VK logreg logreg_partial_reg $vk > $R/vk/$name.spv 2> $R/vk/$name.txt
  DUET_CL_OPTIONS=-cl-nv-verbose timeout 60 $E/cl_binary opencl:1 logreg $cl > $R/cl/$name.ptx 2> $R/cl/$name.txt
done <<'LIST'
k8 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k8x LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k13 LOGREG_K=13,LOGREG_PITCH=13,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=0 LOGREG_K=13,LOGREG_PITCH=13,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k13x LOGREG_K=13,LOGREG_PITCH=13,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=0 LOGREG_K=13,LOGREG_PITCH=13,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k16 LOGREG_K=16,LOGREG_PITCH=16,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=16,LOGREG_PITCH=16,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k33 LOGREG_K=33,LOGREG_PITCH=36,LOGREG_LANES=4,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=33,LOGREG_PITCH=33,LOGREG_LANES=4,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k777 LOGREG_K=777,LOGREG_PITCH=780,LOGREG_LANES=64,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=777,LOGREG_PITCH=780,LOGREG_LANES=64,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k1000 LOGREG_K=1000,LOGREG_PITCH=1000,LOGREG_LANES=64,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=1000,LOGREG_PITCH=1000,LOGREG_LANES=64,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
LIST
for e in smo_ws_select smo_ws_solve smo_ws_rows smo_ws_update smo_ws_candidates; do
  timeout 60 $E/vk_binary $VK smo $e SMO_WS_SPAN=32,SMO_WS_BY_POINT=1 > $R/vk/$e.spv 2> $R/vk/$e.txt
done
DUET_CL_OPTIONS=-cl-nv-verbose timeout 60 $E/cl_binary opencl:1 smo SMO_WS_SPAN=32,SMO_WS_BY_POINT=1 > $R/cl/smo.ptx 2> $R/cl/smo.txt
if [ -x "$PTXAS" ]; then for f in $R/cl/*.ptx; do
  timeout 60 $PTXAS -arch=sm_90a -v "$f" -o "${f%.ptx}.cubin" > "${f%.ptx}.ptxas.txt" 2>&1
  [ -x "$NVDIS" ] && $NVDIS -c "${f%.ptx}.cubin" > "${f%.ptx}.sass" 2>&1
done; fi
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 300 --no-cpu --variant default --sweep-mib 256 --cols 8,13,16,33,64,777,1000"
$E/duet-d bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 100 $E/duet-d $L --device wgpu:0 > $R/logreg-wgpu.txt 2>&1
timeout 100 $E/duet-d $L --device opencl:1 > $R/logreg-opencl.txt 2>&1
timeout 100 $E/duet-d $L --device wgpu:0 --param logreg_rps=1 --param logreg_max_groups=528 > $R/logreg-wgpu-r1g528.txt 2>&1
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call1.tgz .
cat tools.txt; head -3 vk/k13.txt; for f in vk/*.txt; do echo "== $f"; grep -iE "regist|local|spill|shared|stack|instruction|thread" $f | head -8; done
for f in cl/*.txt; do echo "== $f"; grep -E "registers|spill|stack" $f | head -12; done
grep -E "^(logreg|read) " logreg-*.txt | sed "s/  */ /g" | cut -d" " -f1-5,12-14
