"""Tooltips: a title and a few lines for whatever the mouse rests on.

Card, tile and Achievement texts come from data/*.yaml (`name`, `text`); state facts (who owns a
Region, what stands on a Node) are read from the game. Hidden things stay hidden (R4).
"""
from __future__ import annotations

import pygame

from faeriell.engine.actions import card_back
from faeriell.engine.names import either
from faeriell.engine.preview import achievement_progress, draft_preview, harvest_preview
from faeriell.engine.words import COLORS
from faeriell.ui.table import theme as T
from faeriell.ui.table.tribe_board import PHASES


def tip(key: tuple, p) -> tuple[str, list[str]] | None:
    s, cat, w, rules = p.s, p.cat, p.words, p.rules
    k = key[0]

    def text_of(table, cid):
        return str(((getattr(cat, table, None) or {}).get(cid) or {}).get("text") or "")

    if k == "goal_meter":
        from faeriell.engine.preview import goal_progress
        from faeriell.ui.table.goal import meter_tip
        return meter_tip(goal_progress(p.g))
    if k == "region":
        r = key[1]
        reg = rules.board.regions[r]
        lines = [f"{w.terrain(reg.terrain)} in {w.area(reg.area)} "
                 f"(gives {w.color(rules.terrain_color[reg.terrain])} Essences)"]
        hl = s.heartlands.get(reg.area)
        if hl and hl.get("region") == r:
            lines.append(f"Heartland: also counts as {w.region(hl['token'])}")
        owner = p.g.owner_of(r)
        lines.append(f"Settlement of {w.tribe(s.tribes[owner].id)}" if owner is not None else "No Settlement")
        for t in s.tribes:
            if r in t.beacons:
                lines.append(f"{w.color(t.beacons[r])} Beacon")
        if s.totem.get("region") == r:
            lines.append("The Spiritual Totem stands here")
        gd = p.g.guardian_at(r)
        if gd:
            st = p.g.region_status(r)
            # the rulebook's words for the state ('threatened' -> "Threatened", "Corrupted")
            lines.append(f"{w.guardian(gd)} is here" + (f" - {st.capitalize()}" if st else ""))
        name = w.region(r)
        return name[:1].upper() + name[1:], lines
    if k == "node":
        n = key[1]
        lines = ["Between " + either([w.region(x) for x in rules.node_regions[n]], "and")]
        for t in s.tribes:
            for h, hero in t.heroes.items():
                if hero.node == n:
                    lines.append(f"{w.tribe(t.id)}'s {w.hero(h)} stands here")
        if s.drifter and s.drifter.get("node") == n:
            lines.append("The Drifter stands here")
        return "Node", lines
    if k == "guardian":
        gd = key[1]
        d = s.guardians[gd]
        g = cat.guardians.get(gd, {})
        lines = [f"{g.get('name', gd)}, {g.get('title', '')}", f"In {w.region(d['region'])}"]
        und = p.g.under(gd)
        if und == "corruption":
            lines.append("Corrupted: its Region gives no Essence and harvesting it raises a Corruption Event")
        elif und:
            lines.append(f"Threatened by a {w.color(und)} Menace: its Region gives no Essence")
        return w.guardian(gd), lines
    if k == "under":
        und = p.g.under(key[1])
        return ("Corruption token" if und == "corruption" else f"{w.color(und)} Menace token"), \
            [f"Under {w.guardian(key[1])}"]
    if k == "hero":
        i, h = key[1], key[2]
        t = s.tribes[i]
        hero = t.heroes.get(h)
        if hero is None:
            return None
        lines = [f"{w.tribe(t.id)} · Level {hero.level} · {hero.gems} Action gem{'s' if hero.gems != 1 else ''} left"]
        if hero.perks:
            lines.append("Perks: " + ", ".join(w.perk(x) for x in hero.perks))
        if hero.quests:
            lines.append(f"{len(hero.quests)} Quest card{'s' if len(hero.quests) != 1 else ''}")
        lines.append(text_of("heroes", h))
        return w.hero(h), lines
    if k == "inactive":
        return f"{w.hero(key[2])} (inactive)", [text_of("heroes", key[2])]
    if k == "settlement":
        return f"Settlement of {w.tribe(s.tribes[key[1]].id)}", [w.region(key[2])]
    if k == "supply_settlement":
        t = s.tribes[key[1]]
        n = p.rules.settlements_per_tribe - len(t.settlements)
        return "Settlements", [f"{n} left on the board. Drag one onto a Region next to yours or next to one of your Heroes.",
                               f"Costs as many Essences of one colour as Settlements you own ({len(t.settlements)})."]
    if k == "beacon":
        col = next((t.beacons[key[1]] for t in s.tribes if key[1] in t.beacons), "?")
        return f"{w.color(col)} Beacon", [f"Solves a {w.color(col)} Menace in its Area once per Event Phase "
                                          "(the whole island with the Totem on its Region)."]
    if k == "supply_beacon":
        col = key[1]
        return f"{w.color(col)} Beacon", [f"{s.beacon_supply.get(col, 0)} left. Costs 1 Yellow + 1 {w.color(col)} + 1 any.",
                                          "Drag it onto one of your Regions."]
    if k in ("totem", "totem_slot", "totem_cards"):
        owner = s.totem.get("owner")
        lines = [f"Controlled by {w.tribe(s.tribes[owner].id)}" if owner is not None else "Not controlled yet",
                 f"Cost: 1 Yellow + {len(s.totem.get('cards', []))} (Yellows on the Totem slot)",
                 "Drag it onto one of your Regions with a Beacon."]
        return "Spiritual Totem", lines
    if k in ("deck", "discard"):
        col = key[1]
        return f"{w.color(col)} Essences", [f"Deck: {len(s.decks.get(col, []))} cards",
                                            f"Discard pile: {len(s.discards.get(col, []))} cards"]
    if k in ("herb_up", "herb_own"):
        h = key[-1]
        return w.herb(h), [text_of("herbs", h)]
    if k in ("herb_deck", "herb_discard"):
        return "Heirloom Herbs", [f"Deck: {len(s.herb_deck)}", f"Discard: {len(s.herb_discard)}"]
    if k in ("attune_free", "attune_own", "attune_taken"):
        a = key[-1]
        cost = ((cat.attunements or {}).get(a) or {}).get("cost") or {}
        lines = [text_of("attunements", a)]
        if cost:
            lines.append("Cost: " + " + ".join(f"{n} {w.color(c)}" for c, n in cost.items()) +
                         ", one less per Settlement of yours in that Area")
        return w.attunement(a), lines
    if k in ("perk_up", "perk_tile", "sower_perk"):
        perk = key[-1]
        return w.perk(perk), [text_of("perks", perk)]
    if k == "sower_pile":
        return "Random Corruption Sower Perk", ["Wido may draw one instead of a face-up Perk."]
    if k == "achievement":
        a = key[1]
        holders = [w.tribe(s.tribes[i].id) for i in s.achievements.get(a, [])]
        entry = next((e for e in achievement_progress(p.g) if e["id"] == a), None)
        return w.achievement(a), [text_of("achievements", a),
                                  "Held by " + ", ".join(holders) if holders else "Held by no one"] + \
            (w.progress_lines(entry) if entry else [])
    if k == "phase":
        ph = key[2]
        t = s.tribes[key[1]]
        state = "used this round" if ph in t.phases_done else "face up"
        return f"{ph.capitalize()} Phase tile", [state]
    if k == "wheel":
        space = rules.wheel[key[1]]
        lines = [f"Harvest in {w.area(space)}" if space in rules.guardians
                 else f"Each player harvests one owned {w.region(space)} Region"]
        steps = (key[1] - s.harvest) % len(rules.wheel)
        if steps:
            lines.append(f"{steps} step{'s' if steps != 1 else ''} from the Harvest token; a Harvest here gives:")
            lines += w.harvest_lines(harvest_preview(p.g, steps))
        elif key[1] in s.winter_gems:
            lines.append("Frozen: no Harvest here (Winter's Grasp)")
        return "Harvest wheel", lines
    if k == "harvest_token":
        t = s.tribes[s.active]
        return "Harvest token", [f"Drag it clockwise 1 to {len(t.settlements) + rules.harvest_add} spaces in the Event Phase."]
    if k == "doom":
        n, draws = key[1], rules.draft_count(key[1])
        return f"Doom {n}", [f"A Menace Draft draws {draws} token{'s' if draws != 1 else ''} here" if n < rules.doom_max
                             else "Faeriell is doomed"]
    if k == "corruption_track":
        who = [w.tribe(t.id) for t in s.tribes if t.corruption == key[1]]
        return f"Tribe Corruption {key[1]}", [", ".join(who) if who else "no tribe here"]
    if k == "bag":
        return "Event bag", [f"{len(s.bag)} tokens inside"] + w.draft_lines(draft_preview(p.g))
    if k == "set_aside":
        return "Tokens beside the bag", [f"{len(s.set_aside)} set aside; Havoc puts them back"]
    if k == "pool_card":
        return "Essence", [w.card(key[2], hidden="@" not in key[2])]
    if k == "quest":
        c = key[3]
        if c == "?":
            return "Quest card", ["Hidden: only its owner knows its Guardian"]
        return "Quest card", [w.card(c), "Solve it on a node of the Region where that Guardian stands."]
    if k in ("slot_token", "slot"):
        col = key[2]
        return f"Achievement slot ({w.color(col) if col != 'any' else 'any colour'})", [
            "Taking this token to claim an Achievement costs one " + (w.color(col) if col != "any" else
                                                                       "Red, Yellow, Blue or Green") +
            " Essence, or Doom +1."]
    if k in ("designated_token", "designated"):
        return "Designated area", ["An Achievement token comes here when its tribe loses that Achievement.",
                                   "Its tribe's next claim takes it back for free: no Essence, no Doom."]
    if k == "round_lap":
        if s.stage == "setup":
            return "Set-up", ["Each tribe places its pieces before the first round."]
        return f"Round {s.round}, lap {s.lap} of 3", [
            "A round is three laps round the table: in each lap every tribe takes one turn and plays one "
            "of its three Phase tiles (Tribe, Event, Hero), so each plays every Phase once a round.",
            "Then the First Player changes" + (" and Automatic Doom moves Doom." if p.g.coop_like() else ".")]
    if k == "doom_label":
        return "Doom", ["The marks under each space are the Menace tokens a Menace Draft draws while "
                        "Doom stands there: the further Doom goes, the more it draws.",
                        f"At {rules.doom_max} Faeriell is doomed and the game ends."]
    if k == "track":
        t = s.tribes[key[1]]
        return f"{w.color(key[2])} Menaces solved", [f"{t.solved[key[2]]} of {rules.menace_max}"]
    if k == "tribe_small":
        t = s.tribes[key[1]]
        return f"{w.tribe(t.id)} (player {key[1] + 1})", [
            f"Settlements {len(t.settlements)}, Heroes {len(t.heroes)}, Essences {len(t.essences)}",
            f"Tribe Corruption {t.corruption}",          # a small board may have no room to say it,
            f"Herbs {len(t.herbs)}, Attunements {len(t.attunements)}",      # nor this
            "Phases left: " + (", ".join(ph.capitalize() for ph in PHASES if ph not in t.phases_done)
                               or "none"),                # nor this
            "Menaces solved: " + ", ".join(f"{w.color(c)} {t.solved.get(c, 0)}" for c in COLORS),
            "Achievements: " + (", ".join(w.achievement(a) for a in t.achievements) or "none"),
            "Nearest: " + ("; ".join(w.nearest_achievements(achievement_progress(p.g), key[1])) or "nothing yet"),
            "Click to see this board large; click your own to return."]
    if k == "heartland":
        hl = s.heartlands[key[1]]
        return "Heartland token", [f"{w.region(hl['region'])} also counts as {w.region(hl['token'])}"]
    if k == "button":
        return {"end_phase": ("End Phase", ["Finish this Phase and pass the turn."]),
                "draft": ("Menace Draft", w.draft_lines(draft_preview(p.g))),
                "undo": ("Undo", ["Take back your last move when nothing hidden was revealed."]),
                "moves": ("Moves", ["Moves with no piece to drag: pick one from the list."]),
                "puzzle_retry": ("Retry", ["Start this puzzle again from its file."])}.get(key[1])
    if k == "undo_off":
        return "Undo", ["Nothing to take back now: Undo takes back your own moves of this turn, "
                        "while nothing hidden was revealed."]
    if k == "sower_tribe":
        return "Corruption Sower", [f"{w.tribe(s.tribes[key[1]].id)} serves Doom: its Perks stand beside it."]
    if k == "side_scroll":
        return "Shared boards", ["The window is too short for the whole column: the wheel over it, "
                                 "or a click or drag on this bar, shows the rest."]
    if k == "first_player":
        return "First player token", []
    if k == "setup_card":
        c = key[2]
        back = card_back(c)
        if not back:
            return "Revealed Essence card", ["Its owner sees which Area it names."]
        area = w.region(back)
        return f"{area} Area", [f"{w.card(c)}, revealed for the coop / solo set-up.",
                                f"A Settlement may go on a free Region of the {area} Area; this card is then "
                                "discarded."]
    if k == "puzzle":
        scene_puzzle = getattr(p, "puzzle", None)
        if scene_puzzle is None:
            return None
        lines = [scene_puzzle.description, "Goal: " + scene_puzzle.goal.text, f"Now: {scene_puzzle.status()}"]
        return scene_puzzle.name, lines
    return None


