"""The game: legal actions for whoever must act now, and apply() that performs or refuses.

Procedures that run by themselves (drafting tokens, resolving a Harvest, ending a turn) live in
`state.queue`; a rule that asks a player something sets `state.pending` and play waits (R27).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Container, Iterable
from typing import Any, Protocol, TypeVar, Unpack

from . import registry
from .achievements import check_achievements, fingerprint
from .action_schema import (ACHIEVEMENT, CARD, COLOR, GUARDIAN, HERB, HERO, INTS, NODE, PERK, PHASE,
                            REGION, SLOT, SPECS, shape_problem)
from .actions import Action
from .card import Card
from .describe import narrate
from .doom_causes import cause_of
from .corruption import tash
from .endgame import doom_reached, spelled_swaps
from .legal import LegalActions
from .names import Names, deciding, either
from .registry import QUIET_TASKS, TASKS
from .rng import Rng
from .rules import Rules
from .state import DecisionKind, GameState, HistoryEntry, Pending, PendingInfo, Tribe, Hero, copy_state
from .triggers import on_doom_forward
from .words import PHASES, Colour, Variant
from .native import mypyc_attr


# A Python class even when compiled: undo.UndoError (left pure) subclasses IllegalAction.
@mypyc_attr(native_class=False)
class IllegalAction(Exception):
    """A refused move; `reason` says why in words a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_NAMES: dict[tuple[str, int], str] = {}      # (tribe id, seat) -> "Bear (player 1)"
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}     # (first seat, players) -> seats in turn order
_T = TypeVar("_T")


# The words for what a move's field names (Game.unknown_names), and the values a field may carry
# beside its kind's ids: an unpaid claim's or a Cleanse's `doom`, the Shadow's innate move, Wido's
# random Sower Perk.
_KIND_WORDS = {REGION: "Region", NODE: "node", HERO: "Hero", PERK: "Perk", HERB: "Heirloom Herb",
               GUARDIAN: "Great Guardian", COLOR: "Essence colour", CARD: "Essence card",
               ACHIEVEMENT: "Achievement", PHASE: "Phase", SLOT: "Achievement slot"}
_DOOM_FIELDS = frozenset({("claim", "pay"), ("corruption", "target")})
_MORE_PERKS = frozenset({"shadow", "random-sower"})
_PHASES = frozenset(PHASES)
_SLOTS = frozenset({"any", "designated"})


# Tests and the soak set this (tests/conftest.py): every Game made afterwards checks that each quiet
# move or task (registry.Move.quiet) leaves what the Achievement check reads unchanged, and that
# every action that shrinks a face-down pile is marked random; either failing raises at once.
# A module setting, not a class attribute: a compiled Game's class cannot be assigned to.
VERIFY_QUIET = False


class TrackListener(Protocol):
    """Told what the tracks did (review/timeline.py records a game with one): Doom moved (the net
    move of one move_doom call, with its reason), Essences gained, a Menace track advanced."""

    def on_doom(self, moved: int, why: str) -> None: ...

    def on_gain(self, i: int, colour: str, got: int) -> None: ...

    def on_track(self, i: int, colour: Colour) -> None: ...


