"""What a bot may know, and worlds it may imagine.

A bot never reads the real state directly. It reads `player_view(game, player)` (the engine's own
mask of hidden information: others' card backs and quest cards, deck and bag order, the generator)
and, when it needs a whole playable game, *determinizes* that view: every hidden thing is filled in
at random, consistently with what the player can see (the cards not in sight go back into the decks
and into the hidden hands, the tokens not on the board or beside the bag go into the bag, the Herbs
not in sight into the Herb deck), and the generator gets a fresh seed of the bot's own. The result is
a complete `Game` the bot may play forward as it likes: a guess, never the truth.

Copies of a game come from the engine (`Game.copy`); searches copy a world once per playout.
What is left to chance in a world (the bag's order and sides) the engine sets from the bot's
generator on request (`determinize(..., chance=True)`, engine/chance.py).
"""
from __future__ import annotations

import random
from collections import Counter

from faeriell.engine.chance import set_chance
from faeriell.engine.core import Game
from faeriell.engine.words import COLORS
from faeriell.engine.state import state_from_dict
from faeriell.engine.view import player_view

HIDDEN = "?"

# ---------------------------------------------------------------------------------- copies
def fork(g: Game) -> Game:
    """A playable copy of a game (its own state and generator; same rules), without the log."""
    return g.copy(log=False)


# ---------------------------------------------------------------------------------- views
def view_of(game: Game, player: int) -> dict:
    """The engine's masked view for `player` (a fresh dict each call)."""
    return player_view(game, player)


def _all_tokens(rules) -> list[str]:
    return list(rules.tokens)


