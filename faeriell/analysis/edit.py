"""The editor's operations on a Position: place, move and remove pieces, set counts and the turn.

Every operation returns a new Position, or a Fault (the refusal, in the game's words) and the
position it was given stays as it was (positions are immutable). What is refused is what the
engine refuses while putting the pieces on the table (an unknown place, a taken Region or Node,
a count out of the rules' bounds, a card or tile none is left of); whether the whole position is
one the rules allow is `check` (faeriell.analysis.position), which the editor runs after each edit.

A new position is said one way: built by the engine and read back (`from_game`), so a Hero's
gems, the cards' backs and the Perk piles read as the engine placed them.
"""
from __future__ import annotations

from dataclasses import replace
from collections.abc import Iterable

from faeriell.engine.names import Names, either
from faeriell.engine.position import PositionError
from faeriell.safe_read import MALFORMED, clip

from .position import (Fault, HeroSpec, Position, Setup, TribeSpec, build, fault_of, from_game,
                       tribe_ids_of, _rules)

Edited = Position | Fault


def settle(new: Position, rules=None) -> Edited:
    """`new` as the engine places it (said one way), or the Fault that refuses it."""
    rules = rules or _rules()
    try:
        g = build(new, rules, check=False)
        out = from_game(g)
        if new.board.decks:           # a file's fixed draws are not read from a game: kept as written
            out = replace(out, board=replace(out.board, decks=new.board.decks))
        return out
    except PositionError as e:
        return fault_of(e, rules, tribe_ids_of(new.setup, rules))
    except MALFORMED as e:          # a value the position's checks let through that it cannot take
        return Fault(clip(f"That cannot go on the table ({type(e).__name__}).", 300))


def _seat_ok(pos: Position, seat: int) -> Fault | None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(pos.tribes):
        return Fault(f"There is no player {clip(seat, 20) if not isinstance(seat, int) else seat + 1} "
                     f"at this table of {len(pos.tribes)}.", "tribes")
    return None


def _tribe(pos: Position, seat: int, rules=None, **changes) -> Edited:
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    tribes = list(pos.tribes)
    tribes[seat] = replace(tribes[seat], **changes)
    return settle(replace(pos, tribes=tuple(tribes)), rules)


def _tribe_entry(pos: Position, seat: int, field: str, key: str, value, rules=None) -> Edited:
    """The tribe's mapping `field` (beacons, heroes, solved) with `key` set to `value`."""
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    entries = dict(getattr(pos.tribes[seat], field))
    entries[key] = value
    return _tribe(pos, seat, rules, **{field: entries})


def _board(pos: Position, rules=None, **changes) -> Edited:
    return settle(replace(pos, board=replace(pos.board, **changes)), rules)


def _turn(pos: Position, rules=None, anew: bool = False, **changes) -> Edited:
    # `anew`: another player or lap, so every tribe's used Phase tiles follow the lap again
    tribes = tuple(replace(t, done=None) for t in pos.tribes) if anew else pos.tribes
    return settle(replace(pos, turn=replace(pos.turn, **changes), tribes=tribes), rules)


def owner_of_region(pos: Position, region: str) -> int | None:
    """The seat with a Settlement in `region`, or None."""
    for k, t in enumerate(pos.tribes):
        if region in t.settlements:
            return k
    return None


# ---------------------------------------------------------------- pieces
def place_settlement(pos: Position, seat: int, region: str, rules=None) -> Edited:
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    if region in pos.tribes[seat].settlements:
        return pos
    return _tribe(pos, seat, rules, settlements=pos.tribes[seat].settlements + (region,))


def remove_settlement(pos: Position, region: str, rules=None) -> Edited:
    seat = owner_of_region(pos, region)
    if seat is None:
        return pos
    t = pos.tribes[seat]
    return _tribe(pos, seat, rules, settlements=tuple(x for x in t.settlements if x != region))


def move_settlement(pos: Position, src: str, dest: str, rules=None) -> Edited:
    seat = owner_of_region(pos, src)
    if seat is None:
        return pos
    t = pos.tribes[seat]
    return _tribe(pos, seat, rules, settlements=tuple(dest if x == src else x for x in t.settlements))


def place_beacon(pos: Position, seat: int, region: str, colour: str, rules=None) -> Edited:
    return _tribe_entry(pos, seat, "beacons", region, colour, rules)


def remove_beacon(pos: Position, region: str, rules=None) -> Edited:
    for k, t in enumerate(pos.tribes):
        if region in t.beacons:
            return _tribe(pos, k, rules, beacons={r: c for r, c in t.beacons.items() if r != region})
    return pos


