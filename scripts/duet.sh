#!/usr/bin/env bash
# duet's two entry points, each installing what it needs first:
#
#   scripts/duet.sh run [ARGS…]   the main job: `duet` (devices, then every op on every backend
#                                 against the CPU reference); ARGS go to the duet binary
#   scripts/duet.sh test          the tests (what CI runs), on every device found
#
# Needs Rust (cargo). On Debian/Ubuntu it installs, when missing, the software drivers that stand
# in for a GPU: Vulkan on llvmpipe (mesa-vulkan-drivers, libvulkan1) and OpenCL on PoCL
# (pocl-opencl-icd, ocl-icd-libopencl1), plus a font for `duet bench --plot` (fonts-dejavu-core),
# and for the SVM tests LIBSVM (libsvm-tools), scikit-learn's datasets (python3-sklearn) and
# Fashion-MNIST (dataset-fashion-mnist).
# Real GPU drivers, where installed, are used as well. Set DUET_NO_INSTALL=1 to skip installing.
set -euo pipefail
cd "$(dirname "$0")/.."

need_packages() {
    local missing=()
    ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1 || missing+=(mesa-vulkan-drivers)
    ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1' || missing+=(libvulkan1)
    ldconfig -p 2>/dev/null | grep -q 'libOpenCL\.so\.1' || missing+=(ocl-icd-libopencl1)
    [ -e /etc/OpenCL/vendors/pocl.icd ] || missing+=(pocl-opencl-icd)
    [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
    # The SVM tests' peers and data: LIBSVM's tools, scikit-learn's bundled datasets,
    # Fashion-MNIST.
    command -v svm-train >/dev/null || missing+=(libsvm-tools)
    [ -e /usr/lib/python3/dist-packages/sklearn/datasets/data/breast_cancer.csv ] || missing+=(python3-sklearn)
    [ -e /usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz ] || missing+=(dataset-fashion-mnist)
    printf '%s\n' "${missing[@]}"
}

install_deps() {
    [ "${DUET_NO_INSTALL:-0}" = 1 ] && return 0
    local missing
    mapfile -t missing < <(need_packages | sed '/^$/d')
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null; then
        echo "duet: missing ${missing[*]} (no apt-get here: install the equivalents yourself)" >&2
        return 0
    fi
    local sudo=()
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null; then sudo=(sudo); else
            echo "duet: missing ${missing[*]}; run as root or install them" >&2
            return 0
        fi
    fi
    echo "duet: installing ${missing[*]}" >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
}

# llvmpipe (Mesa) warns about this on every start when it is unset.
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"

case "${1:-}" in
    run)
        shift
        install_deps
        cargo build --release --bin duet
        exec target/release/duet "$@"
        ;;
    test)
        install_deps
        exec cargo test --workspace --release
        ;;
    *)
        echo "usage: scripts/duet.sh run [ARGS…] | scripts/duet.sh test" >&2
        exit 2
        ;;
esac
