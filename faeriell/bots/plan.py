"""The hint's plan: the line the coach means to play this turn, kept from the Phase to the move.

A hint at a Phase choice (or the first hint of a turn) is the expert's move (bots.hint); the plan
is that move and what follows it in the same turn, played on a world imagined from the player's
view by the greedy heuristic, the policy the expert's own playouts follow (lookahead.py), up to
the end of the turn or the first move whose outcome is luck (a draw, a token from the bag). Its
aim is what the whole line gains, in the goal's terms (expert.line_gain_and_risk, read off the
engine's moves played on a copy: no rule is said twice here).

The hints inside the turn follow the plan: its next step while the engine still allows it (a Tribe
Action paid with other cards is the same step). When it no longer does, or something was drawn or
revealed since, the expert is asked again and the hint says what changed in one line.

The plan lives in the hint's own state (the table screen, the benchmark), never in the game: it
changes no move of any bot and nothing in a save.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from faeriell.engine.action_schema import TRIBE_ACTIONS
from faeriell.engine.actions import Action
from faeriell.engine.core import Game, IllegalAction
from faeriell.engine.describe import describe
from faeriell.engine.names import Names

from .expert import ExpertBot, _reach_words, _within_reach, bought_item, line_gain_and_risk, promised_items
from .heuristic import best_action
from .observe import determinize, view_of

# the fields a payment is given by: a Tribe Action paid with other cards is the same step
PAY_FIELDS = ("pay", "discounts")
MAX_STEPS = 12                    # a turn's line is a few moves; this only bounds a runaway


@dataclass(frozen=True)
class Plan:
    player: int
    turn: tuple                   # (stage, round, lap, active): the plan ends with this turn
    start: int                    # moves in the game's history when the plan was made
    steps: tuple                  # the line, first move first (Actions)
    labels: tuple                 # each step in the game's words
    aim: str                      # what the line gains, in the goal's terms ("" when nothing counts yet)
    # what the line brings within reach for this round's Tribe Phase, still to come (the aim's
    # "enough for a Red Beacon in your Tribe Phase this round"): (round, items)
    promise: tuple = ()


def turn_of(game: Game) -> tuple:
    s = game.state
    return (s.stage, s.round, s.lap, s.active)


def same_step(played: Action, planned: Action) -> bool:
    """The planned move as played: a Tribe Action paid with other cards is the same step."""
    if played == planned:
        return True
    if played.kind != planned.kind or played.kind not in TRIBE_ACTIONS:
        return False
    return played.without(*PAY_FIELDS) == planned.without(*PAY_FIELDS)


def played_steps(plan: Plan, game: Game) -> int | None:
    """How many of the plan's steps the game has played since it was made; None when the plan is
    not this turn's, or a move other than its steps was played."""
    if game.state.game_over or turn_of(game) != plan.turn or game.acting != plan.player:
        return None
    h = game.history
    if len(h) < plan.start:
        return None
    since = h[plan.start:]
    if len(since) > len(plan.steps):
        return None
    for k, e in enumerate(since):
        if e.get("player") != plan.player or not same_step(e["action"], plan.steps[k]):
            return None
    return len(since)


def revealed_since(plan: Plan, game: Game) -> bool:
    return any(e.get("revealed") for e in game.history[plan.start:])


def legal_form(game: Game, step: Action) -> Action | None:
    """The step as the engine allows it now: itself, else the same Tribe Action paid otherwise
    (the payment the heuristic likes best); None when it cannot be played."""
    if game.why_not(step) is None:
        return step
    if step.kind not in TRIBE_ACTIONS:
        return None
    alike = [a for a in game.legal_actions() if same_step(a, step)]
    if not alike:
        return None
    if len(alike) == 1:
        return alike[0]
    assert game.acting is not None          # a plan's step is asked only while someone acts
    return best_action(game, game.acting, alike)[0]


def remaining(plan: Plan, game: Game) -> list[Action]:
    """The plan's steps still to play, [] when it is not this turn's any more."""
    m = played_steps(plan, game)
    return [] if m is None else list(plan.steps[m:])


