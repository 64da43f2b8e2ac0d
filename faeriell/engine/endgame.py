"""How the game ends (rulebook "Endgame Conditions", coop and solo wins, R34, R35, R38)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .action_schema import swap_pairs
from .actions import Action
from .registry import move
from .triggers import on_perk_gained

if TYPE_CHECKING:
    from .core import Game


def end_game(g, winners, reason, ranking=None):
    s = g.state
    s.game_over = True
    s.stage = "over"
    s.winners = sorted(winners)
    s.ranking = list(ranking) if ranking is not None else list(winners)
    s.end_reason = reason
    s.pending = None
    s.queue = []
    g.log(reason)


def doom_reached(g: Game) -> None:
    s = g.state
    # R42: from the first fifth Achievement claimed (end_after_round stays set even if that tribe
    # drops below five) until the game ends at that round's end, while no Sower exists; Doom
    # stays at 15 and further steps are lost (move_doom caps it). R57: only the competitive game
    # ends after a fifth Achievement, so in Solo and Full Coop Doom 15 ends the game at once.
    if (g.variant("no_doom_end_after_five") and s.mode == "competitive" and s.sower is None and
            (s.end_after_round or any(len(t.achievements) >= g.rules.end_round_at for t in s.tribes))):
        g.log("Doom is at its end, but after a fifth Achievement Faeriell holds on "
              "until the round ends (optional rule).")
        return
    if s.sower is not None:
        others = sorted((j for j in range(s.players) if j != s.sower),
                        key=lambda j: -s.tribes[j].corruption)
        end_game(g, [s.sower], f"Doom reached {s.doom}: the Corruption Sower of "
                               f"{g.tribe_name(s.sower)} wins.", [s.sower] + others)
    else:
        end_game(g, [], f"Doom reached {s.doom}: Faeriell falls and every tribe loses.", [])


def end_of_turn_checks(g):
    s = g.state
    r = g.rules
    if not g.coop_like():
        order = g.order_from(s.first_player)
        at_five = [i for i in order if s.tribes[i].corruption >= r.sower_at and not s.tribes[i].sower]
        if s.sower is None and at_five:
            first = at_five.pop(0)
            g.ask(first, "become_sower")
            s.tribes[first].lost_counted = True
        if s.sower is not None or s.pending is not None:
            for i in at_five:
                t = s.tribes[i]
                if not t.lost_counted:                    # R38: once per arrival
                    t.lost_counted = True
                    g.move_doom(r.lost_doom, f"{g.tribe_name(i)} is lost to Corruption")
                    if s.game_over:
                        return
    # R58: the Solo and Full Coop win comes first; the frost gem is placed only if the game goes on.
    if team_won(g):
        return
    if g.variant("winters_grasp"):
        n = len(r.wheel)
        pos = s.harvest
        for k in range(n):
            spot = (pos + k) % n
            if spot not in s.winter_gems:
                s.winter_gems.append(spot)
                break
        if len(s.winter_gems) >= n:
            end_game(g, [], "Frost covers the whole Harvest wheel: every tribe loses (Winter's Grasp).", [])


def team_won(g) -> bool:
    """The end-of-turn win of Full Coop (its table) and Solo (R35); True when it ended the game."""
    s = g.state
    r = g.rules
    if s.mode == "coop":
        win = coop_target(g)
        claimed = sum(1 for holders in s.achievements.values() if holders)
        placed = sum(len(t.achievements) for t in s.tribes)
        if claimed >= win["achievements"] or placed >= win["tokens"]:
            ranking = sorted(range(s.players), key=lambda j: (-len(s.tribes[j].achievements),
                                                               s.tribes[j].corruption, j))
            end_game(g, list(range(s.players)), "Together the tribes save Faeriell!", ranking)
            return True
    elif s.mode == "solo":
        need = int(r.modes["solo"]["achievements"])
        if len(s.tribes[0].achievements) >= need:
            end_game(g, [0], f"{need} Achievements: you save Faeriell!", [0])
            return True
    return False


def coop_target(g: Game) -> dict[str, Any]:
    """The Full Coop win row for this many players (Achievements, tokens)."""
    rows: list[dict[str, Any]] = g.rules.modes["coop"]["win"]
    for row in rows:
        if int(row["players"]) == g.state.players:
            return row
    return rows[-1]


def end_of_round_checks(g):
    s = g.state
    if s.mode == "competitive" and s.end_after_round:
        final_ranking(g)
        return
    if g.coop_like() and g.rules.modes["coop_solo"].get("automatic_doom", True):
        g.move_doom(g.rules.draft_count(s.doom), "Automatic Doom")   # R34


def final_ranking(g):
    s = g.state
    order = g.order_from(s.first_player)
    players = [i for i in order if not s.tribes[i].sower]
    counts = {i: len(s.tribes[i].achievements) for i in players}

    def key(i):
        t = s.tribes[i]
        return (-counts[i], "cleanser" not in t.achievements, "purity" not in t.achievements, order.index(i))

    ranking = sorted(players, key=key)
    if s.sower is not None:
        ranking.append(s.sower)
    if players and len(set(counts.values())) == 1:
        end_game(g, players, "The round is over: every tribe holds as many Achievements and they share the victory.",
                 ranking)
    else:
        end_game(g, [ranking[0]], f"The round is over: {g.tribe_name(ranking[0])} wins with "
                                  f"{counts[ranking[0]]} Achievements.", ranking)


# ---------------------------------------------------------------- the Sower rises
def spelled_swaps(raw, hero_perks=(), sower_perks=()) -> tuple[tuple, tuple]:
    """`replace` as SCENARIOS.md spells it (a list of Perk ids: a Hero Perk is given up, a Sower
    Perk taken; unpaired ones pair in order, R39) or as saves of an older build did ("old>new"),
    into the typed fields: (give, take), paired by position. A Hero Perk with no Sower Perk named
    takes the next one of the supply; what cannot pair is left unpaired for the check to refuse."""
    pairs: list[tuple[str | None, str | None]] = []
    olds: list[str] = []
    news: list[str] = []
    for item in raw or ():
        if isinstance(item, str) and ">" in item:          # the older build's "old>new"
            a, b = item.split(">", 1)
            pairs.append((a, b))
        elif item in sower_perks and item not in hero_perks:
            news.append(str(item))
        else:
            olds.append(str(item))
    spare = [p for p in hero_perks if p not in olds and p not in [a for a, _ in pairs]]
    while news:
        old = olds.pop(0) if olds else (spare.pop(0) if spare else None)
        pairs.append((old, news.pop(0)))
    supply = list(sower_perks)
    for _, new in pairs:
        if new in supply:
            supply.remove(new)
    pairs.extend((old, supply.pop(0) if supply else None) for old in olds)
    give = tuple(old for old, _ in pairs if old is not None)
    take = tuple(new for _, new in pairs if new is not None)
    return give, take


def bs_enum(g):
    i = g.state.pending["player"]
    t = g.state.tribes[i]
    supply = sorted(set(g.state.sower_perks))
    out = []
    for h, hero in t.heroes.items():
        out.append(Action("become_sower", hero=h))
        for p in dict.fromkeys(hero.perks):
            for sp in supply:
                out.append(Action("become_sower", hero=h, give=(p,), take=(sp,)))
    return out


def bs_check(g, a):
    i = g.state.pending["player"]
    t = g.state.tribes[i]
    h = a.get("hero")
    if h not in t.heroes:
        return "Choose one of your active Heroes to become the Corruption Sower."
    perks = list(t.heroes[h].perks)
    supply = list(g.state.sower_perks)
    for old, new in swap_pairs(a):
        if old is None:
            return f"Your {h} has no Perk left to swap for {new}."
        if old not in perks:
            return f"Your {h} has no {old} Perk to swap."
        perks.remove(old)
        if new is None:
            return "No Corruption Sower Perk is left."
        if new not in supply:
            return f"{new} is not a Corruption Sower Perk in the supply."
        supply.remove(new)
    return None


def bs_perform(g, a):
    s = g.state
    i = g.take_pending()["player"]
    t = s.tribes[i]
    h = a["hero"]
    hero = t.heroes.pop(h)
    hero.type = "sower"
    t.heroes["sower"] = hero
    t.sower = True
    s.sower = i
    for old, new in swap_pairs(a):
        s.sower_perks.remove(new)
        hero.perks[hero.perks.index(old)] = new
        s.perk_box.append(old)
        on_perk_gained(g, i, hero, new)
    if s.doom >= g.rules.doom_max:
        doom_reached(g)          # R42: Doom held at 15 by the optional rule ends the game once a Sower exists


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("become_sower", bs_enum, bs_check, bs_perform),
)
