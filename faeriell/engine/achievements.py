"""Achievements (rulebook "Claiming Achievements", R12, R32, R35).

Conditions are data (data/achievements.yaml): a measure per tribe and a kind (most/flag/event).
After every action and resolved decision the engine drops the tokens of tribes that no longer
qualify (to their designated area) and asks the next qualifying tribe to claim.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .actions import Action
from .card import Card
from .endgame import end_game
from .names import Names, either
from .registry import move
from .words import COLORS

if TYPE_CHECKING:                   # the Game, its parts and its rules only as types: core imports this module
    from .board import Board
    from .core import Game
    from .rules import Rules
    from .state import GameState, Tribe

# The value a condition reads, as a key of measure_values' table: ("solved", colour),
# ("hero_level", hero), ("terrain", terrain), ("perks", heroes out), ("shire",), ...
Source = tuple[str | int, ...]
# Per rules: (Achievement ids, the value each reads, the Hero counts Perk races need,
# [(id, is a 'most' race, its minimum)], a picker of those values from a table, that table at 0).
MeasureTable = tuple[tuple[str, ...], tuple[Source, ...], tuple[int, ...], list[tuple[str, bool, int]],
                     Callable[[dict[Source, int]], tuple[int, ...]], dict[Source, int]]
# What every Achievement measure reads: (what all tribes share, one key per tribe), compared only.
Fingerprint = tuple[tuple[object, ...], tuple[tuple[object, ...], ...]]
# qualifiers' memo on the Game: (per tribe (common, key), rows, qualifiers, solo)
_Measures = tuple[list[tuple[tuple[object, ...], tuple[object, ...]]], list[tuple[int, ...]],
                  dict[str, set[int]], bool]


def shire_size(g: Game, regions: Iterable[str]) -> int:
    """The most Regions of `regions` joined by borders (R32), remembered on the board per tuple of
    Regions: the Achievement check asks again whenever anything of the tribe's changes."""
    memo = g.rules.board._shires
    key = tuple(regions)
    found: int | None = memo.get(key)
    if found is None:
        if len(memo) > 20000:
            memo.clear()
        found = memo[key] = _largest_shire(g.rules.board, regions)
    return found


def _largest_shire(board: Board, regions: Iterable[str]) -> int:
    owned = set(regions)
    adj = board.region_adj
    best = 0
    seen: set[str] = set()
    for r in owned:
        if r in seen:
            continue
        stack = [r]
        seen.add(r)
        size = 0
        while stack:
            cur = stack.pop()
            size += 1
            for n in adj[cur]:
                if n in owned and n not in seen:
                    seen.add(n)
                    stack.append(n)
        best = max(best, size)
    return best


def _source(cond: dict[str, Any]) -> Source:
    """The value a condition reads, as a key of the table tribe_measures fills."""
    m = cond["measure"]
    if m == "hero_level":
        return ("hero_level", cond["hero"])
    if m == "solved":
        return ("solved", cond["color"])
    if m == "terrain":
        return ("terrain", cond["terrain"])
    if m == "perks":
        return ("perks", int(cond.get("heroes", 3)))          # R32: only with 3 Heroes out
    if m in ("shire", "herbs", "attunements", "beacons", "totem", "pure", "cleanser"):
        return (m,)
    raise KeyError(m)


_TABLES: dict[int, tuple[Rules, MeasureTable]] = {}


def _measure_table(r: Rules) -> MeasureTable:
    """Per rules: (Achievement ids, the value each reads, the Hero counts Perk races need,
    [(id, is a 'most' race, its minimum)], a picker of those values from a table, that table
    with every value 0), all in conditions order."""
    found = _TABLES.get(id(r))
    if found is None or found[0] is not r:
        sources = tuple(_source(cond) for cond in r.conditions.values())
        perks = tuple(sorted({int(src[1]) for src in sources if src[0] == "perks"}))   # ints already (_source)
        races = [(aid, cond["kind"] == "most", int(cond.get("min", 1))) for aid, cond in r.conditions.items()]
        # the values in conditions order, picked from measure_values' table in one C call
        pick: Callable[[dict[Source, int]], tuple[int, ...]] = itemgetter(*sources) if len(sources) > 1 else (lambda v: (v[sources[0]],) if sources else ())
        zeros = dict.fromkeys(sources, 0)
        found = _TABLES[id(r)] = (r, (tuple(r.conditions), sources, perks, races, pick, zeros))
    return found[1]


