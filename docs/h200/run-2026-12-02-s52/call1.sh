#!/usr/bin/env bash
# Session 52, call 1 (H200). (1) The machine code NVIDIA's drivers build for the logistic
# gradient's register-resident pass at 4-8 columns and the four-rows pass at 5 (wgpu's 5-7
# columns trail OpenCL's twin ×1.06-1.31): Vulkan through examples/vk_binary with
# DUET_VK_CACHE (the pipeline cache's data, searched for ELF images), OpenCL through
# examples/cl_binary (PTX, assembled with Triton's ptxas), both disassembled with Triton's
# cuobjdump/nvdisasm where the machine has them. (2) The conformance suite at the head, both GPU
# backends, every op at the quick level.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R/vk $R/cl
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
TB=$(python3 -c "import triton, os; print(os.path.join(os.path.dirname(triton.__file__), 'backends/nvidia/bin'))" 2>/dev/null)
{ echo "triton bin: $TB"; ls -la "$TB" 2>&1; which ptxas cuobjdump nvdisasm 2>&1; nvidia-smi -L; } > $R/tools.txt
PATH="$PATH:$TB"
VK=vk:0; for n in 0 1 2; do timeout 20 $E/vk_binary vk:$n read read_partial > /dev/null 2> $R/vk-probe.txt; grep -q NVIDIA $R/vk-probe.txt && { VK=vk:$n; break; }; done
echo "Vulkan device $VK" > $R/vk-device.txt
C="LOGREG_LANES=1,LOGREG_SPAN=32,LOGREG_WG=256"
while read -r name entry consts; do
  DUET_VK_CACHE=$R/vk/$name.cache timeout 60 $E/vk_binary $VK logreg $entry $C,$consts > $R/vk/$name.spv 2> $R/vk/$name.txt
done <<'LIST'
r4 logreg_partial_reg LOGREG_K=4,LOGREG_PITCH=4,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
r5 logreg_partial_reg LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
r5np logreg_partial_reg LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=2,LOGREG_PIPELINE=0,LOGREG_INTERLEAVE=0
r6 logreg_partial_reg LOGREG_K=6,LOGREG_PITCH=6,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
r8 logreg_partial_reg LOGREG_K=8,LOGREG_PITCH=8,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=1
q5 logreg_partial_quad LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
LIST
t vk
# ELF images inside the pipeline caches, each disassembled.
python3 - "$R/vk" > $R/vk/elf.txt 2>&1 <<'PY'
import sys, os, struct, glob
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.cache'))):
    d = open(f, 'rb').read()
    print(f, len(d), 'bytes; head', d[:48].hex())
    at = 0; n = 0
    while True:
        i = d.find(b'\x7fELF', at)
        if i < 0: break
        try:
            shoff, = struct.unpack_from('<Q', d, i + 0x28)
            shentsize, shnum = struct.unpack_from('<HH', d, i + 0x3A)
            end = i + shoff + shentsize * shnum
        except struct.error:
            end = len(d)
        out = f[:-6] + f'.{n}.elf'
        open(out, 'wb').write(d[i:end]); print(' ELF at', i, 'size', end - i, '->', out)
        n += 1; at = i + 4
PY
for e in $R/vk/*.elf; do [ -e "$e" ] || continue
  timeout 30 cuobjdump -sass "$e" > "${e%.elf}.sass" 2>&1 || timeout 30 nvdisasm -c "$e" > "${e%.elf}.sass" 2>&1; done
t elf
CC="LOGREG_LANES=1,LOGREG_SPAN=32,LOGREG_WG=256"
while read -r name consts; do
  timeout 60 $E/cl_binary opencl:1 logreg $CC,$consts > $R/cl/$name.ptx 2> $R/cl/$name.txt
  timeout 60 ptxas -arch=sm_90 -v $R/cl/$name.ptx -o $R/cl/$name.cubin >> $R/cl/$name.txt 2>&1 && \
    timeout 30 cuobjdump -sass $R/cl/$name.cubin > $R/cl/$name.sass 2>&1
done <<'LIST'
r4 LOGREG_K=4,LOGREG_PITCH=4,LOGREG_RPS=2,LOGREG_PIPELINE=0,LOGREG_INTERLEAVE=0
r5 LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=2,LOGREG_PIPELINE=0,LOGREG_INTERLEAVE=0
r5p LOGREG_K=5,LOGREG_PITCH=5,LOGREG_RPS=2,LOGREG_PIPELINE=1,LOGREG_INTERLEAVE=0
r8 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_RPS=2,LOGREG_PIPELINE=0,LOGREG_INTERLEAVE=1
LIST
t cl
timeout 330 $E/duet-main conform --device wgpu:0,opencl:1 --json $R/conform.json > $R/conform.txt 2>&1
t "conform rc=$?"
gzip $R/conform.json $R/vk/*.spv
t done; cat $R/log.txt; cat $R/tools.txt | head -20; cat $R/vk/elf.txt | head -20; tail -n 3 $R/conform.txt