def determinize(rules, view: dict, player: int, rng: random.Random, chance: bool = False) -> Game:  # noqa: C901 - one branch per hidden part of the view, each drawn from rng in turn (an order seeded games follow)
    """A complete Game consistent with `view` (what `player` sees); hidden parts drawn from `rng`.
    `chance`: also fix the bag's order and sides now, from `rng` (engine.chance.set_chance), so
    every move played in a copy of this world meets the same Menace Draft."""
    d = dict(view)
    # Every list/dict is copied by state_from_dict; we rebuild the masked parts first.
    d["rng"] = rng.getrandbits(64)
    d["forced"] = []
    d["bag_order"] = []
    d["log"] = []
    tribes = [dict(t) for t in view["tribes"]]
    d["tribes"] = tribes

    # ---- Essence cards: which identities are out of sight?
    unseen = Counter([c.packed for c in rules.all_cards])     # the view's saved form: "red@owl"
    seen: Counter[str] = Counter()
    for pile in view["discards"].values():
        seen.update(pile)
    seen.update(view["totem"]["cards"])
    me = view["tribes"][player]
    seen.update(me["essences"])
    seen.update(me.get("setup_cards", []))
    for h in me["heroes"].values():
        seen.update(h["quests"])
    for k, t in enumerate(view["tribes"]):          # others' cards already shown with a back
        if k == player:
            continue
        seen.update(c for c in t["essences"] if "@" in c)
        seen.update(c for c in t.get("setup_cards", []) if "@" in c)
        for h in t["heroes"].values():
            seen.update(c for c in h["quests"] if "@" in c)
    unseen.subtract(seen)
    by_colour: dict[str, list[str]] = {}
    for card, n in unseen.items():
        if n > 0:
            by_colour.setdefault(_colour(card), []).extend([card] * n)
    for lst in by_colour.values():
        rng.shuffle(lst)

    def take(colour: str | None) -> str:
        if colour is not None and by_colour.get(colour):
            return by_colour[colour].pop()
        pools = [c for c, lst in by_colour.items() if lst and (colour is None or c == colour)]
        if not pools:
            pools = [c for c, lst in by_colour.items() if lst]
        if not pools:                                 # should not happen: counts are conserved
            return f"{colour or 'corruption'}@{rules.guardians[0]}"
        c = rng.choice(sorted(pools))
        return by_colour[c].pop()

    # Colour-known slots first (decks, others' pools), then the slots whose colour is hidden.
    decks = {}
    for col, deck in view["decks"].items():
        decks[col] = [c if "@" in c else take(_colour(c)) for c in deck]
    d["decks"] = decks
    for k, t in enumerate(tribes):
        if k == player:
            continue
        t["essences"] = [c if "@" in c else take(_colour(c)) for c in t["essences"]]
    for k, t in enumerate(tribes):
        if k == player:
            continue
        t["setup_cards"] = [c if "@" in c else take(None) for c in t.get("setup_cards", [])]
        heroes = {}
        for name, h in t["heroes"].items():
            h = dict(h)
            allowed = _quest_colours(rules, name, h.get("perks", []))
            h["quests"] = [c if "@" in c else take(_pick_colour(by_colour, allowed, rng))
                           for c in h["quests"]]
            heroes[name] = h
        t["heroes"] = heroes

    # ---- Herb deck: the Herb cards out of sight, shuffled.
    if view["herb_deck"]:
        herbs = Counter(rules.catalog.herb_cards("kickstarter" in view["variants"]))
        herbs.subtract(view["herbs_up"])
        herbs.subtract(view["herb_discard"])
        for t in view["tribes"]:
            herbs.subtract(t["herbs"])
        rest = [h for h, n in herbs.items() for _ in range(max(0, n))]
        rng.shuffle(rest)
        need = len(view["herb_deck"])
        while len(rest) < need:                        # never expected; keep the count right
            rest.append(rng.choice(rules.catalog.herb_cards(False)))
        d["herb_deck"] = rest[:need]

    # ---- The bag: every token not under a Guardian and not beside the bag.
    if view["bag"]:
        toks = Counter(_all_tokens(rules))
        toks.subtract(view["set_aside"])
        toks.subtract(gd["token"] for gd in view["guardians"].values() if gd.get("token"))
        pend = view.get("pending") or {}
        if pend.get("token"):                          # a drawn Corruption token awaiting its Event
            toks.subtract([pend["token"]])
        bag = [t for t, n in toks.items() for _ in range(max(0, n))]
        need = len(view["bag"])
        if len(bag) != need:                           # mid-setup: sample the right number
            rng.shuffle(bag)
            bag = (bag * (need // max(1, len(bag)) + 1))[:need] if bag else [HIDDEN] * 0
        rng.shuffle(bag)
        d["bag"] = bag

    # ---- Perk piles: only each pile's top tile is in sight (the piles lie face up).
    piles = [list(p) for p in view["perk_piles"]]
    tails = [t for p in piles for t in p[1:]]
    if tails:
        rng.shuffle(tails)
        k = 0
        for p in piles:
            n = len(p) - 1
            if n > 0:
                p[1:] = tails[k:k + n]
                k += n
    d["perk_piles"] = piles

    g = Game(rules, state_from_dict(d))
    if chance:
        set_chance(g, rng)
    return g


def _colour(card: str) -> str:
    # a card of the view (the saved form, "red@owl" or "red" when its back is hidden) -> its colour
    return card.partition("@")[0]


def _quest_colours(rules, hero: str, perks) -> tuple:
    if hero in ("sower", "shadow"):
        return ("corruption",)
    if any(rules.perk_has(p, "quest_any") for p in perks):
        return COLORS + ("corruption",)
    return (rules.hero_color.get(hero, "corruption"), "corruption")


def _pick_colour(by_colour, allowed, rng) -> str | None:
    options = [c for c in allowed if by_colour.get(c)]
    if not options:
        return None
    weights = [len(by_colour[c]) for c in options]
    return rng.choices(options, weights=weights)[0]


def observe(game: Game, player: int, rng: random.Random) -> Game:
    """One imagined world for `player`: determinize(player_view(...))."""
    return determinize(game.rules, view_of(game, player), player, rng)
