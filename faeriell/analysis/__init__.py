"""The analysis board's model (issue 45): an editable position, its check, a tree of variations,
the coach's moves, and sharing as files. No pygame, no pytmx: the screen (faeriell/ui) builds on it.

API (seats are numbered from 0; every message is one line in the game's words, no ids shown):

    from faeriell import analysis as an

    # -- open ----------------------------------------------------------------------------------
    start = an.open_start(path_or_None)      # AnalysisStart(position, tree, source, kind, name);
                                             # None/"": an empty board; else a scenario or a save.
                                             # Raises an.AnalysisError (one line naming the file)
    start = an.open_game(game)               # "Analyse from here" on a live Game (table, replay,
                                             # review); mid-decision it opens at the last moment the
                                             # board can hold and start.note says so (one line)
    start = an.import_text(text)             # pasted scenario YAML or save JSON (same limits)
    start = an.import_file(path)

    # -- the position (immutable dataclasses: Position, Setup, BoardSpec, TribeSpec, HeroSpec, TurnSpec)
    pos = an.empty_position(players=2, mode="competitive")
    pos = an.from_game(game)                 # the position of a live Game
    game = an.build(pos)                     # the engine's Game at it (PositionError if illegal)
    fault = an.check(pos)                    # None, or Fault(message, field, seat, marks):
                                             # marks = Region/Node/Guardian ids to highlight
    # edits: each returns a new Position, or a Fault (a refusal; `pos` is unchanged either way)
    r = an.place_settlement(pos, seat, region)     # remove_settlement(pos, region), move_settlement(pos, a, b)
    r = an.place_beacon(pos, seat, region, colour) # remove_beacon(pos, region)
    r = an.place_hero(pos, seat, hero_type, node, perks=None, gems=None, quests=None)
                                             # set_hero(...perks/gems/quests), move_hero(pos, seat, hero, node),
                                             # remove_hero(pos, seat, hero); level = 1 + len(perks)
    r = an.place_totem(pos, region, yellow=0)      # remove_totem
    r = an.move_guardian(pos, guardian, region)    # set_under(pos, guardian, "red".."green"|"corruption"|None)
    r = an.set_harvest(pos, wheel_space)           # set_winter_gems(pos, spaces), set_heartland(pos, area, region, token)
    r = an.place_drifter(pos, node, owner_seat)    # remove_drifter
    r = an.set_doom(pos, n)                        # set_corruption(pos, seat, n), set_essences(pos, seat, colour, n),
                                             # set_herbs(pos, seat, ids), set_attunements(pos, seat, ids),
                                             # set_rotated(pos, seat, ids): those used this round,
                                             # set_achievements(pos, seat, held, designated), set_solved(pos, seat, colour, n),
                                             # set_sower(pos, seat|None)
    r = an.set_turn(pos, seat)                     # set_round, set_lap, set_phase(pos, phase|None, done=None),
                                             # set_first_player(pos, seat), set_setup(pos, players=, mode=, ...)
    isinstance(r, an.Fault)                  # the refusal: r.message, r.field, r.marks, r.seat,
                                             # r.rule_kind (the action kind whose rules F1 opens)

    # -- the tree of variations ----------------------------------------------------------------
    tree = an.Tree(pos)                      # (the root must pass the check) or start.tree;
                                             # hidden orders are the position's own build, never a live game's
    node = tree.play(action)                 # follow the same child or add one; AnalysisError (.rule_kind) if the
                                             # engine refuses (its reason in words); Node(id, parent,
                                             # action, text, player, children, chance)
    tree.back(); tree.forward(); tree.jump(node_id); tree.delete(node_id); tree.promote(node_id)
    tree.current; tree.nodes; tree.main_line(); tree.path(node_id); tree.line(node_id)
    game = tree.game(node_id=None)           # the Game at a node (a copy: yours to play on)
    game = an.board_game(live_game)          # the Game a Tree.from_game(live_game) is rooted at: root a
                                             # tree of your own there and its lines export exactly
    tree.set_chance(node_id, chance)         # the coach's chance beside a node, or:
    an.node_chance(tree, node_id)            # measure it (the mover's side, after the move) and keep it
    an.shown_chance(game, seat)              # THE chance the board shows ("the coach's chance",
                                             # an.CHANCE_WORDS): every figure comes from it

    # -- the coach -----------------------------------------------------------------------------
    ans = an.coach_moves(game, n=3, seconds=0.8, worlds=6)   # CoachAnswer(moves, player, imagined, note, ...)
    ans = an.think_longer(game)              # the table's "think longer" time and more worlds
    for m in ans.moves: m.action, m.label, m.plan, m.reason, m.chance, m.coach_pick
    ans.imagined, ans.note                   # always True: the panel says the hidden things were imagined
    # (slow: seconds of work; run it off the frame, as the table's hint does)

    # -- share ---------------------------------------------------------------------------------
    text = an.scenario_text(tree, name)      # SCENARIOS.md YAML, the main line as `do` steps
    an.write_scenario(tree, path, name, replace=False)   # AnalysisError if it exists and not replace
    an.write_save(tree, path=None, name=None, node_id=None, replace=False)   # the game so far:
                                             # tree.before (the game that led to the board, when
                                             # opened on one) and the line to the node; an.so_far
                                             # says how much of the line the real game followed

The command line: `python main.py --analysis [FILE]` (faeriell/cli.py) refuses a FILE that is
neither a scenario nor a save with exit code 2 before a window opens; the app then calls
open_start(FILE or None) (LaunchOptions.analysis: None = not asked, "" = an empty board).
"""
from __future__ import annotations