# A native class when compiled (its ~20 calls a decision are C calls, its attributes slots), so
# every attribute is declared in __init__ and nothing swaps its methods: the review listens through
# `listener`. Interpreted subclasses are allowed for tests and tools that change one step.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    def __init__(self, rules: Rules, state: GameState) -> None:
        self.rules: Rules = rules       # said outright: explain.py reads them before mypyc has inferred them
        self.state: GameState = state
        self.verify_quiet: bool = VERIFY_QUIET     # see VERIFY_QUIET (randomplay sets it per game)
        # A loaded save's record of who played each seat (saves.seats_of), None when it had none:
        # the table reads it; no rule does.
        self.saved_seats: dict[str, Any] | None = None
        # The Achievement check's memos (achievements.py), None until first used (a copy starts
        # without them).
        self._measures: Any = None
        self._achievements_settled: Any = None
        self.listener: TrackListener | None = None     # not copied: a copy is nobody's record
        self.rng = Rng(state)
        # One entry per applied action: {"action": Action, "player": int (0-based) or None,
        # "revealed": bool, "turn": (stage, round, lap, active) before it} and, when the action
        # moved Doom or an Achievement, "events": [plain lists] (note()). "revealed": the move
        # drew at random or brought something hidden to light (undo never goes back past it).
        self.history: list[HistoryEntry] = []
        self.origin: dict[str, Any] = {}           # how the game started (new game settings or a position)
        self._legal_cache: LegalActions | None = None
        self._listing: dict[tuple[str, int], Any] | None = None      # memo of one legal listing (listing_memo)
        self._checked = False    # an Achievement check found nothing to do since the last change
        # Things come to light without the generator: top cards taken from a face-down pile,
        # or cards leaving a tribe's hidden pool other than the mover's (take_from_pool).
        self.reveals = 0
        self._mover: int | None = None     # who plays the action being applied
        self._events: list[list[Any]] = []  # what the action being applied did to Doom and the Achievements
        # (tribes list, its lines memo, the seats' tribe ids) for tell()
        self._told: tuple[list[Tribe], dict[tuple[Any, ...], str], tuple[str, ...]] | None = None
        self._told_line: str | None = None  # the line tell() wrote last (retell replaces it)

    def copy(self, log: bool = True) -> Game:
        """An independent game in the same position: its own state (with its generator), the
        same rules, origin and history, so saves and undo work on it. The only way the package
        copies a game (bots' worlds, the review, the table's thinking threads, undo).
        `log=False` leaves the log behind: a playout never reads it."""
        g = Game(self.rules, copy_state(self.state, keep_log=log))
        g.origin = dict(self.origin)
        g.history = self.history[:]     # entries are never changed once written
        return g

    # ------------------------------------------------------------------ who acts, what is legal
    @property
    def acting(self) -> int | None:
        s = self.state
        if s.game_over:
            return None
        if s.pending is not None:
            return s.pending["player"]
        return s.active

    def tribe(self, i: int | None = None) -> Tribe:
        who = self.acting if i is None else i
        assert who is not None             # a finished game has no acting tribe to ask for
        return self.state.tribes[who]

    def allowed_kinds(self) -> tuple[str, ...]:
        s = self.state
        if s.game_over:
            return ()
        if s.pending is not None:
            return (s.pending["kind"],)
        if s.phase is None:
            return ("choose_phase",)
        if s.phase == "tribe":
            return registry.TRIBE_KINDS
        if s.phase == "event":
            if s.event_step == "guardian":
                return registry.EVENT_START
            if s.event_step == "draft":
                return ("draft",)
            if s.event_step == "beacons":
                return registry.EVENT_AFTER_DRAFT
            return ()
        if "drifter_started" in s.tribes[s.active].once:
            return registry.DRIFTER_KINDS              # "after all Heroes have taken their actions"
        return registry.HERO_KINDS

    def legal_actions(self) -> LegalActions:
        """Every legal action now, as a read-only sequence (Tribe Actions are built on demand)."""
        if self._legal_cache is None:
            self._listing = {}
            try:
                parts = [enum(self) for enum in registry.enumerators(self.allowed_kinds())]
            finally:
                self._listing = None
            self._legal_cache = LegalActions(parts)
        return self._legal_cache

    def listing_memo(self, name: str, i: int, compute: Callable[[Game, int], _T]) -> _T:
        """compute(self, i), shared by the kinds of one legal listing (the state cannot change
        within it); computed afresh when asked outside a listing."""
        memo = self._listing
        if memo is None:
            return compute(self, i)
        key = (name, i)
        if key not in memo:
            memo[key] = compute(self, i)
        found: _T = memo[key]
        return found

    def why_not(self, action: Action) -> str | None:
        """None when the action is legal now, else the reason in words."""
        s = self.state
        if s.game_over:
            return "The game is over."
        mv = registry.MOVES.get(action.kind)
        if mv is None:
            return f"'{action.kind}' is not a move of this game."
        player = action.get("player")
        acting = self.acting
        assert acting is not None          # only a finished game has nobody acting
        if player is not None:
            # a seat (Action.from_dict turned a file's player number into one); anything else,
            # or a seat outside this game, names nobody
            if isinstance(player, bool) or not isinstance(player, int):
                return f"There is no player {player} in this game."
            if not 0 <= player < s.players:
                return f"There is no player {player + 1} in this game."
            if player != acting:
                return f"It is not {self.tribe_name(player)}'s move: {self.tribe_name(acting)} must act now."
        if action.kind not in self.allowed_kinds():
            return self._not_now(action.kind)
        if shape_problem(action):
            # a field of the wrong shape (a number for a Region, one card for a payment): the rules
            # read only fields of the shapes the spec declares, so this is refused before them, in
            # words and never as the Action's repr with its ids
            doing = SPECS[action.kind].doing
            return f"{doing or 'That move'} is missing something it needs, or names it wrongly."
        a = self.normalize(action.without("player"))
        why = mv.check(self, a)
        if why:
            # a reason that would repeat a value this game has no such thing for (a Hero id
            # in a Region's field) says what the field wants instead
            unknown = self.unknown_names(a)
            if unknown and any(v in why for v in unknown[1]):
                return unknown[0]
        return why

    def unknown_names(self, a: Action) -> tuple[str, list[str]] | None:
        """The first field of `a` naming what this game has no such thing for (a Hero id in a
        Region's field, an Achievement that is no Achievement): (what the field wants, in words;
        the values it named), else None. Names.text says every id of the right kind, so a
        reason may name the values it is given once they are known."""
        spec = SPECS.get(a.kind)
        if spec is None:
            return None
        for key, v in a.fields:
            fld = spec.fields.get(key)
            if fld is None:
                continue
            types = [t for t in fld.types if t not in INTS]
            if not types or (v == "doom" and (a.kind, key) in _DOOM_FIELDS):
                continue
            for x in (v if isinstance(v, (list, tuple)) else (v,)):
                if isinstance(x, int) and len(types) < len(fld.types):
                    continue
                if not any(self._names(t, x) for t in types):
                    return (f"There is no such {either([_KIND_WORDS.get(t, t) for t in types])} in this game.",
                            [str(x)])
        return None

    def _names(self, kind: str, x: object) -> bool:
        """Whether x is an id of `kind` in this game (CHOICE: any word; the check says which)."""
        r, cat = self.rules, self.rules.catalog
        if isinstance(x, Card):
            return kind == CARD and x.colour in (cat.colors or {}) and (x.back is None or x.back in (cat.guardians or {}))
        if not isinstance(x, str):
            return False
        if kind == REGION:
            return x in r.board.regions
        if kind == NODE:
            return x in r.board.nodes
        if kind == CARD:
            return False            # a card field's text that is no card (Action reads those as Cards)
        domains: dict[str, Container[str]] = {
            HERO: cat.heroes, PERK: cat.perks, HERB: cat.herbs, GUARDIAN: cat.guardians, COLOR: cat.colors,
            ACHIEVEMENT: cat.achievements, PHASE: _PHASES, SLOT: _SLOTS}
        domain = domains.get(kind)
        if domain is None:
            return True
        return x in (domain or ()) or (kind == PERK and x in _MORE_PERKS) or \
            (kind == SLOT and x in (cat.colors or {}))

    def normalize(self, a: Action) -> Action:
        """Accept the spellings SCENARIOS.md allows: a single card for `pay`, `node` for `to`,
        a Region for a Guardian in a Drifter shift, become_sower's `replace` (into `give` and
        `take`); and those an older build wrote in saves: "old>new" in `replace`, and Tash's
        "doom+<guardian>" (Tash cleanses Doom with the Guardian anyway: the Guardian alone)."""
        pay = a.get("pay")
        if isinstance(pay, (str, Card)) and a.kind != "claim":
            a = a.replace(pay=(pay,))
        if a.kind in ("move_hero", "lore") and a.has("node") and not a.has("to"):
            a = a.replace(to=a["node"]).without("node")
        if a.kind == "perk" and a.has("to") and not a.has("node") and isinstance(a["to"], str) \
                and a["to"] in self.rules.board.nodes:
            a = a.replace(node=a["to"]).without("to")
        if a.kind == "drifter_shift":
            for key in ("from", "to"):
                v = a.get(key)
                if v in self.rules.board.regions:
                    gd = self.guardian_at(v)
                    if gd:
                        a = a.replace(**{key: gd})
        if a.kind == "go_quest" and a.get("deck") == "black":
            a = a.replace(deck="corruption")
        if a.kind == "become_sower" and a.has("replace"):
            a = self._typed_swaps(a)
        if a.kind == "corruption" and isinstance(a.get("target"), str) and "+" in a["target"]:
            parts = sorted(a["target"].split("+"))
            if len(parts) == 2 and "doom" in parts and self.state.pending is not None \
                    and tash(self, self.state.pending["player"]):
                a = a.replace(target=parts[0] if parts[1] == "doom" else parts[1])
        return a

    def _typed_swaps(self, a: Action) -> Action:
        pend = self.state.pending
        t = self.state.tribes[pend["player"]] if pend is not None else None
        hero = t.heroes.get(a.get("hero")) if t is not None else None
        give, take = spelled_swaps(a["replace"], list(hero.perks) if hero else [],
                                   list(self.state.sower_perks))
        return Action(a.kind, **{k: v for k, v in a.fields if k != "replace"},
                      give=give or None, take=take or None)

    def _not_now(self, kind: str) -> str:
        s = self.state
        if s.pending is not None:
            return f"First {self.tribe_name(s.pending['player'])} must decide {deciding(s.pending['kind'])}."
        if s.phase is None:
            return "Choose a Phase tile first."
        if s.phase == "event":
            if kind in registry.EVENT_START:
                return "That step of the Event Phase is over."  # R28
            if kind in registry.EVENT_AFTER_DRAFT:
                return "Draw the Menace Draft first."  # R28
        return f"You cannot do that in the {s.phase.capitalize()} Phase."

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | dict[str, Any], trusted: bool = False) -> None:
        if isinstance(action, dict):
            action = Action.from_dict(action)
        listed = self._legal_cache
        # the move just handed out by index (the usual client) is recognised without a call
        if listed is not None and (action is listed._last or action in listed):
            bare = action           # legal by construction, and already in its normal spelling
        else:
            if not trusted:
                reason = self.why_not(action)
                if reason is not None:
                    raise IllegalAction(reason)
            bare = self.normalize(action.without("player"))
        player = self.acting
        s = self.state
        draws_before = s.rng_draws
        forced_before = len(s.forced) + len(s.bag_order)
        reveals_before = self.reveals
        hidden_before = self._hidden(player) if self.verify_quiet else None
        turn = (s.stage, s.round, s.lap, s.active)
        events: list[list[Any]] = []
        self._events = events
        self._mover = player
        quiet = self._perform(registry.MOVES[bare.kind], bare)
        self._legal_cache = None
        self.state.achievements_live = True
        self.advance(quiet)
        self._mover = None
        # "revealed": the generator was used or something hidden came to light (a deck, the Herb
        # deck or the bag shrank; another tribe's hidden cards changed) - undo never goes back
        # past such a move (BGA's policy). The bag is only drawn from by the generator or a
        # scenario's order; a deck or the Herb deck can give its top card without the
        # generator, and those draws count `reveals`, as do cards taken from another's pool.
        s = self.state
        revealed = (s.rng_draws != draws_before or len(s.forced) + len(s.bag_order) != forced_before
                    or self.reveals != reveals_before)
        if hidden_before is not None and not revealed:
            piles, others = self._hidden(player)
            if any(a < b for a, b in zip(piles, hidden_before[0], strict=True)) or others != hidden_before[1]:
                raise AssertionError(f"{bare} took something face-down or from a hidden pool without counting it")
        entry: HistoryEntry = {"action": bare, "player": player, "revealed": revealed, "turn": turn}
        if events:
            entry["events"] = events
            self._events = []
        self.history.append(entry)

    def _perform(self, mv: registry.Move, a: Action) -> bool:
        """Perform a move (chosen, or the only option of a decision); True when it is quiet and
        follows a check that found nothing, so no Achievement check need follow it."""
        q: Any = mv.quiet           # True, False or fn(game, action); a class test is the cheap one
        quiet: bool = self._checked and (q if q.__class__ is bool else q(self, a))
        self._checked = quiet       # any other step may change what the Achievements read
        before = self._quiet_inputs() if quiet and self.verify_quiet else None
        self.tell(a)
        mv.perform(self, a)
        if before is not None:
            self._verify_quiet(before, f"the move {a}")
        return quiet

    def tell(self, a: Action) -> None:
        """The log's line for a move about to be performed: describe's phrase, told by its mover
        (describe.narrate); what the move then does (Essences gained, Doom) follows it. Every
        move is told, so the finished lines are remembered per seating (Names.lines_for) under
        plain tuples, cheaper to hash than the Action."""
        s = self.state
        told = self._told
        if told is None or told[0] is not s.tribes:
            seats = tuple(t.id for t in s.tribes)
            told = self._told = (s.tribes, Names.of(self.rules).lines_for(seats), seats)
        i = self.acting
        key = (a.kind, a.fields, i)
        line = told[1].get(key)
        if line is None:
            who = self.tribe_name(i) if i is not None else "?"
            line = narrate(a, Names.of(self.rules), who, told[2]) + "."
            if len(told[1]) > 20_000:
                told[1].clear()
            told[1][key] = line
        log = s.log
        log.append(line)
        self._told_line = line
        if len(log) > 400:
            del log[:100]

    def retell(self, text: str) -> None:
        """The move's own line said again by its perform, which knows only then what the move
        gave ("... harvests 1 green Essence from bear-forest": a Terrain Harvest's pick, whose
        colour is the Harvest's, not the move's): it replaces the line tell() wrote for the move,
        so the log says it once. Said as a line of its own when that line is no longer the last."""
        log = self.state.log
        if log and log[-1] is self._told_line:
            log[-1] = Names.of(self.rules).text(text)
            self._told_line = None
        else:
            self.log(text)

    def _hidden(self, player: int | None) -> tuple[list[int], list[tuple[list[Card], list[Card]]]]:
        """What `player` cannot see, as the verification compares it around an action: the
        face-down piles' sizes (one shrinks only when its top comes to light) and the other
        tribes' hidden cards (any change shows them something)."""
        s = self.state
        return ([*(len(s.decks[c]) for c in sorted(s.decks)), len(s.herb_deck), len(s.bag),
                 sum(len(p) - 1 for p in s.perk_piles if p)],      # Perk tiles under the tops
                [(sorted(t.essences), sorted(q for h in t.heroes.values() for q in h.quests))
                 for k, t in enumerate(s.tribes) if k != player])

    def invalidate_legal(self) -> None:
        """Forget what was derived from the state: the cached legal-action list and whether the
        Achievements were checked (call it after editing the state by hand; benchmarks time the
        listing itself)."""
        self._legal_cache = None
        self._checked = False

    def advance(self, quiet: bool = False) -> None:
        """Run automatic procedure steps until someone must choose (R27). Achievements are
        checked after every step (R32) except a quiet one after a check that found nothing."""
        s = self.state
        if not quiet:
            self._checked = False
        guard = 0
        while not s.game_over:
            guard += 1
            if guard > 10000:
                raise RuntimeError("advance() did not settle")
            self._legal_cache = None
            if s.pending is not None:
                opts = self.legal_actions()
                if len(opts) == 1:
                    a = opts[0]
                    quiet = self._perform(registry.MOVES[a.kind], a)
                    continue
                if not opts:
                    # A decision nobody can make (should not happen): drop it rather than hang.
                    self.log(f"(no option for {s.pending['kind']}; skipped)")
                    s.pending = None
                    continue
                return
            if s.stage == "play" and s.achievements_live and not quiet:
                if check_achievements(self):
                    continue
                self._checked = True
            if s.queue:
                t = s.queue.pop(0)
                q = QUIET_TASKS.get(t["task"]) if self._checked else None
                quiet = self._checked = q is True or (q is not None and q(self, t))
                before = self._quiet_inputs() if quiet and self.verify_quiet else None
                TASKS[t["task"]](self, t)
                if before is not None:
                    self._verify_quiet(before, f"the task {t['task']}")
                continue
            return
        self._legal_cache = None

    def _quiet_inputs(self) -> tuple[Any, ...]:
        """What the Achievement check reads: the measures' inputs, the holders, the tokens."""
        s = self.state
        return (fingerprint(s), {k: list(v) for k, v in s.achievements.items()},
                [(list(t.slots), t.designated, t.sower, list(t.achievements)) for t in s.tribes],
                s.mode, s.stage)

    def _verify_quiet(self, before: tuple[Any, ...], what: str) -> None:
        if self.state.game_over:
            return                  # no check follows the end of the game anyway
        if self._quiet_inputs() != before:
            raise AssertionError(f"{what} is declared quiet but changed what Achievements read")

    # ------------------------------------------------------------------ helpers used by moves
    def note(self, *event: Any) -> None:
        """Record what the action being applied did, as plain data in its history entry:
        ("doom", steps, cause) and ("claim" | "lose", tribe index, Achievement id). The round
        summary (preview.round_summary) and the review read these instead of guessing."""
        self._events.append(list(event))

    def log(self, text: str) -> None:
        # the log is player text (shown at the table, kept in saves): ids said as printed names
        self.state.log.append(Names.of(self.rules).text(text))
        if len(self.state.log) > 400:
            del self.state.log[:100]

    def ask(self, player: int, kind: DecisionKind, **info: Unpack[PendingInfo]) -> None:
        self.state.pending = {"player": player, "kind": kind, **info}

    def take_pending(self) -> Pending | None:
        """The decision being answered, now answered (a decision's perform starts here)."""
        pend, self.state.pending = self.state.pending, None
        return pend

    def push_front(self, *tasks: dict[str, Any]) -> None:
        self.state.queue[0:0] = list(tasks)

    def tribe_name(self, i: int) -> str:
        tid = self.state.tribes[i].id
        name = _NAMES.get((tid, i))             # every log line names a tribe
        if name is None:
            name = _NAMES[(tid, i)] = f"{tid.capitalize()} (player {i + 1})"
        return name

    def order_from(self, start: int) -> list[int]:
        n = self.state.players
        order = _ORDERS.get((start, n))
        if order is None:
            order = _ORDERS[(start, n)] = tuple((start + k) % n for k in range(n))
        return list(order)

    # Cards -----------------------------------------------------------
    def pool(self, i: int) -> Counter[str]:
        return Counter([c.colour for c in self.state.tribes[i].essences])

    def draw_card(self, colour: str) -> Card | None:
        s = self.state
        deck = s.decks[colour]
        if s.forced:
            want = s.forced[0]            # a scenario's `draw:` as written: "red@owl" or "red"
            if want.partition("@")[0] != colour:
                raise IllegalAction(f"forced draw {want} does not fit a draw from the {colour} deck")
            s.forced.pop(0)
            for pile in (deck, s.discards[colour]):
                for k, c in enumerate(pile):
                    if c.packed == want or (("@" not in want) and c.colour == want):
                        return pile.pop(k)
            raise IllegalAction(f"forced draw {want}: no such card in the {colour} deck")
        if not deck:
            if not s.discards[colour]:
                return None              # R40
            deck.extend(s.discards[colour])
            s.discards[colour].clear()
            self.rng.shuffle(deck)
        self.reveals += 1
        return deck.pop(0)

    def gain(self, i: int, colour: str, n: int = 1, source: str = "", told: bool = False) -> int:
        """Tribe i draws n cards of `colour` into its pool, said once in the log: "... gains 1 red
        Essence from bear-forest" (`source`: where it came from, in ids), or not at all when the
        move's own line already said it (`told`: "You take a Blue Essence from ..."), unless the
        deck and its discards ran out (R40)."""
        got = 0
        for _ in range(n):
            card = self.draw_card(colour)
            if card is None:
                break
            self.state.tribes[i].essences.append(card)
            got += 1
        if got < n:
            self.log(f"No {colour} Essence is left to draw: {self.tribe_name(i)} gains {got} of {n}.")
        elif got and not told:
            self.log(f"{self.tribe_name(i)} gains {got} {colour} Essence{'s' if got > 1 else ''}"
                     + (f" {source}" if source else "") + ".")
        if got and self.listener is not None:
            self.listener.on_gain(i, colour, got)
        return got

    def discard_card(self, card: Card) -> None:
        self.state.discards[card.colour].append(card)

    def take_from_pool(self, i: int, spec: Card) -> Card:
        """Remove a card matching spec (red@owl, or red: a back not named) from tribe i's pool
        and return it."""
        if i != self._mover:
            self.reveals += 1            # a card leaves a pool its mover could not see
        pool = self.state.tribes[i].essences
        if spec.back is not None:
            pool.remove(spec)
            return spec
        # A colour alone: give up the card whose back matters least (the last one of that colour).
        col = spec.colour
        for k in range(len(pool) - 1, -1, -1):
            if pool[k].colour == col:
                return pool.pop(k)
        raise ValueError(spec)

    def pay(self, i: int, cards: Iterable[Card]) -> None:
        for spec in cards:
            self.discard_card(self.take_from_pool(i, spec))

    def has_cards(self, i: int, cards: Iterable[Card | str]) -> str | None:
        pool = Counter(self.state.tribes[i].essences)
        colours = self.pool(i)
        for given in cards:
            # typed Card | str, not Card: a compiled build checks the type at the loop, before this test
            if not isinstance(given, Card):     # a field a file spelled wrong (Action keeps it as written)
                return f"'{given}' is not an Essence colour."
            spec = given
            if spec.back is not None:
                if pool[spec] <= 0:
                    return f"You have no {spec} to give."
                pool[spec] -= 1
                colours[spec.colour] -= 1
            else:
                if colours[spec.colour] <= 0:
                    return f"You do not have enough {spec.colour} Essences."
                colours[spec.colour] -= 1
        # Cards named by colour must not use up the cards named with a back.
        for again in cards:                     # all Cards: the loop above returned on anything else
            if isinstance(again, Card) and again.back is None and colours[again.colour] < 0:
                return f"You do not have enough {again.colour} Essences."
        return None

    # Tokens ----------------------------------------------------------
    def draw_token(self) -> tuple[str, str | None] | None:
        """Take a token from the bag: (token id, Guardian side shown) - R6."""
        s = self.state
        r = self.rules
        if not s.bag:
            return None
        if s.forced:
            want = s.forced.pop(0)
            return self._take_token(want)
        while s.bag_order:
            tok, side = s.bag_order.pop(0)
            if tok in s.bag:                       # a scenario's bag, drawn first to last
                s.bag.remove(tok)
                return tok, side
        tok = s.bag.pop(self.rng.below(len(s.bag)))
        sides = r.tokens[tok][1]
        side = sides[self.rng.below(2)] if sides else None
        return tok, side

    def _take_token(self, want: str) -> tuple[str, str | None]:
        s = self.state
        r = self.rules
        if want == "havoc":
            for k, tok in enumerate(s.bag):
                if r.tokens[tok][0] == "havoc":
                    return s.bag.pop(k), None
            raise IllegalAction("forced draw havoc: the Havoc token is not in the bag")
        kind, _, side = want.partition("@")
        found = self.find_token(kind, side, s.bag) or self.find_token(kind, None, s.bag)
        if found is None:
            raise IllegalAction(f"forced draw {want}: no such token in the bag")
        s.bag.remove(found)
        # Which two Guardians share a token is not printed anywhere (R6): a forced side is honoured.
        return found, side

    def find_token(self, kind: str, side: str | None, places: Iterable[str]) -> str | None:
        for tok in places:
            tk, sides = self.rules.tokens[tok]
            if tk == kind and (side is None or side in sides):
                return tok
        return None

    # Tracks ----------------------------------------------------------
    def move_doom(self, n: int, why: str = "") -> None:
        s = self.state
        if n == 0:
            return
        before = s.doom
        s.doom = max(0, min(self.rules.doom_max, s.doom + n))
        moved = s.doom - before
        if moved:
            self.note("doom", moved, cause_of(why))
            # in words: "Doom -1 (Cleanse Corruption) -> 4." read as notation (playtest)
            said = f"Doom {'rises' if moved > 0 else 'falls'} by {abs(moved)} to {s.doom}"
            self.log(f"{said} ({why})." if why else f"{said}.")
        if moved > 0:
            on_doom_forward(self, moved)
        if s.doom >= self.rules.doom_max:
            doom_reached(self)
        # told after the triggers, so the net move includes any Doom they moved (each nested
        # move_doom is told too, first)
        if self.listener is not None and s.doom != before:
            self.listener.on_doom(s.doom - before, why)

    def move_corruption(self, i: int, n: int) -> None:
        t = self.state.tribes[i]
        t.corruption = max(0, min(self.rules.corruption_max, t.corruption + n))
        if t.corruption < self.rules.corruption_max:
            t.lost_counted = False

    def advance_track(self, i: int, colour: Colour) -> None:
        t = self.state.tribes[i]
        if t.solved[colour] < self.rules.menace_max:
            t.solved[colour] += 1
        if self.listener is not None:
            self.listener.on_track(i, colour)

    # Heroes ----------------------------------------------------------
    def occupied(self) -> set[str]:
        s = self.state
        taken = {h.node for t in s.tribes for h in t.heroes.values() if h.node}
        if s.drifter and s.drifter.get("node"):
            taken.add(s.drifter["node"])
        return taken

    def max_gems(self, hero: Hero) -> int:
        r = self.rules
        n = r.gems_for_level(hero.level) - hero.lost_gems
        return max(0, n)

    def owner_of(self, region: str) -> int | None:
        for i, t in enumerate(self.state.tribes):
            if region in t.settlements:
                return i
        return None

    def guardian_at(self, region: str) -> str | None:
        for g, d in self.state.guardians.items():
            if d["region"] == region:
                return g
        return None

    def region_status(self, region: str) -> str | None:
        """'threatened' / 'corrupted' / None for the Region under a Guardian with a token."""
        return self.region_statuses().get(region)

    def region_statuses(self) -> dict[str, str]:
        """Every troubled Region at once: Region -> 'threatened' (a Menace under its Guardian) or
        'corrupted' (a Corruption token); a Region missing is neither (the Harvest's counts and
        the bots read all of them together)."""
        out = {}
        tokens = self.rules.tokens                # token -> (kind, ...): rules.token_kind, inlined
        for d in self.state.guardians.values():
            tok = d.get("token")
            if tok:
                out[d["region"]] = "corrupted" if tokens[tok][0] == "corruption" else "threatened"
        return out

    def under(self, g: str) -> str | None:
        tok = self.state.guardians[g].get("token")
        return self.rules.token_kind(tok) if tok else None

    def variant(self, name: Variant) -> bool:
        return name in self.state.variants

    def coop_like(self) -> bool:
        return self.state.mode in ("coop", "solo")