def place_hero(pos: Position, seat: int, hero: str, node: str | None, perks: Iterable[str] | None = None,
               gems: int | None = None, quests: Iterable[str] | None = None, rules=None) -> Edited:
    """Make `hero` (a Hero type, i.e. its Tribe Mask: adventurer, chieftain, shaman, druid, shadow,
    sower) active for `seat` at `node` (None: off the island); perks/gems/quests left out keep
    what it had (new Perks without gems: as many gems as the new level gives)."""
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    old = pos.tribes[seat].heroes.get(hero, HeroSpec())
    spec = HeroSpec(node=node, perks=old.perks if perks is None else tuple(perks),
                    gems=(None if perks is not None and gems is None else old.gems) if gems is None else gems,
                    quests=old.quests if quests is None else tuple(quests))
    return _tribe_entry(pos, seat, "heroes", hero, spec, rules)


def set_hero(pos: Position, seat: int, hero: str, perks: Iterable[str] | None = None,
             gems: int | None = None, quests: Iterable[str] | None = None, rules=None) -> Edited:
    """Change an active Hero's Perks (its level), gems or Quest cards."""
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    if hero not in pos.tribes[seat].heroes:
        return Fault("That Hero is not on this tribe's board: place it first.", f"tribes[{seat}].heroes", seat)
    return place_hero(pos, seat, hero, pos.tribes[seat].heroes[hero].node, perks, gems, quests, rules)


def move_hero(pos: Position, seat: int, hero: str, node: str | None, rules=None) -> Edited:
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    if hero not in pos.tribes[seat].heroes:
        return Fault("That Hero is not on this tribe's board: place it first.", f"tribes[{seat}].heroes", seat)
    return place_hero(pos, seat, hero, node, rules=rules)


def remove_hero(pos: Position, seat: int, hero: str, rules=None) -> Edited:
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    heroes = {h: s for h, s in pos.tribes[seat].heroes.items() if h != hero}
    return _tribe(pos, seat, rules, heroes=heroes)


def place_totem(pos: Position, region: str, yellow: int = 0, rules=None) -> Edited:
    return _board(pos, rules, totem={"region": region, "yellow": yellow})


def remove_totem(pos: Position, rules=None) -> Edited:
    return _board(pos, rules, totem=None)


def move_guardian(pos: Position, guardian: str, region: str, rules=None) -> Edited:
    guardians = dict(pos.board.guardians)
    guardians[guardian] = region
    return _board(pos, rules, guardians=guardians)


def set_under(pos: Position, guardian: str, kind: str | None, rules=None) -> Edited:
    """The token under a Guardian: a Menace (red, yellow, blue, green), Corruption, or None."""
    rules = rules or _rules()
    kinds = sorted({k for k, _ in rules.tokens.values()} - {"havoc"})
    if kind is not None and kind not in kinds:
        names = Names.of(rules)
        return Fault("Under a Great Guardian lies a Menace or a Corruption token: "
                     + either([names.color(k) for k in kinds]) + ".", f"board.under.{guardian}",
                     marks=(guardian,) if guardian in rules.board.areas else ())
    under = dict(pos.board.under)
    under[guardian] = kind
    return _board(pos, rules, under=under)


def set_heartland(pos: Position, area: str, region: str, token: str | None = None, rules=None) -> Edited:
    heartlands = {a: dict(h) for a, h in pos.board.heartlands.items()}
    heartlands[area] = {"region": region, "token": token}
    return _board(pos, rules, heartlands=heartlands)


def set_harvest(pos: Position, space: str, rules=None) -> Edited:
    """The Harvest token on a wheel space (a Guardian's name: bear, owl, ...)."""
    return _board(pos, rules, harvest=space)


def set_winter_gems(pos: Position, spaces: Iterable[str], rules=None) -> Edited:
    return _board(pos, rules, winter_gems=tuple(spaces))


def place_drifter(pos: Position, node: str, owner: int = 0, rules=None) -> Edited:
    """The Drifter (its variant) on `node`, its token held by seat `owner`."""
    return _board(pos, rules, drifter={"node": node, "owner": owner + 1})


def remove_drifter(pos: Position, rules=None) -> Edited:
    return _board(pos, rules, drifter=None)


# ---------------------------------------------------------------- counts
def set_doom(pos: Position, doom: int, rules=None) -> Edited:
    return _board(pos, rules, doom=doom)


def set_corruption(pos: Position, seat: int, n: int, rules=None) -> Edited:
    return _tribe(pos, seat, rules, corruption=n)


