"""Costs and the ways to pay them.

"Regardless of the action you take, you can always pay Timber instead of Wood and Brick instead
of Clay" (rulebook p. 6). The player chooses how to pay; these functions list every way.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from itertools import combinations, product

import attrs

from ..content.goods import SUBSTITUTE, Good
from ..content.text import Text, join, listed, t, tn
from ..content.words import NOTHING, amounts, counted

Bundle = tuple[tuple[Good, int], ...]


@attrs.frozen
class Choice:
    """Pick ``pick`` different bundles among ``options`` ("2 different Building Materials")."""

    options: tuple[Bundle, ...]
    pick: int = 1


@attrs.frozen(cache_hash=True)  # the key of all_ways' cache, hashed at every listing
class Cost:
    fixed: Bundle = ()
    choices: tuple[Choice, ...] = ()

    def text(self) -> Text:
        """The cost in words: "1 Grain and one of 1 Wood, 1 Clay, 1 Timber or 1 Brick"; a pick of
        several: "9 Food and 2 different goods among 1 Wood, 1 Clay, 1 Timber and 1 Brick"."""
        parts: list[Text] = [counted(g, n) for g, n in self.fixed]
        for c in self.choices:
            bundles = [join([counted(g, n) for g, n in b], " + ") for b in c.options]
            if c.pick > 1:
                among = listed(bundles, t("{items} and {last}"))
                parts.append(tn("{n} different good among {alts}", "{n} different goods among {alts}",
                                c.pick, alts=among))
            else:
                parts.append(t("one of {alts}", alts=listed(bundles, t("{items} or {last}"))))
        return listed(parts, t("{items} and {last}")) if parts else t("free")


FREE = Cost()


def cost(**goods: int) -> Cost:
    return Cost(fixed=tuple((Good(k), v) for k, v in goods.items()))


def _merge(parts: list[Bundle]) -> Bundle:
    total: dict[Good, int] = {}
    for bundle in parts:
        for g, n in bundle:
            total[g] = total.get(g, 0) + n
    return tuple(sorted((g, n) for g, n in total.items() if n > 0))


def _splits(good: Good, n: int) -> list[Bundle]:
    sub = SUBSTITUTE.get(good)
    if sub is None:
        return [((good, n),)]
    return [tuple((g, k) for g, k in ((good, n - t), (sub, t)) if k) for t in range(n + 1)]


def can_afford(bundle: Bundle, have: Mapping[Good, int]) -> bool:
    for g, n in bundle:  # noqa: SIM110 - a plain loop is twice as fast as all() here, called per way to pay
        if have.get(g, 0) < n:
            return False
    return True


def _bundle_ways(bundle: Bundle) -> list[Bundle]:
    """Every way to hand over ``bundle`` with Timber for Wood and Brick for Clay."""
    return [_merge(list(parts)) for parts in product(*(_splits(g, n) for g, n in bundle))]


def payment_options(c: Cost, have: Mapping[Good, int]) -> list[Bundle]:
    """Every distinct affordable way to pay ``c``, cheapest-looking first (base goods first).

    The substitution holds "regardless of the action", so it applies inside a choice too: the
    Wood of "Wood and Timber" (2 different Building Materials) may be paid with a Timber."""
    return [bundle for bundle in all_ways(c) if can_afford(bundle, have)]


def can_pay(c: Cost, have: Mapping[Good, int]) -> bool:
    """Whether some way to pay ``c`` is affordable: ``bool(payment_options(c, have))``, without
    listing them all. Asked for every building at every listing, and mostly no: what every way
    takes is checked first."""
    least, ways = _least_and_ways(c)
    for g, n in least:
        if have.get(g, 0) < n:
            return False
    if len(ways) == 1:
        return True  # the one way is what it takes at least
    for bundle in ways:
        for g, n in bundle:  # can_afford, inlined
            if have.get(g, 0) < n:
                break
        else:
            return True
    return False


@functools.lru_cache(maxsize=1024)
def _least_and_ways(c: Cost) -> tuple[Bundle, tuple[Bundle, ...]]:
    """What every way to pay ``c`` takes at least (the goods common to all ways, each at its
    smallest amount), and every way (``all_ways``)."""
    ways = all_ways(c)
    amounts = [dict(way) for way in ways]
    common = set(amounts[0]).intersection(*amounts[1:]) if amounts else set()
    least = tuple(sorted((g, min(a[g] for a in amounts)) for g in common))
    return least, ways


@functools.lru_cache(maxsize=1024)
def all_ways(c: Cost) -> tuple[Bundle, ...]:
    """Every distinct way to pay ``c``, affordable or not (costs are few: computed once each)."""
    fixed_ways = [_splits(g, n) for g, n in c.fixed]
    choice_ways = [
        [way for combo in combinations(ch.options, ch.pick) for way in _bundle_ways(_merge(list(combo)))]
        for ch in c.choices
    ]
    seen: set[Bundle] = set()
    result: list[Bundle] = []
    for fixed in product(*fixed_ways):
        for picks in product(*choice_ways):
            bundle = _merge([*fixed, *picks])
            if bundle not in seen:
                seen.add(bundle)
                result.append(bundle)
    return tuple(result)


def bundle_text(bundle: Bundle) -> Text:
    return amounts(bundle, NOTHING)
