"""Corruption Events: Yield, Ignore, Cleanse your Tribe, Cleanse Corruption (rulebook, R18, R30)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .card import Card
from .registry import move
from .words import COLORS, EssenceColour
from .tracks import ask_track

if TYPE_CHECKING:                   # the Game only as a type: a phase module never imports core
    from .core import Game
    from .state import Tribe


def raise_event(g: Game, player: int, token: str | None = None, guardian: str | None = None,
                reward_track: bool = False) -> None:
    """Ask `player` to solve a Corruption Event (R27). A drawn token rides along (R30)."""
    g.ask(player, "corruption", token=token, guardian=guardian, reward_track=reward_track)


def yield_allowed(g: Game, i: int) -> bool:
    t: Tribe = g.state.tribes[i]
    if g.coop_like():
        return t.corruption < int(g.rules.modes["coop_solo"]["yield_barred_at"])
    return True


def cleanse_colours(g: Game, i: int) -> list[str]:
    """Colours tribe i may spend on a Cleanse option now (R18; Cleanser perk; the Shadow)."""
    have = g.pool(i)
    return sorted(c for c in cleanse_payers(g, i) if have.get(c, 0) > 0)


def cleanse_payers(g: Game, i: int) -> set[EssenceColour]:
    """Colours that could pay tribe i's Cleanse, whether it holds them or not."""
    t = g.state.tribes[i]
    cols: set[EssenceColour] = set()
    for h, hero in t.heroes.items():
        c = g.rules.hero_color.get(h)
        if c in COLORS:
            cols.add(c)
        if h == "shadow":
            cols.add("corruption")
        if any(g.rules.perk_has(p, "cleanse_any") for p in hero.perks):
            cols.update(COLORS)
    return cols


def corrupted_guardians(g: Game) -> list[str]:
    return sorted(gd for gd, d in g.state.guardians.items()
                  if d.get("token") and g.rules.token_kind(d["token"]) == "corruption")


def default_target(g: Game) -> str:
    """Cleanse Corruption without a target: Doom, or the one Corrupted Guardian when Doom is 0."""
    if g.state.doom <= 0 and len(corrupted_guardians(g)) == 1:
        return corrupted_guardians(g)[0]
    return "doom"


def tash(g: Game, i: int) -> bool:
    return g.variant("twins") and i == 0


def ev_enum(g: Game) -> list[Action]:
    pend = g.state.pending
    assert pend is not None         # a decision's moves are listed only while it is asked
    i = pend["player"]
    t = g.state.tribes[i]
    out = []
    raw = Action.raw
    if yield_allowed(g, i):
        out.append(raw("corruption", (("choice", "yield"),)))
    out.append(raw("corruption", (("choice", "ignore"),)))
    cols = cleanse_colours(g, i)
    for c in cols:
        pay = ("pay", (Card.of(c),))          # the colour alone: any card of it
        if t.corruption > 0:
            out.append(raw("corruption", (("choice", "cleanse_tribe"), pay)))
        corrupted = corrupted_guardians(g)
        # R41: at Doom 0 with no Corrupted Guardian the choice stays (nothing moves).
        targets = (["doom"] if g.state.doom > 0 or not corrupted else []) + corrupted
        for tg in targets:
            out.append(raw("corruption", (("choice", "cleanse_corruption"), pay, ("target", tg))))
    return out


def ev_check(g: Game, a: Action) -> str | None:
    pend = g.state.pending
    assert pend is not None         # and checked only then
    i = pend["player"]
    t = g.state.tribes[i]
    ch = a.get("choice")
    if ch == "yield":
        if not yield_allowed(g, i):
            return "In coop and solo a tribe at Tribe Corruption 4 can no longer Yield."
        return None
    if ch == "ignore":
        return None
    if ch not in ("cleanse_tribe", "cleanse_corruption"):
        return "Choose Yield, Ignore, Cleanse your Tribe or Cleanse Corruption."
    pay = list(a.get("pay") or ())
    if len(pay) != 1:
        return "A Cleanse costs exactly one Essence."
    col = pay[0].colour if isinstance(pay[0], Card) else str(pay[0])
    if col not in cleanse_colours(g, i):
        if col == "corruption":
            return "Corruption Essences never pay for a Corruption Event."  # R18
        return f"Pay with the colour of one of your active Heroes, not {col}."
    missing = g.has_cards(i, pay)
    if missing:
        return missing
    if ch == "cleanse_tribe":
        return None if t.corruption > 0 else "Your tribe is already pure."
    tg = a.get("target") or default_target(g)
    if tg == "doom":
        if g.state.doom <= 0 and corrupted_guardians(g):     # R41: else allowed, nothing moves
            return "Doom is already at 0: cleanse a Corrupted Guardian instead."
    elif tg not in corrupted_guardians(g):
        if "+" in str(tg):
            return ("Cleanse one thing: Doom or one Corrupted Guardian (only Tash cleanses Doom "
                    "with a Guardian, and does so by itself).")
        return f"The {tg} is not Corrupted."
    return None


def ev_perform(g: Game, a: Action) -> None:
    s = g.state
    pend = g.take_pending()
    assert pend is not None         # and performed only then
    i = pend["player"]
    t = s.tribes[i]
    tok, gd = pend.get("token"), pend.get("guardian")
    ch = a["choice"]
    placed = False
    if ch == "yield":
        card = g.draw_card("corruption")
        if card:
            t.essences.append(card)
        g.move_corruption(i, 1)
        t.cleanser = False
    elif ch == "ignore":
        t.cleanser = False
        if tok is not None and gd is not None:       # R30
            old = s.guardians[gd].get("token")
            if old:
                s.set_aside.append(old)
            s.guardians[gd]["token"] = tok
            placed = True
            g.log(f"The {gd} is Corrupted.")
        g.move_doom(1, "Ignore Corruption")
    else:
        g.pay(i, a["pay"])
        if ch == "cleanse_tribe":
            g.move_corruption(i, -1)
        else:
            was_pure = t.corruption == 0
            parts = [a.get("target") or default_target(g)]
            if tash(g, i) and "doom" not in parts and s.doom > 0:
                parts.insert(0, "doom")             # Tash cleanses Doom and the Guardian at once
            for part in parts:
                if part == "doom":
                    g.move_doom(-1, "Cleanse Corruption")
                else:
                    old = s.guardians[part]["token"]
                    s.guardians[part]["token"] = None
                    s.set_aside.append(old)
            if was_pure:
                if t.cleanser:
                    for j, other in enumerate(s.tribes):     # a holder claiming again
                        if j != i:
                            other.cleanser = False
                t.cleanser = True
    if tok is not None and not placed:
        s.set_aside.append(tok)
    if pend.get("reward_track"):
        ask_track(g, i)


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("corruption", ev_enum, ev_check, ev_perform),
)