# The rules screen's section (data/rules/reference.yaml) for each term a tooltip explains: F1
# while its tooltip's thing is pointed at opens the rules there (issue 42: "a link to its rule").
TERM_RULES = {
    "round_lap": "round", "phase": "round", "first_player": "round",
    "doom": "menace-draft", "doom_label": "menace-draft",          # the Menaces a Draft draws per space
    "bag": "menace-draft", "set_aside": "menace-draft",             # Havoc
    "designated": "claiming", "designated_token": "claiming", "slot": "claiming", "slot_token": "claiming",
    "achievement": "achievement-list",      # Purity, and a Heartland's Terrain token counting for a race
    "heartland": "setup",
    "corruption_track": "tribe-corruption",
    "wheel": "harvest", "harvest_token": "harvest",
    "track": "solve-menace", "quest": "quests", "guardian": "move-guardian",
    "goal_meter": "goal",
    "totem": "control-totem", "totem_slot": "control-totem", "totem_cards": "control-totem",
    "herb_up": "gather-herb", "herb_own": "gather-herb", "herb_deck": "gather-herb", "herb_discard": "gather-herb",
    "attune_free": "attune", "attune_own": "attune", "attune_taken": "attune",
    "perk_up": "perks", "perk_tile": "perks", "sower_perk": "perks", "sower_pile": "perks",
}