def set_essences(pos: Position, seat: int, colour: str, n: int, rules=None) -> Edited:
    """`n` Essence cards of `colour` (red, yellow, blue, green, corruption) in the tribe's pool:
    those it holds stay, more are taken from the deck."""
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        return Fault(f"Essences: a count of cards is a whole number from 0, not {clip(repr(n), 20)}.",
                     f"tribes[{seat}].essences", seat)
    held = pos.tribes[seat].essences
    same = [c for c in held if c.split("@")[0] == colour]
    others = [c for c in held if c.split("@")[0] != colour]
    mine = same[:n] + [colour] * max(0, n - len(same))
    return _tribe(pos, seat, rules, essences=tuple(others + mine))


def _still_held(rotated: tuple, herbs: tuple, attunements: tuple) -> tuple:
    """The rotated cards the tribe still holds (a card given back is no longer turned)."""
    left = list(herbs) + list(attunements)
    out = []
    for c in rotated:
        if c in left:
            left.remove(c)
            out.append(c)
    return tuple(out)


def set_herbs(pos: Position, seat: int, herbs: Iterable[str], rules=None) -> Edited:
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    t = pos.tribes[seat]
    herbs = tuple(herbs)
    return _tribe(pos, seat, rules, herbs=herbs, rotated=_still_held(t.rotated, herbs, t.attunements))


def set_attunements(pos: Position, seat: int, attunements: Iterable[str], rules=None) -> Edited:
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    t = pos.tribes[seat]
    attunements = tuple(attunements)
    return _tribe(pos, seat, rules, attunements=attunements,
                  rotated=_still_held(t.rotated, t.herbs, attunements))


def set_rotated(pos: Position, seat: int, rotated: Iterable[str], rules=None) -> Edited:
    """The tribe's Herbs and Attunements already used this round (Herb ids, Guardians' names)."""
    return _tribe(pos, seat, rules, rotated=tuple(rotated))


def set_achievements(pos: Position, seat: int, held: Iterable[str], designated: int | None = None,
                     rules=None) -> Edited:
    bad = _seat_ok(pos, seat)
    if bad:
        return bad
    return _tribe(pos, seat, rules, achievements=tuple(held),
                  designated=pos.tribes[seat].designated if designated is None else designated)


def set_solved(pos: Position, seat: int, colour: str, n: int, rules=None) -> Edited:
    return _tribe_entry(pos, seat, "solved", colour, n, rules)


def set_sower(pos: Position, seat: int | None, rules=None) -> Edited:
    """The Corruption Sower's tribe (None: none)."""
    tribes = tuple(replace(t, sower=(k == seat)) for k, t in enumerate(pos.tribes))
    return settle(replace(pos, tribes=tribes), rules)


# ---------------------------------------------------------------- the turn and the set-up
def set_round(pos: Position, n: int, rules=None) -> Edited:
    return _turn(pos, rules, round=n)


def set_lap(pos: Position, n: int, rules=None) -> Edited:
    return _turn(pos, rules, anew=True, lap=n, done=None)


def set_turn(pos: Position, seat: int, rules=None) -> Edited:
    """Whose turn it is (a seat from 0)."""
    return _turn(pos, rules, anew=True,
                 player=seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat, done=None)


def set_phase(pos: Position, phase: str | None, done: Iterable[str] | None = None, rules=None) -> Edited:
    """The Phase under way (None: the player chooses one next) and, optionally, the player's Phase
    tiles already used this round."""
    return _turn(pos, rules, phase=phase, done=None if done is None else tuple(done))


def set_first_player(pos: Position, seat: int, rules=None) -> Edited:
    tribes = tuple(replace(t, done=None) for t in pos.tribes)
    return settle(replace(pos, board=replace(pos.board, first_player=seat + 1), tribes=tribes), rules)


def set_setup(pos: Position, players: int | None = None, mode: str | None = None,
              difficulty: str | None = None, variants: Iterable[str] | None = None,
              seed: int | None = None, rules=None) -> Edited:
    """Change the game's set-up; more players add empty tribes, fewer drop the last ones."""
    s = pos.setup
    new = Setup(players=s.players if players is None else players, mode=s.mode if mode is None else mode,  # type: ignore[arg-type]
                difficulty=s.difficulty if difficulty is None else difficulty,  # type: ignore[arg-type]
                variants=s.variants if variants is None else tuple(variants),
                seed=s.seed if seed is None else seed)
    if isinstance(new.players, bool) or not isinstance(new.players, int) or not 1 <= new.players <= 4:
        return Fault("A game has 1 to 4 players.", "setup.players")
    tribes = list(pos.tribes[:new.players]) + [TribeSpec() for _ in range(new.players - len(pos.tribes))]
    turn = pos.turn if pos.turn.player <= new.players else replace(pos.turn, player=1, done=None)
    board = pos.board if pos.board.first_player <= new.players else replace(pos.board, first_player=1)
    return settle(replace(pos, setup=new, tribes=tuple(tribes), turn=turn, board=board), rules)
