"""Costs and payments (R14-R19): exact payments, Corruption as wild, Hall's matching for 'any'."""
from collections import Counter

from faeriell.engine.payment import SameColour, Slots, fits, options


def test_same_colour_needs_one_colour_with_corruption_wild():   # R18
    cost = SameColour(3)
    assert fits(cost, Counter(red=3))
    assert fits(cost, Counter(red=2, corruption=1))
    assert fits(cost, Counter(corruption=3))
    assert not fits(cost, Counter(red=2, blue=1))
    assert not fits(cost, Counter(red=2))          # exact: no under-paying
    assert not fits(cost, Counter(red=4))          # ... and no over-paying


def test_same_colour_discount_applies_only_to_its_colour():     # R19: the Adventurer's red
    cost = SameColour(2, (("red", 1),))
    assert fits(cost, Counter(red=1))
    assert not fits(cost, Counter(blue=1))
    assert fits(cost, Counter(blue=2))


def test_beacon_slots_with_any():                                # R15: yellow + C + any
    cost = Slots(("any", "red", "yellow"))
    assert fits(cost, Counter(yellow=1, red=2))
    assert fits(cost, Counter(yellow=1, red=1, blue=1))
    assert fits(cost, Counter(corruption=3))
    assert not fits(cost, Counter(red=3))           # nothing pays the yellow slot
    assert not fits(cost, Counter(blue=2, yellow=1))


def test_free_slots_of_the_payers_choice():                     # R17 settlement discount
    boar = Slots(("blue", "blue", "green", "yellow"), free=2)
    assert fits(boar, Counter(blue=1, green=1))
    assert fits(boar, Counter(blue=2))
    assert not fits(boar, Counter(red=1, blue=1))


def test_options_lists_every_distinct_payment_the_pool_allows():
    pool = Counter(red=2, yellow=1, corruption=1)
    opts = options(Slots(("any", "red", "yellow")), pool)
    assert ("red", "red", "yellow") in opts
    assert ("corruption", "red", "yellow") in opts
    assert all(fits(Slots(("any", "red", "yellow")), Counter(o)) for o in opts)
    assert len(opts) == len(set(opts))
    assert options(SameColour(2), Counter(red=1)) == []


def test_options_agrees_with_brute_force_over_random_costs_and_pools():
    """options() enumerates payments by colour counts; every payment fits() and none is missed."""
    import itertools
    import random
    from collections import Counter
    from faeriell.engine.payment import ANY, COLORS, WILD, Slots, SameColour, fits, options
    rnd = random.Random(7)
    kinds = COLORS + (WILD,)
    for _ in range(1500):
        if rnd.random() < 0.7:
            cost = Slots(tuple(sorted(rnd.choice(COLORS + (ANY,)) for _ in range(rnd.randint(0, 5)))),
                         rnd.randint(0, 2))
            size = cost.size
        else:
            cost = SameColour(rnd.randint(0, 4), ((rnd.choice(COLORS), rnd.randint(0, 2)),))
            size = None
        pool = +Counter({c: rnd.randint(0, 3) for c in kinds})
        cards = [c for c in kinds for _ in range(pool.get(c, 0))]
        sizes = [size] if size is not None else range(0, 5)
        brute = {tuple(sorted(combo)) for k in sizes for combo in itertools.combinations(cards, k)
                 if fits(cost, Counter(combo))}
        assert options(cost, pool) == sorted(brute), (cost, dict(pool))


def _random_requirement(rnd) -> tuple:
    """A random costs.raw_cost requirement (slots with waivers, or n of one colour) and innate."""
    from faeriell.engine.payment import ANY, COLORS
    if rnd.random() < 0.7:
        raw = ("slots", tuple(sorted(rnd.choice(COLORS + (ANY,)) for _ in range(rnd.randint(0, 5)))),
               rnd.randint(0, 2))
    else:
        raw = ("same", rnd.randint(0, 4))
    return raw, (None if rnd.random() < 0.5 else ("hero", rnd.choice(COLORS)))


def test_pools_are_remembered_only_up_to_what_a_payment_can_use():
    """costs.payment_choices keys its memo on the pool clamped by costs._caps: the payments a
    clamped pool allows must be exactly those of the full pool."""
    import random
    from collections import Counter
    from faeriell.engine.costs import _POOL_ORDER, _caps, discounted
    from faeriell.engine.payment import options
    rnd = random.Random(11)
    for _ in range(1500):
        raw, inn = _random_requirement(rnd)
        cost, _ = discounted(raw, inn, ())
        if cost is None:
            continue
        pool = Counter({c: rnd.randint(0, 6) for c in _POOL_ORDER})
        clamped = Counter({c: min(pool[c], cap) for c, cap in zip(_POOL_ORDER, _caps(raw), strict=True)})
        assert options(cost, +pool) == options(cost, +clamped), (raw, inn, dict(pool))


def test_hopeless_pools_are_recognised_without_enumerating():
    """costs._payable answers "can any payment exist?" without listing payments; whenever it says
    no, payment enumeration must find none, and with no Herbs it must agree exactly."""
    import random
    from collections import Counter
    from faeriell.engine.costs import _POOL_ORDER, _choices, _payable
    from faeriell.engine.payment import COLORS
    rnd = random.Random(5)
    refused = 0
    for _ in range(3000):
        raw, inn = _random_requirement(rnd)
        herbs = tuple(sorted((f"herb{k}", rnd.choice(COLORS)) for k in range(rnd.choice((0, 0, 1, 2)))))
        pool = {c: rnd.randint(0, 3) for c in _POOL_ORDER}
        some = bool(_choices(raw, inn, herbs, Counter(pool)))
        payable = _payable(raw, inn, herbs, pool)
        assert payable or not some, (raw, inn, herbs, pool)
        if not herbs:
            assert payable == some, (raw, inn, pool)
        refused += not payable
    assert refused > 100            # the test meets hopeless pools often enough to mean something
