"""The goal in view: a small meter in the island's bottom-left corner (how near the win, how many
rounds Doom leaves at its pace) and, at the end of each round, a summary card over the log (what
moved Doom, which Achievements came and went, what the next round brings).

Every count is the engine's (engine/preview.goal_progress, round_summary); this module only
words and draws them. Self-contained: the table calls `draw_meter` while painting its base
picture and keeps one `RoundCard`.
"""
from __future__ import annotations

import pygame

from faeriell.engine.preview import goal_progress, round_summary
from faeriell.ui.table import theme as T
from faeriell.ui.table.keys import GoalMeter

METER_KEY = GoalMeter()
CARD_KEY = ("round_card",)


# ------------------------------------------------------------------------------ words
def meter_lines(goal: dict) -> tuple[str, str]:
    """(the goal line, the Doom line) of the meter, in the round card's plain words ("Doom 5 of
    15 · about 5 rounds left at this speed"; no "~" to decode)."""
    mode = goal["mode"]
    if mode == "solo":
        top = f"Goal: {goal['held']} of {goal['need']} Achievements"
    elif mode == "coop":
        what = "Achievements" if goal["counts"] == "achievements" else "Achievement tokens"
        top = f"Team: {goal['held']} of {goal['need']} {what}"
    else:
        top = f"Most held: {goal['held']} of {goal['need']}"
    left = goal["rounds_left"]
    doom = f"Doom {goal['doom']} of {goal['doom_max']}"
    if left is not None and mode in ("solo", "coop"):
        doom += f" · {rounds_left(left)} at this speed"
    return top, doom


def rounds_left(left: int) -> str:
    return f"about {left} round{'s' if left != 1 else ''} left"


def meter_feet(doom: str) -> list[list[str]]:
    """The meter's lines under its pips, each as the ways to say it, longest first (the table
    draws the longest that fits): Doom, then on a line of its own the rounds it leaves ("about 5
    rounds left at this speed", else without "at this speed"); the meter stays about as narrow
    as its goal line, clear of the Area names on the island's shore."""
    doom_line, _, rounds = doom.partition(" · ")
    feet = [[doom_line]]
    if rounds:
        feet.append([rounds] + ([rounds[:-len(" at this speed")]] if rounds.endswith(" at this speed") else []))
    return feet


def setup_meter_lines(goal: dict) -> tuple[str, str]:
    """The meter while set-up runs: no round has begun, so no count of the race yet, only the
    goal to come (the same counts the meter shows once play begins)."""
    mode = goal["mode"]
    if mode == "solo":
        aim = f"{goal['need']} Achievements · before Doom reaches {goal['doom_max']}"
    elif mode == "coop":
        aim = f"{goal['need_achievements']} Achievements · or {goal['need_tokens']} tokens as a team"
    else:
        aim = f"most Achievements · once a tribe has {goal['need']}"
    return "Setting up the game", f"Goal to come: {aim}"      # two lines under the pips (meter_feet)


def meter_tip(goal: dict) -> tuple[str, list[str]]:
    """The meter's tooltip: the rule in our words and the counts behind it."""
    mode = goal["mode"]
    lines = []
    if goal.get("setup"):
        lines.append("Set-up is under way: first Settlements, Heroes and Essences are chosen; round 1 begins after.")
    if mode == "solo":
        lines.append(f"You win at the end of a turn in which you hold {goal['need']} Achievements.")
        lines.append(f"You hold {goal['held']}; {max(0, goal['need'] - goal['held'])} to go.")
    elif mode == "coop":
        lines.append("Together you win at the end of a turn when the tribes have claimed "
                     f"{goal['need_achievements']} different Achievements (one held by two counts once) "
                     f"or placed {goal['need_tokens']} Achievement tokens.")
        lines.append(f"Now: {goal['achievements']} of {goal['need_achievements']} Achievements, "
                     f"{goal['tokens']} of {goal['need_tokens']} tokens (the meter shows the nearer).")
    else:
        lines.append(f"The round in which a tribe claims its {goal['need']}th Achievement is the last; "
                     "then the tribe with the most Achievements wins.")
    lines.append(f"Everyone loses when Doom reaches {goal['doom_max']}.")
    if mode in ("solo", "coop"):
        lines.append(rises_by_itself(goal) + " " + doom_outlook(goal))
    return "The goal", lines


