"""Plain words for what the table shows: names of things, moves, decisions and the banner line.

Names come from the catalog (data/*.yaml `name`); the sentences are the table's own.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

from faeriell.engine import Action
from faeriell.engine.card import back_of
from faeriell.engine.describe import card, describe, narrate
from faeriell.engine.names import Names, either, one_of, title
from faeriell.ui.table.keys import AchievementTile, GuardianPiece, HerbUp, HeroSlot, NodeSpot, PerkTile, PerkUp, RegionSpot


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


class Words:
    """The table's lines around the engine's words: names and move labels come from the engine
    (engine.names.Names, engine.describe), the questions, banners and previews are the table's."""

    def __init__(self, catalog, tribe_ids=(), rules=None):
        self.cat = catalog
        self.tribe_ids = list(tribe_ids)     # seat order, for "Berrywort (player 2)"
        self.names = Names.of(rules)

    def say(self, text) -> str:
        """An engine sentence (log line, refusal) in the game's words: no ids, no ruling numbers."""
        if text is None:
            return ""
        return self.names.text(str(text))

    # ---- names (the engine's) ------------------------------------------------------------------
    def perk(self, p: str) -> str:
        return self.names.perk(p)

    def herb(self, h: str) -> str:
        return self.names.herb(h)

    def attunement(self, a: str) -> str:
        return self.names.attunement(a)

    def hero(self, h: str) -> str:
        return self.names.hero(h)

    def hero_choice(self, a) -> str:
        """A starting Hero as an option: its name and what it does ('Start with the Shaman. Bound
        to Blue. Once per Tribe Phase, an Attunement costs you one Blue Essence less.')."""
        h = a.get("hero")
        text = str((self.cat.heroes.get(h) or {}).get("text") or "").strip()
        return f"Start with the {self.hero(h)}." + (f" {text}" if text else "")

    def set_aside_note(self, state, player) -> str:
        """Why some Heroes cannot be chosen: Solo and Full Coop set Heroes aside at random."""
        seated = state is not None and isinstance(player, int) and 0 <= player < len(state.tribes)
        aside = list(state.tribes[player].set_aside) if seated else []
        if not aside:
            return ""
        names = " and ".join(f"the {self.hero(h)}" for h in aside)
        n = "one Hero" if len(aside) == 1 else f"{len(aside)} Heroes"
        return (f" Set aside: {names} (Solo and Full Coop set {n} per tribe aside at random, two with 3 or 4 "
                f"players; {'it returns' if len(aside) == 1 else 'they return'} to your board after set-up).")

    def guardian(self, g: str) -> str:
        """'Rhudo the Bear' (the Guardian's printed name and its animal)."""
        return self.names.guardian_name(g)

    def achievement(self, a: str) -> str:
        return self.names.achievement(a)

    def tribe(self, tid: str) -> str:
        return self.names.tribe(tid)

    def color(self, c: str) -> str:
        return self.names.color(c)

    def player(self, n) -> str:
        """'Berrywort (player 2)' for seat 1 (seats from 0; the table tells the tribes)."""
        return self.names.player(n, self.tribe_ids)

    def player_name(self, i: int, seats=None) -> str:
        """'Berrywort (bot)' for a bot seat, 'Berrywort' for a person (0-based seat)."""
        name = self.tribe(self.tribe_ids[i]) if 0 <= i < len(self.tribe_ids) else f"Player {i + 1}"
        if seats is not None and 0 <= i < len(seats) and seats[i] != "human":
            return f"{name} (bot)"
        return name

    def region(self, r: str) -> str:
        """'the Bear's Mountain' for a Region id."""
        return self.names.region(r)

    def terrain(self, t: str) -> str:
        return self.names.terrain(t)

    def area(self, a: str) -> str:
        """'the Bear's Area'."""
        return self.names.area(a)

    def node(self, n: str) -> str:
        return self.names.node(n)

    def card(self, c: str, hidden: bool = False) -> str:
        return card(self.names, c, hidden)

    def pay(self, pay) -> str:
        return self.names.pay(pay)

    # ---- moves -----------------------------------------------------------------------------
    def action(self, a: Action) -> str:
        """A move as a label: 'Build a Red Beacon in the Bear's River' (engine.describe)."""
        return describe(a, self.names, self.tribe_ids)

    def narrate(self, a: Action, who: str) -> str:
        """A move told as it happens: 'Berrywort (bot) takes a Yellow Essence' (engine.describe,
        the phrase the log tells too)."""
        return narrate(a, self.names, who, self.tribe_ids)

    def doing(self, g, kinds: set) -> str:
        """What a bot is busy with now, for the banner (not what a person should drag)."""
        s = g.state
        if s.pending is not None:
            head, _how = self.decision(s.pending, s)
            return "decides: " + head[:1].lower() + head[1:]
        if s.stage == "setup":
            return "sets up"
        if s.phase is None:
            return "chooses a Phase tile"
        if s.phase == "tribe":
            return "plays its Tribe Phase: building, levelling up, gathering, attuning"
        if s.phase == "event":
            if s.event_step == "guardian":
                return "plays its Event Phase: may move a Great Guardian, then draws the Menace Draft"
            if s.event_step == "beacons":
                return "plays its Event Phase: solves Menaces with its Beacons, then moves the Harvest token"
            return "plays its Event Phase"
        return "plays its Hero Phase: moves its Heroes, solves Menaces and Quests"

    # ---- previews (faeriell.engine.preview) ---------------------------------------------------------
    def progress(self, entry: dict, i: int) -> str:
        """'Meadows 2/4' (a race), 'Purity: yes' (a flag) for tribe i."""
        name = self.achievement(entry["id"])
        v = entry["values"][i] if i < len(entry["values"]) else 0
        if entry["kind"] == "most":
            return f"{name} {v}/{entry['min']}"
        return f"{name}: {'yes' if v else 'not yet'}"

    # What a race's count counts, for a newcomer ('Forests: 1 of 4 Regions', not 'Forests 1/4').
    _COUNTED = {"solved": "Menaces solved", "terrain": "Regions", "perks": "Perks", "herbs": "Herbs",
                "attunements": "Attunements", "beacons": "Beacons", "shire": "linked Regions"}

    def progress_words(self, entry: dict, i: int) -> str:
        """A race in words for tribe i: 'Chieftain at level 1 of 4', 'Forests: 1 of 4 Regions'."""
        name = self.achievement(entry["id"])
        v = entry["values"][i] if i < len(entry["values"]) else 0
        if entry.get("measure") == "hero_level":
            return f"{name} at level {v} of {entry['min']}"
        counted = self._COUNTED.get(entry.get("measure", ""))
        return f"{name}: {v} of {entry['min']}" + (f" {counted}" if counted else "")

    def nearest_achievements(self, progress: list, i: int, n: int = 3) -> list[str]:
        """Tribe i's closest races not held yet, nearest first, in words (progress_words)."""
        races = [e for e in progress if e["kind"] == "most" and i not in e["holders"] and e["values"][i] > 0]
        races.sort(key=lambda e: (-e["values"][i] / max(1, e["min"]), self.achievement(e["id"])))
        return [self.progress_words(e, i) for e in races[:n]]

    def progress_lines(self, entry: dict) -> list[str]:
        """Every tribe's measure toward one Achievement, and who leads (for its tooltip)."""
        vals = entry["values"]
        if entry["kind"] == "most":
            parts = [f"{self.tribe(self.tribe_ids[k])} {v}/{entry['min']}" for k, v in enumerate(vals)
                     if k < len(self.tribe_ids)]
        else:
            parts = [f"{self.tribe(self.tribe_ids[k])} {'yes' if v else 'no'}" for k, v in enumerate(vals)
                     if k < len(self.tribe_ids)]
        lines = ["Progress: " + ", ".join(parts)]
        if entry.get("measure") == "hero_level":
            # not the Level on the Hero's card: a Herb's or Attunement's Lore adds to it (R32)
            lines = ["Level counted: " + ", ".join(parts),
                     "(the Level on the Hero's card, +1 for each Herb or Attunement whose Lore adds a level)"]
        if entry["kind"] == "most" and entry["leaders"]:
            names = [self.tribe(self.tribe_ids[k]) for k in entry["leaders"] if k < len(self.tribe_ids)]
            lines.append(("Leads: " if len(names) == 1 else "Tied in the lead: ") + either(names, "and"))
        return lines

    def harvest_gain(self, pv: dict, player: int, region: str) -> str:
        """What harvesting one Region of `player`'s gives at this stop (engine.preview.harvest_preview),
        for the option that picks it: "1 Green", "nothing (Threatened)"; "" when the preview has no row."""
        for row in pv["tribes"]:
            if row["player"] != player:
                continue
            for reg in row["regions"]:
                if reg["region"] != region:
                    continue
                if reg["status"] == "threatened":
                    return "nothing (Threatened)"
                if reg["status"]:
                    return "a Corruption Event (Corrupted)"
                return " or ".join(f"1 {self.color(c)}" for c in reg["gives"]) if reg["choice"] else \
                    " + ".join(f"1 {self.color(c)}" for c in reg["gives"])
        return ""

    def harvest_lines(self, pv: dict) -> list[str]:
        """What a Harvest stop would give each tribe (engine.preview.harvest_preview), and why a
        Region gives nothing."""
        if pv["frozen"]:
            return ["Frozen (Winter's Grasp): no Harvest here."]
        lines = []
        for row in pv["tribes"]:
            who = self.tribe(self.tribe_ids[row["player"]])
            gives, none = [], []
            for reg in row["regions"]:
                if reg["status"]:
                    why = "Threatened" if reg["status"] == "threatened" else "Corrupted: a Corruption Event"
                    none.append(f"{self.region(reg['region'])} ({why})")
                elif reg["choice"]:
                    gives.append(f"1 {' or '.join(self.color(c) for c in reg['gives'])} from "
                                 f"{self.region(reg['region'])}")
                else:
                    gives.append(" + ".join(f"1 {self.color(c)}" for c in reg["gives"]) +
                                 f" from {self.region(reg['region'])}")
            if row.get("one_of") and gives:     # a Terrain space: one Region of the tribe's, said as
                # "1 Green from the Bear's Forest" for one, "... from one of: A, B or C" for several
                gives = [gives[0].split(" from ")[0] + " from " + one_of(g.split(" from ")[1] for g in gives)]
            gives += [f"1 {self.color(c)} (Herb)" for c in row["bonus"]]
            if gives:
                line = f"{who}: " + "; ".join(gives)
            elif row.get("one_of") and not row["regions"]:
                line = f"{who}: nothing (no {self.terrain(pv['space'])} Region)"
            else:
                line = f"{who}: nothing"
            if none:
                line += " · nothing from " + either(none, "and")
            lines.append(line)
        if not lines:
            return ["No tribe owns a Region here: nobody harvests."]
        return lines

    def harvest_stop(self, pv: dict, player: int) -> str:
        """Where a move of the Harvest token stops and what it gives there, `player`'s share said
        to them (engine.preview.harvest_preview, read as harvest_lines reads it): the hint's words."""
        space = pv["space"]
        where = (f"The Harvest token stops on {self.guardian(space)}'s space" if pv.get("area") else
                 f"The Harvest token stops on the {self.terrain(space)} space")
        if pv.get("frozen"):
            return where + ": it is frozen (Winter's Grasp), so nobody harvests."
        where += (f": a Harvest in {self.area(space)}." if pv.get("area") else
                  f": each harvester takes one of their {self.terrain(space)} Regions.")
        me = self.tribe(self.tribe_ids[player]) + ": " if 0 <= player < len(self.tribe_ids) else None
        said: list[str] = []
        for line in self.harvest_lines(pv):
            if me is not None and line.startswith(me):
                said.insert(0, "You get " + line[len(me):])
            else:
                said.append(line)
        return where + " " + ". ".join(line.rstrip(".") for line in said) + "."

    def draft_lines(self, pv: dict) -> list[str]:
        n = pv["draws"]
        bag = ", ".join(f"{k} {self.token_kind(t)}" for t, k in pv["bag"].items()) or "nothing"
        return [f"Draws {n} token{'s' if n != 1 else ''} at this Doom"
                + (" (a Corruption Event stops it)" if pv["stops_at_event"] else "") + ".",
                f"In the bag: {bag}."]

    def token_kind(self, kind: str) -> str:
        if kind == "corruption":
            return "Corruption"
        if kind == "havoc":
            return "Havoc"
        return f"{self.color(kind)} Menace"

    def claim_short(self, a: Action) -> str:
        """A claim said without its Achievement (when the question names it): token and cost."""
        tok = a.get("token")
        if tok == "designated":
            return "Token from the designated area: free"
        slot = "Any-colour slot" if tok == "any" else f"{self.color(tok)} slot"   # its token shown in its ring
        pay = a.get("pay")
        if pay == "doom":
            return f"{slot}: Doom\u00a0+1"                 # never "+1" alone on a line
        return f"{slot}: pay 1 {self.color(str(pay).split('@')[0])}"

    def level_short(self, a: Action) -> str:
        """A level up said without its Hero (when every choice is for the same Hero)."""
        s = f"Take {self.perk(a.get('perk'))}"
        if a.get("discard"):
            s += f"; {self.perk(a.get('discard'))} goes under its pile"
        return s

    # ---- decisions and the banner ----------------------------------------------------------
    def decision(self, pend: dict, state=None) -> tuple[str, str]:
        """(title, how) for a pending decision (R27): the question, then how to answer it.

        `state` (the game state) lets the title name what the decision is about (the revealed
        set-up cards, a Hero's Quest pool). The questions are QUESTIONS, one per kind."""
        kind = pend["kind"]
        ask = QUESTIONS.get(kind)
        if ask is None:
            return title(kind), ""
        return ask if isinstance(ask, tuple) else ask(self, pend, state)

    def _ask_corruption(self, pend: dict, state) -> tuple[str, str]:
        gd = pend.get("guardian")
        where = f" at {self.guardian(gd)}" if gd else ""
        return (f"Corruption Event{where}: yield, ignore or cleanse?",
                "Yield takes a Corruption Essence; Ignore moves Doom; a Cleanse costs one Essence "
                "of an active Hero's colour.")

    def _ask_harvest(self, pend: dict, state) -> tuple[str, str]:
        if "colors" in pend:
            return (f"Harvest {self.region(pend.get('region', ''))}: which Essence do you take?",
                    "A Heartland gives either of its colours.")
        terr = title(pend.get("terrain", ""))
        return (f"Harvest a {terr} Region: which one of yours?",
                "Click one of your glowing Regions, or choose below.")

    def _ask_claim(self, pend: dict, state) -> tuple[str, str]:
        names = either([self.achievement(x) for x in pend.get("achievements", [])]) or "an Achievement"
        return (f"Claim {names}: which token, and how do you pay for its slot?",
                "Drag an Achievement token from your board onto the Achievement, or choose below.")

    def _ask_discard_quest(self, pend: dict, state) -> tuple[str, str]:
        hero = pend.get("hero")
        who = f"your {self.hero(hero)}" if hero else "your Hero"
        return (f"Too many Quests for {who}: which Quest card do you discard?",
                "Click a Quest card on your board, or choose below.")

    def _ask_place_settlement(self, pend: dict, state) -> tuple[str, str]:
        areas = self.setup_areas(state, pend.get("player"))
        what = "your extra Settlement" if pend.get("extra") else "a Settlement"
        if areas:
            names = either(areas)
            return (f"Set-up: place {what} in the Area of a revealed Essence card: {names}",
                    "Your revealed cards are on your board. Drag a Settlement onto a glowing Region, "
                    "or click the Region.")
        return (f"Set-up: place {what}",
                "Drag a Settlement from your board onto a glowing Region, or click the Region.")

    def _ask_choose_hero(self, pend: dict, state) -> tuple[str, str]:
        tribe = _asked_tribe(state, pend)
        second = tribe is not None and bool(tribe.heroes)
        aside = self.set_aside_note(state, pend.get("player"))
        if second:
            return ("Set-up: choose a second Hero", "Click a Hero below or among your inactive Heroes." + aside)
        return ("Set-up: choose the Hero you start with",
                "Click a Hero below or among your inactive Heroes." + aside)

    def _ask_place_hero(self, pend: dict, state) -> tuple[str, str]:
        hero = pend.get("hero")
        return (f"Set-up: place your {self.hero(hero) if hero else 'Hero'} on the island",
                "Drag it onto a glowing node of one of your Regions, or click the node.")

    def _ask_starting_essence(self, pend: dict, state) -> tuple[str, str]:
        region = pend.get("region")
        if region and not pend.get("bonus"):
            return (f"Starting Essence from your Heartland, {self.region(region)}: which colour?",
                    "A Heartland gives either of its colours.")
        if region:
            return (f"Essence from {self.region(region)}: which colour?",
                    "A Heartland gives either of its colours.")
        return ("Bonus starting Essence: which colour?", "The colour you did not take on a Heartland.")

    def _ask_menace_rival(self, pend: dict, state) -> tuple[str, str]:
        col = self.color(pend.get("color", ""))
        return (f"Advanced Menace rule: whose {col} tracking token steps back?",
                "Your track is full: a rival's token steps back instead.")

    def _ask_free_level(self, pend: dict, state) -> tuple[str, str]:
        tribe = _asked_tribe(state, pend)
        heroes = list(tribe.heroes) if tribe is not None else []
        who = f" (your {self.hero(heroes[0])})" if len(heroes) == 1 else ""
        return (f"The Twins: level a Hero for free{who}",
                "Drag a face-up Perk tile onto your Hero, or choose below.")

    def setup_areas(self, state, player) -> list[str]:
        """The Areas named by a coop/solo tribe's revealed set-up cards (Tribe.setup_cards)."""
        if state is None or player is None or not 0 <= player < len(state.tribes):
            return []
        cards = state.tribes[player].setup_cards
        out = []
        for c in cards:
            back = back_of(str(c))
            if back and self.guardian_area(back) not in out:
                out.append(self.guardian_area(back))
        return out

    def guardian_area(self, g: str) -> str:
        return title(g)

    def pending(self, pend: dict, state=None, how: bool = False) -> str:
        """The banner line for a pending decision: the question (and how to answer it)."""
        head, hint = self.decision(pend, state)
        if not (how and hint):
            return head
        return f"{head} {hint}" if head.endswith(("?", ".", "!")) else f"{head}. {hint}"

    def phase_hint(self, g, kinds: set) -> str:
        s = g.state
        if s.phase is None:
            return "choose a Phase: click a Phase tile"
        if s.phase == "tribe":
            return "Tribe Phase: build, level up, gather, attune - drag the pieces; End Phase when done"
        if s.phase == "event":
            if s.event_step == "guardian":
                n = g.rules.draft_count(s.doom)
                return ("Event Phase: drag a Great Guardian within its Area (optional), "
                        f"then press Menace Draft (it draws {n} token{'s' if n != 1 else ''})")
            if s.event_step == "draft":
                n = g.rules.draft_count(s.doom)
                return f"Event Phase: press Menace Draft (it draws {n} token{'s' if n != 1 else ''})"
            if s.event_step == "beacons":
                return ("Event Phase: solve Menaces with your Beacons (optional), "
                        "then drag the Harvest token along the wheel")
            return "Event Phase"
        if "drifter_move" in kinds or "drifter_shift" in kinds:
            return "Hero Phase: move Heroes, solve Menaces and Quests, the Drifter; End Phase when done"
        return "Hero Phase: drag Heroes along the paths, solve Menaces and Quests; End Phase when done"

    # ---- the table's own lines ----------------------------------------------------------------
    def plain(self, why: str) -> str:
        """The engine's refusal in the game's words, a payment mismatch said as what it costs."""
        why = str(why)
        head = "That payment does not match the cost: "
        if why.startswith(head):
            why = "You cannot pay for that here: it costs " + why[len(head):]
        return self.say(why)

    def drop_title(self, target, grip=None) -> str:
        """The question asked when a drop (or click) can mean several moves."""
        if isinstance(target, RegionSpot):
            return f"{_cap(self.region(target.region))}: what do you want to do?"
        if isinstance(target, NodeSpot):
            return "On that node: what do you want to do?"
        if isinstance(grip, PerkUp):
            return f"Level up with {self.perk(grip.perk)}: which face-up Perk goes under its pile?"
        if isinstance(grip, HerbUp):
            return f"Gather {self.herb(grip.herb)}: which other face-up Herb is discarded?"
        if isinstance(target, PerkTile):
            return f"{self.perk(target.perk)}: choose"
        if isinstance(target, AchievementTile):
            return f"Claim {self.achievement(target.achievement)}: how do you pay for the token?"
        if isinstance(target, GuardianPiece):
            return f"{self.guardian(target.guardian)}: what do you want to do?"
        if isinstance(target, HeroSlot):
            return f"Your {self.hero(target.hero)}: choose"
        return "Choose"


