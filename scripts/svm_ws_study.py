#!/usr/bin/env python3
"""How many pair updates, iterations and kernel rows a working-set SMO needs (issue 14).

    /usr/bin/python3 scripts/svm_ws_study.py [--points N] [--pair A,B] [--configs ...]

An algorithmic study, not a timing: it counts work, in float64 with the whole kernel matrix in
memory, on a binary Fashion-MNIST pair (Debian's dataset-fashion-mnist; scaled to [0, 1],
C = 10, gamma = scale, eps = 1e-3, as BENCHMARKS.md's SVM runs). It compares

  pair            LIBSVM's WSS 3, one pair per step (duet's `pair` strategy): steps; each step
                  computes at most two kernel rows (none when cached);
  ws Q            duet's `working_set` as built in session 11: each iteration selects the Q
                  most violating points afresh (Q/2 from I_up by -yG, Q/2 from I_low by yG),
                  computes their Q rows, solves the set by WSS 3 until its gap is below
                  max(eps, 0.1 x its first gap) or 10 Q updates, then updates every gradient;
  keep Q          the ThunderSVM design (csmosolver.cpp): the same, but from the second
                  iteration on only half the set is selected afresh (alternating up/low picks
                  in order of yG, skipping the half that stays), so each iteration computes
                  Q/2 new rows and keeps Q/2 from the iteration before.

and prints, per configuration, the iterations, the pair updates, the kernel rows computed
(each a pass over X's n x d values) and how many distinct points' rows they were (what a row
cache large enough for all of them would compute), the objective and the final gap. Rows are the cost that
scales with X; pair updates inside a set are the cost of one workgroup.
"""
import argparse
import gzip
import sys
import time

import numpy as np

TAU = 1e-12
DATA = "/usr/share/datasets/fashion-mnist"


def idx(path):
    with gzip.open(path, "rb") as f:
        raw = f.read()
    dims = raw[3]
    shape = [int.from_bytes(raw[4 + 4 * i : 8 + 4 * i], "big") for i in range(dims)]
    return np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * dims).reshape(shape)


def problem(pair, points):
    images = idx(f"{DATA}/train-images-idx3-ubyte.gz")
    labels = idx(f"{DATA}/train-labels-idx1-ubyte.gz")
    keep = (labels == pair[0]) | (labels == pair[1])
    x = images[keep].reshape(int(keep.sum()), -1).astype(np.float64) / 255.0
    y = np.where(labels[keep] == pair[0], 1.0, -1.0)
    if points:
        x, y = x[:points], y[:points]
    gamma = 1.0 / (x.shape[1] * x.var())
    sq = (x * x).sum(axis=1)
    k = np.exp(-gamma * np.maximum(sq[:, None] + sq[None, :] - 2.0 * (x @ x.T), 0.0))
    return k, y, gamma


def sets(alpha, y, c):
    up = ((y > 0) & (alpha < c)) | ((y < 0) & (alpha > 0))
    low = ((y > 0) & (alpha > 0)) | ((y < 0) & (alpha < c))
    return up, low


def wss3(kk, y, alpha, g, c, rows_of_i):
    """LIBSVM's select_working_set on a (sub)problem: (i, j, gap); ties to the larger index.
    `rows_of_i(i)` gives K[i, :] over the (sub)problem's points."""
    up, low = sets(alpha, y, c)
    v = np.where(up, -y * g, -np.inf)
    if not np.isfinite(v).any():
        return None, None, 0.0
    i = len(v) - 1 - int(np.argmax(v[::-1]))
    gmax = v[i]
    yg = np.where(low, y * g, -np.inf)
    gap = gmax + yg.max()
    b = gmax + y * g
    ki = rows_of_i(i)
    quad = 2.0 - 2.0 * ki
    quad = np.where(quad <= 0, TAU, quad)
    cand = np.where(low & (b > 0), -(b * b) / quad, np.inf)
    if not np.isfinite(cand).any():
        return i, None, gap
    j = len(cand) - 1 - int(np.argmin(cand[::-1]))
    return i, j, gap


def pair_update(yi, yj, ai, aj, gi, gj, kij, c):
    """LIBSVM's two-variable update (C_i = C_j = C, Q_ii = 1): new (alpha_i, alpha_j)."""
    quad = 2.0 - 2.0 * kij
    if quad <= 0:
        quad = TAU
    if yi != yj:
        delta = (-gi - gj) / quad
        diff = ai - aj
        ai += delta
        aj += delta
        if diff > 0:
            if aj < 0:
                aj, ai = 0.0, diff
        elif ai < 0:
            ai, aj = 0.0, -diff
        if diff > 0:
            if ai > c:
                ai, aj = c, c - diff
        elif aj > c:
            aj, ai = c, c + diff
    else:
        delta = (gi - gj) / quad
        s = ai + aj
        ai -= delta
        aj += delta
        if s > c:
            if ai > c:
                ai, aj = c, s - c
        elif aj < 0:
            aj, ai = 0.0, s
        if s > c:
            if aj > c:
                aj, ai = c, s - c
        elif ai < 0:
            ai, aj = 0.0, s
    return ai, aj


def objective(alpha, g):
    # LIBSVM: sum alpha_t (G_t - 1) / 2 with G = Q alpha - 1 (p = -1).
    return float((alpha * (g - 1.0)).sum() / 2.0)