def tribe_measures(g: Game, i: int) -> dict[str, int]:
    """Every Achievement's measure for tribe i: Achievement id -> value."""
    return dict(zip(_measure_table(g.rules)[0], measure_values(g, i), strict=True))


def measure_values(g: Game, i: int) -> tuple[int, ...]:
    """Every Achievement's measure for tribe i in conditions order, computed in one pass (hot: the
    check runs after most steps): the values conditions read go into one table, then each
    condition picks its own."""
    s = g.state
    t = s.tribes[i]
    r = g.rules
    ids, sources, perk_races, _races, pick, zeros = _measure_table(r)
    v: dict[Source, int] = {("solved", c): n for c, n in t.solved.items()}
    perks = 0
    sower_perks = r.sower_perk_ids
    for h, hero in t.heroes.items():
        n = len(hero.perks)
        v[("hero_level", h)] = n + 1                  # a Hero's level is 1 + its Perks
        perks += n
        for p in hero.perks:
            if p in sower_perks:
                perks -= 1                            # R44: Fellowship counts Hero Perks only
    for b in [r.herb_bonus.get(h) for h in t.herbs] + [r.attune_bonus.get(a) for a in t.attunements]:
        if b:                                         # Herb and Attunement bonuses count alike (R32)
            hl = b.get("hero_level")
            if hl is not None and ("hero_level", hl) in v:
                v[("hero_level", hl)] += 1
            tt = b.get("terrain")
            if tt is not None:
                v[("terrain", tt)] = v.get(("terrain", tt), 0) + 1
    for reg in t.settlements:
        for tt in region_terrains(g, reg):
            v[("terrain", tt)] = v.get(("terrain", tt), 0) + 1
    for n in perk_races:
        v[("perks", n)] = perks if len(t.heroes) >= n else 0
    v[("shire",)] = shire_size(g, t.settlements)
    v[("herbs",)] = len(t.herbs)
    v[("attunements",)] = len(t.attunements)
    v[("beacons",)] = len(t.beacons)
    v[("totem",)] = int(s.totem["owner"] == i)
    v[("pure",)] = int(t.corruption == 0)
    v[("cleanser",)] = int(t.cleanser)
    full = dict(zeros)            # a value nothing counted is 0 (filled in after the reads above)
    full.update(v)
    return pick(full)


def region_terrains(g: Game, reg: str) -> tuple[str, ...]:
    """The Terrains a Settlement on `reg` counts for: its printed one and, on its Area's
    Heartland, the Terrain of the token there (R5: twice when the two are equal)."""
    r = g.rules
    hl = g.state.heartlands.get(r.region_area[reg])
    if hl and hl["region"] == reg and hl.get("token"):
        return (r.region_terrain[reg], hl["token"])
    return (r.region_terrain[reg],)


def has_token(t: Tribe) -> bool:
    return bool(t.slots) or t.designated > 0


def fingerprint(s: GameState) -> Fingerprint:
    """Everything an Achievement measure reads, as (what all tribes share, one key per tribe);
    equal fingerprints give equal qualifiers. Built without generators: it runs after every
    action and every queued step."""
    common: list[object] = [s.totem["owner"], s.mode]
    common += [(hl["region"], hl.get("token")) for hl in s.heartlands.values()]
    tribes: list[tuple[object, ...]] = []
    for t in s.tribes:
        key: list[object] = [tuple(t.settlements), tuple(t.solved.values()), tuple(t.herbs), tuple(t.attunements),
               len(t.beacons), t.corruption, t.cleanser]
        for h, x in t.heroes.items():
            key += (h, len(x.perks))               # a Hero's level is 1 + its Perks
        tribes.append(tuple(key))
    return tuple(common), tuple(tribes)


