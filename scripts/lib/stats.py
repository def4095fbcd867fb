"""Match statistics shared by scripts/match/match.py (chess) and scripts/match/shogi_match.py."""
import math


def elo(score, n, sd):
    """Elo difference of a score fraction, and the 95% interval half-width (normal
    approximation: `sd` is the standard deviation of the per-game scores, `n` games)."""
    def to_elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)
    if n == 0:
        return 0.0, 0.0
    se = sd / math.sqrt(n)
    return to_elo(score), (to_elo(score + 1.96 * se) - to_elo(score - 1.96 * se)) / 2


def elo_text(score, n, sd):
    """The Elo difference with its 95% interval as text. When every game had the same
    result the normal approximation has no width: then the exact (Clopper-Pearson)
    one-sided bound of a clean sweep is given instead, `> +X` or `< -X`."""
    e, err = elo(score, n, sd)
    if n and sd == 0 and score in (0.0, 1.0):
        p = 0.025 ** (1 / n)
        bound = -400 * math.log10(1 / p - 1)
        return f"> {bound:+.0f}" if score == 1.0 else f"< {-bound:+.0f}"
    return f"{e:+.0f} +/- {err:.0f}"
