#!/usr/bin/env python3
"""Counts the passes over X that the `pair` strategy's SMO steps need, with and without
speculative kernel rows (issue 14's `pair` target: one step <= 1.3 passes + 15 us).

    python3 scripts/smo_passes.py POINTS FEATURES C STEPS

LIBSVM's algorithm (WSS 3, its two-variable update, gamma = 1/(features * Var X)) in float64 on
two Gaussian blobs shaped as duet's `--synthetic` (data::blobs; numpy's generator, so not the
same numbers), for the first STEPS steps. A step needs the kernel row of i (before it can choose
j) and of j (for the update of G): a row never computed before is a pass over X (the cache is
taken as unbounded, as duet's default cache is on an 80 GB GPU for these runs). With M
speculative rows, the pass that computes j's row also computes the rows of the M points after i
in the ranking of -y G over I_up at the step's start (known before that pass): they are in the
cache when one of them is the next step's i. Prints, for M = 0, 1, 2, 4, 8, the passes per
step. A model of the counts, not of the device's time."""
import os
import sys

import numpy as np

# LIBSVM's two-variable update and curvature floor, as the working-set study has them.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svm_ws_study import TAU, pair_update  # noqa: E402


def blobs(n, k, seed=1):
    """Two blobs as duet's data::blobs draws them: centres -/+ mu along (1, ..., 1), noise A z
    with A = I + 0.3 N(0, 1)/sqrt(k), mu 2.5 noise deviations along (1, ..., 1)."""
    rng = np.random.default_rng(seed)
    a = np.eye(k) + 0.3 * rng.standard_normal((k, k)) / np.sqrt(k)
    u = np.ones(k) / np.sqrt(k)
    mu = 2.5 / np.linalg.norm(a.T @ u)
    label = np.arange(n) % 2
    x = rng.standard_normal((n, k)) @ a.T + (2 * label - 1)[:, None] * mu * u[None, :]
    return x, np.where(label == 1, 1.0, -1.0)


def passes(x, y, c, steps, m):
    """(steps taken, passes without speculation, passes with m speculative rows)."""
    n, k = x.shape
    gamma = 1.0 / (k * x.var())
    sq = (x * x).sum(1)

    def kernel_row(i):
        return np.exp(-gamma * np.maximum(sq + sq[i] - 2 * x @ x[i], 0))

    alpha = np.zeros(n)
    g = -np.ones(n)  # the dual's gradient, Q alpha - e
    plain, cached = set(), set()  # rows computed: without / with speculation
    count_plain = count_spec = 0
    taken = 0
    for _ in range(steps):
        up = ((y > 0) & (alpha < c)) | ((y < 0) & (alpha > 0))
        low = ((y > 0) & (alpha > 0)) | ((y < 0) & (alpha < c))
        v = -y * g
        vi = np.where(up, v, -np.inf)
        i = int(np.argmax(vi))
        gmax = vi[i]
        if gmax - np.where(low, v, np.inf).min() < 1e-3:
            break
        ki = kernel_row(i)
        b = gmax - v
        quad = np.where(2 - 2 * ki > 0, 2 - 2 * ki, TAU)
        j = int(np.argmin(np.where(low & (b > 0), -(b * b) / quad, np.inf)))
        kj = kernel_row(j)
        for p in (i, j):
            count_plain += p not in plain
            count_spec += p not in cached
            plain.add(p)
            cached.add(p)
        ai, aj = alpha[i], alpha[j]
        alpha[i], alpha[j] = pair_update(y[i], y[j], ai, aj, g[i], g[j], ki[j], c)
        if m > 0:
            # The pass that computes j's row also computes the rows of the m points after i in
            # the step's ranking (-y G over I_up at the step's start, i and j left out).
            rank = vi.copy()
            rank[[i, j]] = -np.inf
            cached.update(int(t) for t in np.argpartition(-rank, m)[:m] if rank[t] > -np.inf)
        g += y * (y[i] * ki * (alpha[i] - ai) + y[j] * kj * (alpha[j] - aj))
        taken += 1
    return taken, count_plain, count_spec


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    n, k, c, steps = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    x, y = blobs(n, k)
    print(f"{n} x {k}, C = {c}, the first {steps} steps")
    for m in (0, 1, 2, 4, 8):
        taken, plain, spec = passes(x, y, c, steps, m)
        print(f"M = {m}: {taken} steps, {plain / taken:.3f} passes a step without speculation, "
              f"{spec / taken:.3f} with")


if __name__ == "__main__":
    main()