# Why Doom moved (engine/doom_causes.py's causes), in plain words for a newcomer: "+1 from ...".
CAUSE_WORDS = {
    "Automatic Doom": "the end of the round (Doom always rises then)",
    "Menace discarded": "Menaces drawn for a Guardian already Threatened or Corrupted",
    "Ignore Corruption": "Corruption left alone",
    "Havoc": "the Havoc token",
    "Unpaid claim": "Achievements claimed without paying for their slot",
    "Lost to Corruption": "a tribe lost to Corruption",
    "Cleanse Corruption": "Corruption cleansed",
    "Corruption Sower Perk": "the Corruption Sower's Perks",
    "The Twins set-up": "the Twins' set-up",
    "Other": "other things",
}


def rises_by_itself(goal: dict) -> str:
    """How much Doom climbs on its own at the end of a round (R34), in plain words."""
    return (f"At the end of every round Doom rises by itself: by {goal['automatic']} now, and by more "
            "once it is higher.")


def doom_outlook(goal: dict) -> str:
    """Where Doom is heading if it keeps rising as fast as it has so far."""
    left = goal["rounds_left"]
    if left is None:
        return "Nothing else has raised it so far."
    return (f"So far it rises about {goal['pace']} a round in all; at that speed it reaches "
            f"{goal['doom_max']}, where everyone loses, in about {left} round{'s' if left != 1 else ''}.")


def summary_lines(summary: dict, goal: dict, words, tribe_ids, viewer: int | None, solo: bool) -> list[str]:
    """The round card's lines: Doom by cause, Achievements claimed and lost, the next round."""
    out = []
    total = summary["doom_total"]
    of = f"{summary['doom']} of {goal['doom_max']}"
    if summary["doom_by_cause"]:
        parts = ", ".join(f"{'+' if n > 0 else ''}{n} from {CAUSE_WORDS.get(cause, cause)}"
                          for cause, n in sorted(summary["doom_by_cause"].items(), key=lambda kv: -abs(kv[1])))
        moved = (f"Doom rose by {total}" if total > 0 else f"Doom fell by {-total}" if total < 0
                 else "Doom ended where it began")
        out.append(f"{moved} this round and stands at {of}: {parts}.")
    else:
        out.append(f"Doom did not move this round (it stands at {of}).")

    def who(i):
        if solo or i == viewer:
            return "You"
        return words.tribe(tribe_ids[i])

    for i, aid in summary["claimed"]:
        out.append(f"{who(i)} claimed {words.achievement(aid)}.")
    for i, aid in summary["lost"]:
        out.append(f"{who(i)} lost {words.achievement(aid)}.")
    if not summary["claimed"] and not summary["lost"]:
        out.append("No Achievement was claimed or lost.")
    if goal["mode"] in ("solo", "coop"):
        out.append(f"At the end of the next round Doom rises by {goal['automatic']} by itself.")
        if goal["rounds_left"] is not None:
            out.append(doom_outlook(goal))
        need = f"{goal['held']} of the {goal['need']}"
        out.append(f"You hold {need} Achievements you need to win." if goal["mode"] == "solo" else
                   f"The team has {need} it needs to win.")
    return out