def make_plan(game: Game, first: Action, seed: int = 0) -> Plan:
    """The line from `first` to the end of the turn (or its first luck), on a world imagined from
    the acting player's view, the rest chosen by the greedy heuristic."""
    player = game.acting
    assert player is not None, "a plan is made for whoever acts now"
    world = determinize(game.rules, view_of(game, player), player, random.Random(seed))
    start_world = world.copy(log=False)
    turn = turn_of(world)
    steps: list[Action] = []
    a: Action | None = first
    while a is not None and len(steps) < MAX_STEPS:
        try:
            world.apply(a, trusted=True)
        except IllegalAction:
            break
        steps.append(a)
        # the engine's own mark of a move that drew or revealed something (Game.apply): what
        # comes after it is not known yet, so the plan ends there, as it does with the turn
        if (world.state.game_over or world.history[-1].get("revealed") or turn_of(world) != turn
                or world.acting != player):
            break
        acts = world.legal_actions()
        if not acts:
            break
        a = best_action(world, player, list(acts))[0]
    names = Names.of(game.rules)
    tribes = [t.id for t in game.state.tribes]
    labels = tuple(describe(x, names, tribes) for x in steps)
    gains, risks = line_gain_and_risk(start_world, player, steps, names)
    aim = "; ".join(gains + risks)
    return Plan(player, turn, len(game.history), tuple(steps), labels, aim,
                _promise(start_world, world, player))


def _promise(before: Game, after: Game, player: int) -> tuple:
    """(round, what the line brought within reach) when this round's Tribe Phase is still to come
    after the line and the coach's own line for that Phase buys it; () otherwise. The engine
    lists what can be paid (expert._within_reach, expert.promised_items)."""
    s0, s1 = before.state, after.state
    if s1.game_over or s1.round != s0.round or s1.stage != "play" or s1.phase == "tribe":
        return ()
    if s1.rng_draws != s0.rng_draws or len(s1.bag) != len(s0.bag):
        return ()                    # luck: the hint promised nothing (expert.gain_and_risk)
    if "tribe" in s1.tribes[player].phases_done:
        return ()
    # only what the coach's own Tribe Phase line would buy is a promise (the aim's words say the
    # rest as a chance: expert._reach_note)
    fresh = promised_items(before, after, player)
    return (s1.round, tuple(fresh)) if fresh else ()


def _buys(steps, item) -> bool:
    """Does the line buy what was brought within reach?"""
    return any(bought_item(a) == item for a in steps)


def _kept_promise(old: Plan | None, new: Plan, game: Game, seed: int) -> tuple[Plan, str]:
    """The new plan with an older plan's promise for this round's Tribe Phase carried on, and,
    when the new plan plays that Tribe Phase without buying what was promised, the one line that
    says why ("a Level Up of your Shaman waits: the Essences for it are no longer there")."""
    if old is None or not old.promise or old.player != new.player or old.promise[0] != game.state.round:
        return new, ""
    in_tribe = any(a.kind == "choose_phase" and a.get("phase") == "tribe" for a in new.steps) \
        or game.state.phase == "tribe"
    if not in_tribe:
        if new.promise:
            return new, ""
        return dataclasses.replace(new, promise=old.promise), ""
    bought = [e["action"] for e in game.history[old.start:] if e.get("player") == new.player]
    missed = [x for x in old.promise[1] if not _buys(new.steps, x) and not _buys(bought, x)]
    if len(missed) < len(old.promise[1]) or not missed:
        return new, ""               # one of the things promised is bought: the promise kept
    names = Names.of(game.rules)
    world = determinize(game.rules, view_of(game, new.player), new.player, random.Random(seed))
    reach = _within_reach(world, new.player)
    item = missed[0]
    what = _reach_words(item, names)
    if item in reach:
        buys = [lbl for x, lbl in zip(new.steps, new.labels, strict=True) if x.kind in TRIBE_ACTIONS]
        if buys:
            return new, f"Change of plan: {what} can still be paid, but “{buys[0]}” is worth more now."
        return new, f"Change of plan: {what} can still be paid, but it is not worth its cost now."
    return new, f"Change of plan: {what} waits: the Essences for it are no longer there."