from .position import (AnalysisError, BoardSpec, Fault, HeroSpec, Position, Refusal, Setup, TribeSpec,
                       TurnSpec, build, check, empty_position, fault_of, from_game, from_sections, from_written,
                       representable, to_sections)
from .edit import (move_guardian, move_hero, move_settlement, place_beacon, place_drifter, place_hero,
                   place_settlement, place_totem, remove_beacon, remove_drifter, remove_hero,
                   remove_settlement, remove_totem, set_achievements, set_attunements, set_corruption,
                   set_doom, set_essences, set_first_player, set_harvest, set_heartland, set_hero, set_herbs,
                   set_lap, set_phase, set_rotated, set_round, set_setup, set_solved, set_sower, set_turn, set_under,
                   set_winter_gems, settle)
from .tree import Node, Tree, board_game
from .coach import CHANCE_WORDS, CoachAnswer, CoachMove, coach_moves, node_chance, shown_chance, think_longer
from .share import (AnalysisStart, game_so_far, import_file, import_text, last_representable, open_game,
                    open_start, scenario_data, scenario_text, so_far, write_save, write_scenario)

__all__ = [
    "AnalysisError", "BoardSpec", "Fault", "HeroSpec", "Position", "Refusal", "Setup", "TribeSpec", "TurnSpec",
    "build", "check", "empty_position", "fault_of", "from_game", "from_sections", "from_written", "representable", "to_sections",
    "move_guardian", "move_hero", "move_settlement", "place_beacon", "place_drifter", "place_hero",
    "place_settlement", "place_totem", "remove_beacon", "remove_drifter", "remove_hero", "remove_settlement",
    "remove_totem", "set_achievements", "set_attunements", "set_corruption", "set_doom", "set_essences",
    "set_first_player", "set_harvest", "set_heartland", "set_hero", "set_herbs", "set_lap", "set_phase", "set_rotated",
    "set_round", "set_setup", "set_solved", "set_sower", "set_turn", "set_under", "set_winter_gems", "settle",
    "Node", "Tree", "board_game", "CHANCE_WORDS", "CoachAnswer", "CoachMove", "coach_moves", "node_chance",
    "shown_chance", "think_longer",
    "AnalysisStart", "import_file", "import_text", "last_representable", "open_game", "open_start", "scenario_data", "scenario_text",
    "write_save", "write_scenario", "game_so_far", "so_far",
]
