#!/usr/bin/env python3
"""Fits the win/draw/loss model behind `UCI_ShowWDL` on the engine's own games (the
output of `wdl_data.py`), checks it on games it did not see, and writes the model to
`crates/polyboard-engine/src/wdl_model.rs`.

Usage, from the repository root:

    python3 scripts/tune/wdl_fit.py wdl-games.txt [--write] [--table wdl-check.md]
    python3 scripts/tune/wdl_fit.py other-games.txt --shipped   # check the shipped model

`--shipped` fits nothing: it reads the model in `crates/polyboard-engine/src/wdl_model.rs`
and checks it on every game of the file (games the model never saw, say of another
evaluation), with the same table.

The model is Stockfish's form: for a score v (centipawns, side to move) and material m
(pawns 1, minor pieces 3, rooks 5, queens 9, both sides),

    win(v, m)  = 1 / (1 + exp((a(x) - v) / b(x))),   x = clamp(m, 10, 78) / 78
    loss(v, m) = win(-v, m),   draw = 1 - win - loss

where a and b are cubic polynomials in x. The fit maximizes the likelihood of each
position's game result (win, draw or loss for the side to move) over the training games
(every game whose number is not a multiple of 5); positions with a mate score are
left out. The check compares, on the held-out games (numbers that are multiples of 5),
the mean predicted win, draw and loss chances with the observed rates, score bucket by
score bucket.

Requires numpy and scipy.
"""
import argparse
import re
import sys

import numpy as np
from scipy.optimize import minimize

OUT = "crates/polyboard-engine/src/wdl_model.rs"
BUCKETS = [-1000, -400, -250, -150, -100, -60, -30, -10, 10, 30, 60, 100, 150, 250, 400, 1000]


def load(path):
    rows = []
    with open(path) as f:
        for line in f:
            g, ply, mat, score, result = line.split()
            if score == "mate":
                continue
            rows.append((int(g), int(ply), int(mat), int(score), float(result)))
    return np.array(rows, dtype=float)


def probs(p, v, m):
    x = np.clip(m, 10, 78) / 78.0
    a = np.polyval(p[:4], x)
    b = np.maximum(np.polyval(p[4:], x), 1.0)
    w = 1.0 / (1.0 + np.exp(np.clip((a - v) / b, -50, 50)))
    l = 1.0 / (1.0 + np.exp(np.clip((a + v) / b, -50, 50)))
    return w, np.clip(1.0 - w - l, 1e-9, 1.0), l


def nll(p, v, m, r):
    w, d, l = probs(p, v, m)
    pr = np.where(r == 1.0, w, np.where(r == 0.0, l, d))
    return -np.mean(np.log(np.clip(pr, 1e-9, 1.0)))


def check(p, data):
    """Rows of the held-out table: bucket, positions, predicted and observed W/D/L (%)."""
    v, m, r = data[:, 3], data[:, 2], data[:, 4]
    w, d, l = probs(p, v, m)
    rows = []
    for lo, hi in zip(BUCKETS, BUCKETS[1:]):
        sel = (v >= lo) & (v < hi)
        n = int(sel.sum())
        if n == 0:
            continue
        pred = [100 * w[sel].mean(), 100 * d[sel].mean(), 100 * l[sel].mean()]
        obs = [100 * (r[sel] == 1.0).mean(), 100 * (r[sel] == 0.5).mean(), 100 * (r[sel] == 0.0).mean()]
        rows.append((lo, hi, n, pred, obs))
    return rows


def shipped():
    """The coefficients (a then b) of the model in OUT."""
    with open(OUT) as f:
        text = f.read()
    found = re.findall(r"WDL_[AB]: \[f64; 4\] = \[([^\]]*)\]", text)
    p = [float(x) for c in found for x in c.split(",")]
    if len(p) != 8:
        sys.exit(f"{OUT}: expected WDL_A and WDL_B, four coefficients each; found {len(p)} numbers")
    return np.array(p)


def print_check(p, data, table_file):
    table = ["| score (cp) | positions | predicted W / D / L (%) | observed W / D / L (%) |",
             "| --- | ---: | --- | --- |"]
    fmt = lambda t: " / ".join(f"{x:.0f}" for x in t)  # noqa: E731
    for lo, hi, n, pred, obs in check(p, data):
        table.append(f"| {lo} to {hi} | {n} | {fmt(pred)} | {fmt(obs)} |")
    print("\n".join(table))
    if table_file:
        with open(table_file, "w") as f:
            f.write("\n".join(table) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data")
    ap.add_argument("--write", action="store_true", help=f"write {OUT}")
    ap.add_argument("--table", help="write the held-out check as a Markdown table to this file")
    ap.add_argument("--shipped", action="store_true", help=f"check the model in {OUT} on every game")
    a = ap.parse_args()

    data = load(a.data)
    games = data[:, 0].astype(int)
    n_games = len(set(games.tolist()))
    if a.shipped:
        p = shipped()
        print(f"the shipped model on {n_games} games, {len(data)} positions: "
              f"log loss {nll(p, data[:, 3], data[:, 2], data[:, 4]):.4f}")
        print_check(p, data, a.table)
        return
    train, held = data[games % 5 != 0], data[games % 5 == 0]
    v, m, r = train[:, 3], train[:, 2], train[:, 4]
    # Start: a win at about a pawn and a half, a slope of about 80 cp, flat in material.
    p0 = np.array([0.0, 0.0, 0.0, 150.0, 0.0, 0.0, 0.0, 80.0])
    fit = minimize(nll, p0, args=(v, m, r), method="Nelder-Mead",
                   options={"maxiter": 40000, "maxfev": 40000, "xatol": 1e-3, "fatol": 1e-9})
    fit = minimize(nll, fit.x, args=(v, m, r), method="BFGS")
    p = fit.x
    print(f"{n_games} games, {len(train)} training and {len(held)} held-out positions")
    print(f"a = {p[:4].tolist()}\nb = {p[4:].tolist()}")
    print(f"log loss: training {nll(p, v, m, r):.4f}, held out {nll(p, held[:, 3], held[:, 2], held[:, 4]):.4f}")
    print_check(p, held, a.table)
    if a.write:
        coeffs = lambda c: ", ".join(f"{x:.6}" for x in c)  # noqa: E731
        with open(OUT, "w") as f:
            f.write(f"""//! The win/draw/loss model's coefficients (see [`crate::strength::wdl`]): written by
//! `scripts/tune/wdl_fit.py` from {n_games} of the engine's own games at a fixed node count
//! (`scripts/tune/wdl_data.py`). Do not edit by hand.

/// a(x): the score (cp) at which a win is as likely as not, cubic in the material x
/// (highest power first).
pub(crate) const WDL_A: [f64; 4] = [{coeffs(p[:4])}];
/// b(x): the score scale (cp) of the logistic, cubic in x (highest power first).
pub(crate) const WDL_B: [f64; 4] = [{coeffs(p[4:])}];
""")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    sys.exit(main())