def solve_pair(k, y, c, eps, max_steps):
    n = len(y)
    alpha = np.zeros(n)
    g = -np.ones(n)
    steps = 0
    rows = set()
    gap = np.inf
    while steps < max_steps:
        i, j, gap = wss3(k, y, alpha, g, c, lambda i: k[i])
        if i is None or j is None or gap < eps:
            break
        rows.update((i, j))
        ai, aj = pair_update(y[i], y[j], alpha[i], alpha[j], g[i], g[j], k[i, j], c)
        di, dj = ai - alpha[i], aj - alpha[j]
        g += y * (y[i] * di * k[i] + y[j] * dj * k[j])
        alpha[i], alpha[j] = ai, aj
        steps += 1
    return {"iterations": steps, "updates": steps, "distinct rows": len(rows),
            "objective": objective(alpha, g), "gap": gap}


def select(order, want, y, alpha, c, taken):
    """ThunderSVM's select_working_set: alternate the next I_up point from the small end of
    yG and the next I_low point from the large end, skipping points already taken."""
    up, low = sets(alpha, y, c)
    out = []
    left, right = 0, len(order) - 1
    while len(out) < want and (left < len(order) or right >= 0):
        while left < len(order) and (taken[order[left]] or not up[order[left]]):
            left += 1
        if left < len(order) and len(out) < want:
            t = order[left]
            out.append(t)
            taken[t] = True
        while right >= 0 and (taken[order[right]] or not low[order[right]]):
            right -= 1
        if right >= 0 and len(out) < want:
            t = order[right]
            out.append(t)
            taken[t] = True
    return out


def solve_ws(k, y, c, eps, q, keep, inner_cap, max_updates):
    n = len(y)
    alpha = np.zeros(n)
    g = -np.ones(n)
    ws = []
    fresh = []
    seen = np.zeros(n, dtype=bool)
    iters = updates = rows = 0
    gap0 = np.inf
    while updates < max_updates:
        order = np.argsort(y * g, kind="stable")
        taken = np.zeros(n, dtype=bool)
        if keep and ws:
            # The half selected last time stays, with its rows; the other half is replaced
            # (ThunderSVM alternates which half of its buffer it overwrites).
            stay = fresh
            taken[stay] = True
            fresh = select(order, q - len(stay), y, alpha, c, taken)
            ws = stay + fresh
            rows += len(fresh)
        else:
            ws = select(order, q, y, alpha, c, taken)
            fresh = ws[q // 2 :] if keep else ws
            rows += len(ws)
        w = np.array(ws)
        seen[w] = True
        kw = k[np.ix_(w, w)]
        yw, aw, gw = y[w], alpha[w].copy(), g[w].copy()
        a0 = aw.copy()
        local_eps = None
        steps = 0
        while True:
            i, j, gap = wss3(kw, yw, aw, gw, c, lambda i: kw[i])
            if local_eps is None:
                local_eps = max(eps, 0.1 * gap)
                gap0 = gap
            if i is None or j is None or gap < local_eps or steps >= inner_cap:
                break
            ai, aj = pair_update(yw[i], yw[j], aw[i], aw[j], gw[i], gw[j], kw[i, j], c)
            di, dj = ai - aw[i], aj - aw[j]
            gw += yw * (yw[i] * di * kw[i] + yw[j] * dj * kw[j])
            aw[i], aw[j] = ai, aj
            steps += 1
        updates += steps
        iters += 1
        coef = yw * (aw - a0)
        g += y * (coef @ k[w])
        alpha[w] = aw
        if gap0 < eps:
            break
    return {"iterations": iters, "updates": updates, "rows": rows,
            "distinct rows": int(seen.sum()), "objective": objective(alpha, g), "gap": gap0}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--points", type=int, default=0, help="first N points of the pair (0: all)")
    ap.add_argument("--pair", default="0,6")
    ap.add_argument("--c", type=float, default=10.0)
    ap.add_argument("--eps", type=float, default=1e-3)
    ap.add_argument("--configs", default="pair,ws64,keep64,keep256,keep512,keep1024")
    ap.add_argument("--inner", default="10q", help="inner update cap: 10q, or a number")
    a = ap.parse_args()
    pair = tuple(int(v) for v in a.pair.split(","))
    t0 = time.time()
    k, y, gamma = problem(pair, a.points)
    n = len(y)
    print(f"pair {pair[0]}/{pair[1]}: {n} points, gamma {gamma:.6g}, C {a.c}, eps {a.eps} "
          f"(kernel matrix {time.time() - t0:.1f} s)", flush=True)
    for cfg in a.configs.split(","):
        t0 = time.time()
        if cfg == "pair":
            r = solve_pair(k, y, a.c, a.eps, 10**8)
        else:
            keep = cfg.startswith("keep")
            q = int(cfg[4:] if keep else cfg[2:])
            cap = 10 * q if a.inner == "10q" else int(a.inner)
            r = solve_ws(k, y, a.c, a.eps, q, keep, cap, 10**8)
        extra = " ".join(f"{key} {val:.10g}" if isinstance(val, float) else f"{key} {val}"
                         for key, val in r.items())
        print(f"{cfg:>9}: {extra} ({time.time() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    sys.exit(main())
