"""Fitting the evaluation's weights to games (issue 38), in plain Python (no numpy: the game and
its tests need none): a ridge regression of what a position still gains by the end (final VP
less the live score) on its features, pulled toward the hand-set numbers so that a feature the
games rarely show keeps a sensible weight.

One intercept per half-year takes up what every position of that time gains alike (so that a
feature is judged against the other positions of its time, not credited with the time itself,
which most features follow); they are fitted but not played with (they never change which move
is better).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from .weights import FEATURES

#: A sample: what the position still gained by the end, and its features (``FEATURES`` order)
#: followed by the share of the game left (``half_years_left / HALF_YEARS``).
Sample = tuple[float, Sequence[float]]
#: How strongly the fit is pulled toward the hand-set numbers, per sample and unit of a
#: feature's variance (0: plain least squares).
RIDGE = 1.0
#: The intercepts: one per half-year (1-9).
STAGES = 9
#: Fitted weights are kept within this range: a negative weight would make the player throw
#: goods away, a huge one chase a single feature.
BOUNDS = (0.0, 20.0)


@attrs.frozen
class Fit:
    weights: dict[str, float]
    intercept: tuple[float, ...]
    rmse: float
    samples: int


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small and
    symmetric positive definite here)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            m[col][col] = 1e-12
        for r in range(col + 1, n):
            k = m[r][col] / m[col][col]
            if k:
                for c in range(col, n + 1):
                    m[r][c] -= k * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def stage(left_share: float) -> int:
    """The half-year (0-based) of a sample from its share of the game left (a work phase counts
    half used: ``arle.ai.value.half_years_left``)."""
    return min(STAGES - 1, max(0, math.floor(STAGES - left_share * STAGES + 1e-9)))


def _row(phi: Sequence[float]) -> list[float]:
    """A sample's regressors: the features, then the half-year's intercept (one-hot)."""
    hot = [0.0] * STAGES
    hot[stage(phi[len(FEATURES)])] = 1.0
    return [*phi[: len(FEATURES)], *hot]


def fit(samples: Sequence[Sample], prior: dict[str, float], ridge: float = RIDGE) -> Fit:
    """The weights that best predict what positions still gain, pulled toward ``prior``."""
    k = len(FEATURES)
    n = k + STAGES
    rows = [_row(phi) for _, phi in samples]
    ys = [y for y, _ in samples]
    count = max(1, len(rows))
    mean = [sum(r[j] for r in rows) / count for j in range(n)]
    var = [sum((r[j] - mean[j]) ** 2 for r in rows) / count for j in range(n)]
    ata = [[0.0] * n for _ in range(n)]
    aty = [0.0] * n
    for r, y in zip(rows, ys, strict=True):
        for i in range(n):
            if r[i]:
                aty[i] += r[i] * y
                ri = ata[i]
                for j in range(n):
                    ri[j] += r[i] * r[j]
    for j in range(k):  # the pull toward the prior (a feature never seen keeps the prior)
        lam = ridge * count * max(var[j], 1e-3)
        ata[j][j] += lam
        aty[j] += lam * prior[FEATURES[j]]
    for j in range(k, n):  # a half-year without samples
        ata[j][j] += 1e-6
    x = _solve(ata, aty)
    low, high = BOUNDS
    weights = {name: min(high, max(low, x[j])) for j, name in enumerate(FEATURES)}
    intercept = tuple(x[k:])
    return Fit(weights, intercept, rmse(samples, weights, intercept), len(samples))


def rmse(samples: Sequence[Sample], weights: dict[str, float], intercept: Sequence[float]) -> float:
    """The root mean square error of the prediction, in VP."""
    if not samples:
        return 0.0
    w = [weights[name] for name in FEATURES] + list(intercept)
    total = 0.0
    for y, phi in samples:
        guess = sum(a * b for a, b in zip(w, _row(phi), strict=True))
        total += (y - guess) ** 2
    return math.sqrt(total / len(samples))


def best_intercept(samples: Sequence[Sample], weights: dict[str, float]) -> tuple[float, ...]:
    """The intercepts that suit fixed ``weights`` best (the mean of what is left unexplained in
    each half-year), to judge the hand-set numbers on the same footing as fitted ones."""
    k = len(FEATURES)
    w = [weights[name] for name in FEATURES]
    sums = [0.0] * STAGES
    counts = [0] * STAGES
    for y, phi in samples:
        i = stage(phi[k])
        sums[i] += y - sum(x * v for x, v in zip(w, phi[:k], strict=True))
        counts[i] += 1
    return tuple(s / c if c else 0.0 for s, c in zip(sums, counts, strict=True))