# ------------------------------------------------------------------------------ the meter
def draw_meter(surf, p, area: pygame.Rect) -> pygame.Rect | None:
    """The meter in the bottom-left corner of `area` (the island); a spot for its tooltip."""
    try:
        goal = goal_progress(p.g)
    except (KeyError, ValueError, ZeroDivisionError):
        return None
    P = p.P
    top, doom = setup_meter_lines(goal) if goal.get("setup") else meter_lines(goal)
    size, small = p.fs(14), p.fs(13)
    low = goal["rounds_left"] is not None and goal["rounds_left"] <= 2 and not goal.get("setup")
    head = T.text(top, size, T.INK, True)
    widest = max(head.get_width(), P(120), area.w * 2 // 5)      # the island's corner, not its middle
    feet = [T.fitted(T.first_fitting(ways, small, widest), small, widest, T.BAD if low else T.INK_DIM)
            for ways in meter_feet(doom)]
    w = max([head.get_width(), P(120)] + [f.get_width() for f in feet]) + P(16)
    h = P(5) + head.get_height() + P(9) + sum(f.get_height() for f in feet) + P(5)
    r = pygame.Rect(0, 0, w, h)
    r.bottomleft = (area.x + P(8), area.bottom - P(8))     # the sea's corner: decision bars sit at the top
    T.panel(surf, r, (30, 28, 36), T.GOLD, P(7), 1)
    surf.blit(head, (r.x + P(8), r.y + P(5)))
    # pips: one per Achievement needed (a bar when there are many)
    bar = pygame.Rect(r.x + P(8), r.y + P(5) + head.get_height() + P(2), r.w - P(16), P(5))
    need, held = max(1, goal["need"]), goal["held"]
    if need <= 8:
        gap = P(3)
        pw = (bar.w - gap * (need - 1)) / need
        for k in range(need):
            pr = pygame.Rect(round(bar.x + k * (pw + gap)), bar.y, max(2, round(pw)), bar.h)
            pygame.draw.rect(surf, T.GOLD if k < held else (70, 64, 74), pr, border_radius=P(2))
    else:
        pygame.draw.rect(surf, (70, 64, 74), bar, border_radius=P(2))
        pygame.draw.rect(surf, T.GOLD, (bar.x, bar.y, round(bar.w * min(1.0, held / need)), bar.h),
                         border_radius=P(2))
    y = bar.bottom + P(2)
    for foot in feet:
        surf.blit(foot, (r.x + P(8), y))
        y += foot.get_height()
    p.spots.add(METER_KEY, r)
    p.spots.blockers.append(r)
    if surf.get_rect().contains(r):       # the tutorial's arrow passes under the meter, never over its words
        p.spots.add_caption(surf.subsurface(r).copy(), r.topleft, None)
    return r


# ------------------------------------------------------------------------------ the round card
class RoundCard:
    """The summary of the round just ended, over the log until clicked (or the next round's)."""

    def __init__(self) -> None:
        self.seen_round: int | None = None      # the round the table last saw
        self.round: int | None = None           # the round the card sums up (None: no card)
        self.lines: list[str] = []
        self.rect: pygame.Rect | None = None
        self.enabled = True                     # the replay steps through rounds: no cards there

    def follow(self, game, words, viewer, solo: bool) -> bool:
        """After a change: a round just ended -> its card. True when the card changed."""
        if not self.enabled:
            return False
        s = game.state
        if s.stage != "play" and not s.game_over:
            self.seen_round = None
            return False
        rnd = s.round
        if self.seen_round is None:
            self.seen_round = rnd
            return False
        if rnd == self.seen_round:
            return False
        ended = self.seen_round
        self.seen_round = rnd
        if rnd != ended + 1 or not any(h.get("turn") and h["turn"][1] == ended for h in game.history):
            self.round = None    # an undo, a load or a jump: no card for a round not seen played
            return True
        try:
            summary = round_summary(game, ended)
            goal = goal_progress(game)
        except (KeyError, ValueError, ZeroDivisionError):
            return False
        self.round = ended
        self.lines = summary_lines(summary, goal, words, [t.id for t in s.tribes], viewer, solo)
        return True

    def close(self) -> None:
        self.round = None
        self.rect = None

    @property
    def shown(self) -> bool:
        return self.round is not None

    def hit(self, pos) -> bool:
        return self.shown and self.rect is not None and self.rect.collidepoint(pos)

    def draw(self, surf, p, area: pygame.Rect) -> None:
        """Over `area` (the log): a title, the lines, and how to close it."""
        if not self.shown:
            self.rect = None
            return
        P = p.P
        size = p.fs(12)
        lh = T.font(size).get_linesize()
        width = area.w - P(12)
        body: list[str] = []
        for line in self.lines:
            body += T.wrap(line, size, width - P(16))
        head = f"Round {self.round} is over"
        h = P(26) + lh * len(body) + P(22)
        r = pygame.Rect(area.x + P(6), area.y + P(4), width, min(h, area.h - P(8)))
        T.panel(surf, r, (40, 34, 26), T.GOLD, P(7), 2)
        surf.blit(T.text(head, p.fs(14), T.GOLD, True), (r.x + P(8), r.y + P(5)))
        y = r.y + P(26)
        clip = surf.get_clip()
        surf.set_clip(r)
        for line in body:
            surf.blit(T.text(line, size, T.INK), (r.x + P(8), y))
            y += lh
        img = T.text("click to close", p.fs(11), T.INK_FAINT)
        surf.blit(img, img.get_rect(bottomright=(r.right - P(8), r.bottom - P(4))))
        surf.set_clip(clip)
        self.rect = r
