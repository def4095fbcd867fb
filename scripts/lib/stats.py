"""Match statistics shared by the match scripts (scripts/match/match.py for chess,
shogi_match.py, variant_match.py, repr_matches.py): W/D/L, the score, the Elo difference
with its 95% interval, the likelihood of superiority, and each engine's mean thinking
time a move (`Thinking`). Standard library only.

    t = Tally()
    for s in (1.0, 0.5, 0.0, 1.0):      # each game's score from the first engine's side
        t.add(s)
    t.w, t.d, t.l, t.n, t.mean          # 2 1 1 4 0.625
    t.elo()                              # (Elo, half-width of the 95% interval)
    t.elo_text()                         # "+89 +/- 347", or "> +X" / "< -X" after a clean sweep
    t.los()                              # P(first engine stronger), from the wins and losses
"""
import math


def to_elo(p):
    """The Elo difference of a score fraction (clamped to [1e-6, 1 - 1e-6])."""
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / p - 1)


def elo(score, n, sd):
    """Elo difference of a score fraction, and the 95% interval half-width (normal
    approximation: `sd` is the standard deviation of the per-game scores, `n` games)."""
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


def mean_sd(scores, ddof=0):
    """The mean of the per-game scores and their standard deviation (divided by n - ddof;
    0 and 0 for no games)."""
    n = len(scores)
    if n == 0:
        return 0.0, 0.0
    mean = sum(scores) / n
    return mean, math.sqrt(sum((x - mean) ** 2 for x in scores) / max(1, n - ddof))


def los(wins, losses):
    """Likelihood of superiority: the probability that the first engine is the stronger,
    from its wins and losses (draws carry no information), normal approximation."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses))))


class Tally:
    """Per-game scores from the first engine's side (1, 0.5 or 0) and what follows from
    them. `ddof` picks the standard deviation's divisor (n - ddof): match.py and
    variant_match.py use n (0), shogi_match.py n - 1 (1)."""

    def __init__(self, ddof=0):
        self.scores, self.ddof = [], ddof
        self.w = self.d = self.l = 0

    def add(self, score):
        self.scores.append(score)
        self.w += score == 1.0
        self.d += score == 0.5
        self.l += score == 0.0

    @property
    def n(self):
        return len(self.scores)

    @property
    def mean(self):
        return mean_sd(self.scores, self.ddof)[0]

    @property
    def sd(self):
        return mean_sd(self.scores, self.ddof)[1]

    def elo(self):
        """(Elo difference, half-width of its 95% interval)."""
        return elo(self.mean, self.n, self.sd)

    def elo_text(self):
        return elo_text(self.mean, self.n, self.sd)

    def los(self):
        return los(self.w, self.l)


class Thinking:
    """Each engine's thinking time over a match, the first engine (ours) and its
    opponent: after each game, `add` takes a game loop's `spent_by` (seconds and moves
    per colour, colour 0 first) and the colour ours played."""

    def __init__(self):
        self.seconds, self.moves = [0.0, 0.0], [0, 0]

    def add(self, spent_by, ours_colour):
        for colour in (0, 1):
            who = 0 if colour == ours_colour else 1
            self.seconds[who] += spent_by[colour][0]
            self.moves[who] += spent_by[colour][1]

    def ms(self):
        """The mean milliseconds a move, ours first."""
        return [1000 * t / max(m, 1) for t, m in zip(self.seconds, self.moves)]