def topic_of(key) -> str | None:
    """The rules section that explains the term at `key` (a hover key), or None."""
    return TERM_RULES.get(key[0]) if key else None


def rule_topic(scene) -> str | None:
    """The section F1 opens for the term pointed at now: none while a refusal is said (its move's
    rule comes first: TableScene.rule_kind, the refusal's path)."""
    if scene.message and scene.message_bad and scene.refused_kind:
        return None
    return topic_of(scene.board.hover_key)


INVITES = ("Drag ", "Click ")


def honest(tipped: tuple[str, list[str]], why_not: str | None) -> tuple[str, list[str]]:
    """A tooltip that invites no move the rules refuse now: with a reason why the piece cannot
    move, its 'Drag it ...' lines give way to that reason."""
    if not why_not:
        return tipped
    title, lines = tipped
    keep = []
    for line in lines:
        cut = min((line.find(v) for v in INVITES if line.find(v) >= 0), default=-1)
        if cut == 0:
            continue
        keep.append(line[:cut].rstrip() if cut > 0 else line)
    return title, [x for x in keep if x] + ["Not now: " + why_not]


def draw_tip(surf, p, pos, title: str, lines: list[str]) -> None:
    P = p.P
    width = P(300)
    body = []
    for line in lines:
        if line:
            body.extend(T.wrap(line, p.fs(13), width - P(16)))
    ttl = T.text(title, p.fs(15), T.GOLD, True)
    lh = T.font(p.fs(13)).get_linesize()
    w = max(ttl.get_width(), max((T.font(p.fs(13)).size(b)[0] for b in body), default=0)) + P(16)
    h = ttl.get_height() + P(10) + lh * len(body)
    r = pygame.Rect(pos[0] + P(16), pos[1] + P(18), w, h)
    sw, sh = surf.get_size()
    if r.right > sw - 4:
        r.right = pos[0] - P(10)
    if r.bottom > sh - 4:
        r.bottom = pos[1] - P(10)
    T.panel(surf, r, (30, 27, 34), T.GOLD, P(5), 1)
    surf.blit(ttl, (r.x + P(8), r.y + P(5)))
    y = r.y + P(7) + ttl.get_height()
    for b in body:
        surf.blit(T.text(b, p.fs(13), T.INK), (r.x + P(8), y))
        y += lh