def qualifiers(g: Game, key: Fingerprint | None = None) -> dict[str, set[int]]:
    """Achievement id -> set of tribes meeting it now, worked out again only where a measure
    moved (this runs after most steps): `key` is the state's fingerprint; the measures of the
    tribes whose part of it changed are recomputed, and only the Achievements whose measures
    differ are judged anew (the rest keep their qualifiers from the last call)."""
    if key is None:
        key = fingerprint(g.state)
    common, tribe_keys = key
    table = _measure_table(g.rules)[3]
    solo = g.state.mode == "solo"
    last: _Measures | None = g._measures
    if last is None or last[3] != solo or len(last[0]) != len(tribe_keys):
        keys = [(common, tk) for tk in tribe_keys]
        rows = [measure_values(g, j) for j in range(len(tribe_keys))]
        changed: Iterable[int] = range(len(table))
        out: dict[str, set[int]] = {}
    else:
        keys, rows, out = list(last[0]), list(last[1]), last[2]
        grown: set[int] = set()
        changed = grown
        for j, tk in enumerate(tribe_keys):
            if keys[j] != (common, tk):
                keys[j] = (common, tk)
                new = measure_values(g, j)
                old = rows[j]
                if new != old:
                    rows[j] = new
                    grown.update([k for k, v in enumerate(new) if v != old[k]])
        if changed:
            out = dict(out)             # a dict handed out earlier is never changed afterwards
    for k in changed:
        aid, most, lo = table[k]
        vals = [row[k] for row in rows]
        if not most:
            out[aid] = {i for i, v in enumerate(vals) if v > 0}
            continue
        best = max(vals)
        out[aid] = {i for i, v in enumerate(vals) if v >= lo and (solo or v == best)}   # R32, R35
    g._measures = (keys, rows, out, solo)
    return out


def _holders_match(held: dict[str, list[int]], q: dict[str, set[int]], ids: Iterable[str]) -> bool:
    """Does every Achievement's holder list hold exactly the tribes that qualify?"""
    for aid in ids:
        h = held.get(aid, ())
        qa = q[aid]
        if len(h) != len(qa):
            return False
        for i in h:
            if i not in qa:
                return False
    return True


def check_achievements(g: Game) -> bool:
    """Drop lost Achievements; ask for the next claim. True when a decision was raised."""
    s = g.state
    # The usual case is a fast exit: nothing any measure reads has changed since the holders
    # last matched who qualifies, or they match now.
    key = fingerprint(s)
    # (key, holders, qualifiers) that matched
    settled: tuple[Fingerprint, dict[str, list[int]], dict[str, set[int]]] | None = \
        g._achievements_settled
    if settled is not None and settled[1] == s.achievements:
        if settled[0] == key:
            return False
        q = qualifiers(g, key)
        if q == settled[2]:             # the same tribes qualify as when the holders matched
            g._achievements_settled = (key, settled[1], q)
            return False
    else:
        q = qualifiers(g, key)
    if _holders_match(s.achievements, q, g.rules.achievement_ids):
        g._achievements_settled = (key, {aid: list(v) for aid, v in s.achievements.items()}, q)
        return False
    for aid in g.rules.achievement_ids:
        holders = s.achievements.setdefault(aid, [])
        for i in list(holders):
            if i not in q[aid]:
                holders.remove(i)
                t = s.tribes[i]
                if aid in t.achievements:
                    t.achievements.remove(aid)
                t.designated += 1
                g.note("lose", i, aid)
                g.log(f"{g.tribe_name(i)} loses the {aid} Achievement; its token goes to the designated area.")
    for i in g.order_from(s.active):
        t = s.tribes[i]
        wanted = [aid for aid in g.rules.achievement_ids
                  if i in q[aid] and i not in s.achievements.get(aid, ())]
        if not wanted:
            continue
        if (s.mode == "competitive" and not t.sower and
                len(t.achievements) >= g.rules.win_now_at - 1):
            end_game(g, [i], f"{g.tribe_name(i)} meets the conditions of a 7th Achievement: Faeriell is saved.")
            return True
        if has_token(t):
            g.ask(i, "claim", achievements=wanted)
            return True
    return False


UNPAID_SLOT_DOOM = 1      # a slot's token taken without its Essence: Doom moves this many steps (R12)
_PAYERS: dict[str, tuple[str, ...]] = {**{c: (c,) for c in COLORS}, "any": COLORS}


def slot_payers(slot: str) -> tuple[str, ...]:
    """The Essence colours that pay for taking a slot's token (R12): the slot's own colour; the
    `any` slot red, yellow, blue or green. Corruption Essences never pay a slot."""
    return _PAYERS.get(slot, ())