def plan_words(plan: Plan) -> str:
    """The plan on the hint card: its moves in order, then its aim ("Play the Tribe Phase, then
    Build a Red Beacon in ..., then End the Phase. Aim: a step toward the Beacons Achievement
    (2 of 3 Beacons)")."""
    shown = list(plan.labels[:4])
    if len(plan.labels) > 4:               # a card's line, not the whole turn
        more = len(plan.labels) - 4
        shown.append(f"{more} more move{'s' if more > 1 else ''}")
    text = ", then ".join(shown)
    if plan.aim:
        text += f". Aim: {plan.aim}"
    return text + "."


def _says_more(plan: Plan) -> bool:
    """Does the line do more than its first move and ending the Phase?"""
    return any(x.kind != "end_phase" for x in plan.steps[1:])


def change_words(plan: Plan, game: Game) -> str:
    """Why the plan's next step is dropped, in one line (empty when it still stands or is done)."""
    m = played_steps(plan, game)
    if m is None or m == 0 or m >= len(plan.steps):
        return ""
    label = plan.labels[m]
    if revealed_since(plan, game):
        names = Names.of(game.rules)
        e = next(e for e in game.history[plan.start:] if e.get("revealed"))
        move = describe(e["action"], names, [t.id for t in game.state.tribes])
        return f"Change of plan: “{move}” turned up something new, so “{label}” is looked at again."
    why = game.why_not(plan.steps[m])
    if why and legal_form(game, plan.steps[m]) is None:
        why = why.strip().rstrip(".")
        return f"Change of plan: {label} can no longer be played: {why[:1].lower() + why[1:]}."
    return ""


def next_step(plan: Plan | None, game: Game) -> Action | None:
    """The plan's next step as the engine allows it now, or None (no plan for this turn, the plan
    done, or the step no longer possible, or something drawn or revealed since)."""
    if plan is None:
        return None
    m = played_steps(plan, game)
    # a plan not yet begun (asked again at the same position) is made again: the coach may look
    # anew until the player has followed it
    if m is None or m == 0 or m >= len(plan.steps) or revealed_since(plan, game):
        return None
    return legal_form(game, plan.steps[m])


def step_reason(game: Game, plan: Plan, action: Action, seed: int = 0) -> str:
    """A step of the plan said as the hint says any move, then where it stands in the plan."""
    player = game.acting
    assert player is not None, "a step is said to whoever acts now"
    world = determinize(game.rules, view_of(game, player), player, random.Random(seed))
    text = ExpertBot(seed).reason(world, player, action)
    m = played_steps(plan, game) or 0
    tail = f" Step {m + 1} of {len(plan.steps)} of the plan"
    # the aim again only where this step's own words do not already say it
    return text + tail + (f" (aim: {plan.aim})." if plan.aim and plan.aim not in text else ".")


def follow(game: Game, plan: Plan | None, ask, seed: int = 0) -> tuple:
    """(action, reason, plan) for whoever acts now: the plan's next step while it stands, else
    `ask(game)` (the expert: bots.hint's (action, reason)) and a new plan from its move, its reason
    led by what changed when an old plan was dropped."""
    step = next_step(plan, game)
    if step is not None and plan is not None:
        return step, step_reason(game, plan, step, seed), plan
    changed = change_words(plan, game) if plan is not None else ""
    action, reason = ask(game)
    if action is None:
        return action, reason, None
    if game.state.stage != "play":
        return action, reason, None          # set-up: its steps are said one by one
    new = make_plan(game, action, seed)
    if action.kind == "choose_phase" and _says_more(new):
        # the Phase is chosen for this line: say the line, not the Phase's whole menu; the steps
        # inside say "Step 2 of 3 of the plan"
        reason = plan_words(new)
    elif action.kind == "choose_phase" and len(new.steps) > 1:
        # chosen to be ended at once: say so, never the Phase's menu the plan does not buy from
        # (the learner read "spend Essences on a Beacon", then "End the Phase")
        reason = (f"{new.labels[0]}, then {new.labels[1]}: nothing in it is worth its cost now; "
                  "it uses up this turn and keeps the other Phases for later turns.")
    new, broken = _kept_promise(plan, new, game, seed)
    changed = changed or broken
    if changed and plan is not None and not broken:
        m = played_steps(plan, game)
        if m is not None and m < len(plan.steps) and same_step(action, plan.steps[m]):
            changed = ""             # looked at again, the same step stands: nothing to say
    if changed:
        reason = changed + " " + (reason or "")
    return action, reason, new
