"""Names in the game's own words for what bots say (hints, reasons): the names printed on cards
and regions, never internal ids. The table (faeriell/ui/table/words.py) names things the same way;
this copy lives here because the bots must not import the pygame table.
"""
from __future__ import annotations

from faeriell.engine.actions import Action, card_color


def title(s) -> str:
    return str(s).replace("_", " ").replace("-", " ").title()


class Names:
    def __init__(self, rules) -> None:
        self.cat = rules.catalog
        self.rules = rules

    def _name(self, table: str, key) -> str:
        entry = (getattr(self.cat, table, None) or {}).get(key) or {}
        return str(entry.get("name") or title(key))

    def hero(self, h) -> str:
        return self._name("heroes", h)

    def perk(self, p) -> str:
        if p == "random-sower":
            return "a random Corruption Sower Perk"
        return self._name("perks", p)

    def herb(self, h) -> str:
        return self._name("herbs", h)

    def attunement(self, a) -> str:
        return self._name("attunements", a)

    def guardian(self, g) -> str:
        d = (self.cat.guardians or {}).get(g) or {}
        return f"{d.get('name', title(g))} the {title(g)}" if d else title(g)

    def achievement(self, a) -> str:
        return self._name("achievements", a)

    def color(self, c) -> str:
        if c == "corruption":
            return "Corruption"
        return self._name("colors", c)

    def region(self, r) -> str:
        return title(r)

    def node(self, n) -> str:
        return "the node of " + ", ".join(self.region(r) for r in str(n).split("+"))

    def essences(self, counts: dict) -> str:
        parts = [f"{n} {self.color(c)}" for c, n in sorted(counts.items()) if n]
        return ", ".join(parts) + (" Essence" if sum(counts.values()) == 1 else " Essences") if parts else ""

    def pay(self, pay) -> str:
        if not pay:
            return "free"
        if isinstance(pay, str):
            pay = (pay,)
        counts: dict = {}
        for c in pay:
            col = card_color(c) if "@" in str(c) else str(c)
            counts[col] = counts.get(col, 0) + 1
        return self.essences(counts)

    # ---- moves --------------------------------------------------------------------------
    def action(self, a: Action) -> str:
        """The move in a few words (the same phrasing the table uses)."""
        k = a.kind
        f = a.get
        if k == "choose_phase":
            return f"play the {title(f('phase'))} Phase"
        if k == "end_phase":
            return "end the Phase"
        if k == "draft":
            return "draw the Menace Draft"
        if k in ("build_settlement", "place_settlement"):
            return f"{'build' if k == 'build_settlement' else 'place'} a Settlement in {self.region(f('region'))}"
        if k == "move_settlement":
            return f"move the Settlement from {self.region(f('from'))} to {self.region(f('to'))}"
        if k == "build_beacon":
            return f"build a {self.color(f('color'))} Beacon in {self.region(f('region'))}"
        if k == "control_totem":
            return f"take the Spiritual Totem to {self.region(f('region'))}"
        if k == "dress_hero":
            hero = self.hero(f('hero'))
            return f"dress {'an' if hero[:1] in 'AEIOU' else 'a'} {hero} on {self.node(f('node'))}"
        if k == "place_hero":
            return f"place the {self.hero(f('hero'))} on {self.node(f('node'))}"
        if k == "choose_hero":
            return f"start with the {self.hero(f('hero'))}"
        if k in ("level_up", "free_level"):
            return f"level up the {self.hero(f('hero'))} with {self.perk(f('perk'))}"
        if k == "gather_herb":
            return f"gather the {self.herb(f('herb'))}"
        if k == "attune":
            return f"attune with {self.guardian(f('guardian'))} ({self.attunement(f('guardian'))})"
        if k == "move_guardian":
            return f"move {self.guardian(f('guardian'))} to {self.region(f('region'))}"
        if k == "beacon_solve":
            return f"let the Beacon in {self.region(f('region'))} solve the Menace of {self.guardian(f('guardian'))}"
        if k == "harvest":
            n = f("steps")
            return f"move the Harvest token {n} step{'s' if n != 1 else ''}"
        if k == "harvest_choice":
            if a.has("color"):
                return f"take a {self.color(f('color'))} Essence from {self.region(f('region'))}"
            return f"harvest from {self.region(f('region'))}"
        if k == "move_hero":
            to = f("to") or (f("path") or [None])[-1]
            return f"move the {self.hero(f('hero'))} to {self.node(to)}"
        if k == "solve_menace":
            return f"let the {self.hero(f('hero'))} solve the Menace of {self.guardian(f('guardian'))}"
        if k == "go_quest":
            return f"send the {self.hero(f('hero'))} on a {self.color(f('deck'))} Quest"
        if k == "solve_quest":
            return f"let the {self.hero(f('hero'))} solve a {self.color(card_color(f('card')))} Quest"
        if k == "discard_quest":
            return f"discard a {self.color(card_color(f('card')))} Quest"
        if k == "perk":
            p = f("perk")
            return f"use {self.perk(p)}" if p else "use a Perk"
        if k == "lore":
            return "use an Attunement's Lore"
        if k == "drifter_move":
            return f"move the Drifter to {self.node(f('to'))}"
        if k == "drifter_shift":
            return f"let the Drifter shift the token of {self.guardian(f('from'))} to {self.guardian(f('to'))}"
        if k == "corruption":
            ch = f("choice")
            if ch == "yield":
                return "yield to Corruption (take a Corruption Essence, Tribe Corruption +1)"
            if ch == "ignore":
                return "ignore the Corruption"
            if ch == "cleanse_tribe":
                return f"cleanse your Tribe paying {self.pay(f('pay'))} (Tribe Corruption -1)"
            tg = str(f("target") or "doom")
            parts = ["Doom -1" if p == "doom" else f"clear {self.guardian(p)}" for p in tg.split("+")]
            return f"cleanse the Corruption paying {self.pay(f('pay'))} ({' and '.join(parts)})"
        if k == "claim":
            tok = f("token")
            pay = f("pay")
            how = ("with a token from the designated area" if tok == "designated" else
                   "paying with Doom" if pay == "doom" else f"paying {self.pay(pay)}")
            return f"claim {self.achievement(f('achievement'))} {how}"
        if k == "become_sower":
            return f"make the {self.hero(f('hero'))} the Corruption Sower"
        if k == "starting_essence":
            return f"take a {self.color(f('color'))} Essence"
        if k == "track_choice":
            return f"move the {self.color(f('color'))} tracking token forward"
        if k == "menace_rival":
            return f"make player {f('target')} step back"
        if k == "twins_swap":
            return "swap Essences for Corruption Essences" if f("pay") else "keep your Essences"
        return title(k)