# Every pending decision's question and how to answer it (Words.decision), one entry per kind:
# a fixed pair, or a method that names what the decision is about.
QUESTIONS: dict[str, tuple[str, str] | Callable[[Words, dict, Any], tuple[str, str]]] = {
    "corruption": Words._ask_corruption,
    "harvest_choice": Words._ask_harvest,
    "claim": Words._ask_claim,
    "discard_quest": Words._ask_discard_quest,
    "become_sower": ("Your tribe is lost to Corruption: which Hero becomes the Corruption Sower?",
                     "You may also swap one of its Perks for a Sower Perk."),
    "place_settlement": Words._ask_place_settlement,
    "choose_hero": Words._ask_choose_hero,
    "place_hero": Words._ask_place_hero,
    "starting_essence": Words._ask_starting_essence,
    "track_choice": ("Which Menace tracking token moves forward?",
                     "Click a tracking token on your board, or choose below."),
    "menace_rival": Words._ask_menace_rival,
    "free_level": Words._ask_free_level,
    "twins_swap": ("Wido may swap up to two Essences for Corruption Essences",
                   "Keep your Essences, or choose which to swap."),
}


def _asked_tribe(state, pend: dict):
    """The tribe a pending decision asks (None when it names no seat of this game)."""
    i = pend.get("player")
    return state.tribes[i] if isinstance(i, int) and 0 <= i < len(state.tribes) else None