def claim_means(g: Game, i: int) -> tuple[int, tuple[tuple[str, tuple[str, ...]], ...]]:
    """What tribe i's next claims can be paid with (R12, R32): (tokens in its designated area, each
    free; the player board's slots still holding a token, top first, each with the colours that
    pay it). A slot's token may also be taken unpaid for UNPAID_SLOT_DOOM steps of Doom. Lean, for
    the bots' playouts; claim_options lists the same as moves."""
    t = g.state.tribes[i]
    return t.designated, tuple((slot, slot_payers(slot)) for slot in t.slots)


def claim_options(g: Game, i: int, aid: str) -> list[Action]:
    t = g.state.tribes[i]
    have = g.pool(i)
    out = []
    if t.designated > 0:
        out.append(Action("claim", achievement=aid, token="designated"))
    for slot in dict.fromkeys(t.slots):
        for c in slot_payers(slot):
            if have.get(c, 0) > 0:
                out.append(Action("claim", achievement=aid, token=slot, pay=Card.of(c)))
        out.append(Action("claim", achievement=aid, token=slot, pay="doom"))
    return out


def claim_enum(g: Game) -> list[Action]:
    pend = g.state.pending
    assert pend is not None         # a decision's moves are listed only while it is asked
    out = []
    for aid in pend["achievements"]:
        out.extend(claim_options(g, pend["player"], aid))
    return out


def claim_check(g: Game, a: Action) -> str | None:
    pend = g.state.pending
    assert pend is not None         # and checked only then
    i = pend["player"]
    t = g.state.tribes[i]
    aid = a.get("achievement")
    if aid not in pend["achievements"]:
        names = Names.of(g.rules)
        return f"The Achievement to claim now is {either([names.achievement(x) for x in pend['achievements']])}."
    tok = a.get("token")
    if tok == "designated":
        if t.designated <= 0:
            return "You have no token in the designated area."
        if a.get("pay") not in (None,):
            return "A token from the designated area costs nothing."
        return None
    if tok not in t.slots:
        return _no_token(tok, t.slots)
    pay = a.get("pay")
    if pay is None:
        return "Pay an Essence of the slot's colour, or move Doom 1 forward instead."
    if pay == "doom":
        return None
    col: str
    if isinstance(pay, Card):
        col = pay.colour
    elif isinstance(pay, str):      # a card field's text that is no card: its colour part is judged
        col = pay.partition("@")[0]
    else:
        return "A slot is paid with one Essence, or with 1 Doom."
    if col == "corruption":
        return "Corruption Essences never pay for an Achievement slot."  # R12
    if col not in slot_payers(tok):
        if tok == "any":
            return "The any-colour slot is paid with an Essence of one of the colours."  # R12
        return f"The {tok} slot is paid with a {tok} Essence."  # R12
    return g.has_cards(i, [pay])


def _no_token(tok: str | None, slots: Iterable[str]) -> str:
    """Why no token of the tribe's board can claim from the slot `tok` (R12), in the slots' words."""
    have = sorted(set(slots))
    said = either([("the any-colour slot" if s == "any" else f"a {s} slot") for s in have])
    if not tok:
        return f"Choose one of your Achievement tokens: they lie on {said}." if have else \
            "You have no Achievement token left on your board."
    what = "the any-colour slot" if tok == "any" else f"a {tok} slot"
    if not have:
        return f"You have no Achievement token left on {what}, nor on any other slot."
    return f"You have no Achievement token on {what}; yours lie on {said}."


def claim_perform(g: Game, a: Action) -> None:
    s = g.state
    pend = g.take_pending()
    assert pend is not None         # and performed only then
    i = pend["player"]
    t = s.tribes[i]
    aid, tok = a["achievement"], a["token"]
    # R57: the token is placed first and the cost paid after, so a fifth Achievement paid with
    # Doom 14 -> 15 already counts when Doom arrives (the optional rule then holds it, R42).
    if tok == "designated":
        t.designated -= 1
    else:
        t.slots.remove(tok)
    s.achievements.setdefault(aid, []).append(i)
    t.achievements.append(aid)
    g.note("claim", i, aid)
    if s.mode == "competitive" and len(t.achievements) >= g.rules.end_round_at and not s.end_after_round:
        s.end_after_round = True
        g.log("Five Achievements: the game ends at the end of this round.")
    if tok != "designated":
        if a["pay"] == "doom":
            g.move_doom(UNPAID_SLOT_DOOM, "an unpaid Achievement slot")
        else:
            g.pay(i, [a["pay"]])


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("claim", claim_enum, claim_check, claim_perform),
)
