"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation (RD)
and its volatility, updated after a rating period of results against rated opponents.

Home-made on purpose: the PyPI `glicko2` 2.1.0 (MIT) was read and not used: its volatility step
squares the rating where the paper squares the deviation (Step 5's f(x)), and tau is a mutable
class attribute shared by every player. This module is the paper's eight steps, tested against
its worked example (tests/test_practice_glicko2.py).

    r = Rating()                                  # 1500 / 350 / 0.06, a new player
    r = update(r, [(Rating(1400, 30), 1.0), ...]) # scores 1 win, 0.5 draw, 0 loss
    expected(r, opp)                              # the chance r beats opp
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178          # Glicko-2's scale: mu = (r - 1500) / SCALE
TAU = 0.5                 # how fast volatility may change (the paper's example value)
EPSILON = 1e-6            # convergence of the volatility iteration (Step 5)
MAX_RD = 350.0            # an unrated player's deviation; an idle RD never grows past it
MIN_RD = 30.0             # keep a floor so a long-rated player can still move


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = MAX_RD
    vol: float = 0.06

    def to_list(self) -> list:
        return [round(self.rating, 3), round(self.rd, 3), round(self.vol, 6)]

    @classmethod
    def from_list(cls, x, default: Rating | None = None) -> Rating:
        """A rating read from a file: three finite numbers in range, else `default` (a new one)."""
        if isinstance(x, list | tuple) and len(x) == 3 \
                and all(isinstance(t, int | float) and not isinstance(t, bool) for t in x):
            r, d, v = (float(t) for t in x)
            if all(math.isfinite(t) for t in (r, d, v)) and 0 < d <= MAX_RD and 0 < v < 1 and -5000 < r < 10000:
                return cls(r, d, v)
        return default if default is not None else cls()


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance `player` scores against `opponent` (the E of Step 3)."""
    return _e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.rd / SCALE)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the Illinois iteration of the paper."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    for _ in range(200):                       # converges in a handful; bounded anyway
        if abs(big_b - big_a) <= EPSILON:
            break
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = c, fc
    return math.exp(big_a / 2.0)


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of `results` [(opponent, score)]; with no
    results only the deviation grows (Step 6 alone)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.rd / SCALE, player.vol
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(MAX_RD, phi_star * SCALE), sigma)
    v_inv, delta_sum = 0.0, 0.0
    for opp, score in results:
        mu_j, phi_j = (opp.rating - 1500) / SCALE, opp.rd / SCALE
        e = _e(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (float(score) - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma2 = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu2 = mu + phi2 * phi2 * delta_sum
    return Rating(1500 + SCALE * mu2, phi2 * SCALE, sigma2)


def game(player: Rating, opponent: Rating, score: float, floor: float = MIN_RD) -> tuple[Rating, Rating]:
    """Both sides after one game (a puzzle is the opponent: it "wins" when the player fails),
    each side's deviation kept at or above `floor`."""
    a = update(player, [(opponent, score)])
    b = update(opponent, [(player, 1.0 - score)])
    return (Rating(a.rating, max(floor, a.rd), a.vol), Rating(b.rating, max(floor, b.rd), b.vol))
