"""tools/balance_report.py gives every cell a block of seeds of its own and keeps it, with the run
that played it, so docs/balance.md can say which run and which seeds each table comes from, and a
merged run never replays a game of the run it merges (issue 25, item 7)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import balance_report  # noqa: E402


def _blocks(saved):
    rows = [sm for *_, sm in saved["coop_rows"]] + [sm for _, sm in saved["comp_rows"]]
    return sorted(tuple(sm["seeds"]) for sm in rows)


def test_cells_take_disjoint_seed_blocks_and_a_merge_goes_on_after_them(tmp_path):
    first = tmp_path / "a.json"
    balance_report.main(["--scale", "0.01", "--modes", "solo", "--levels", "heuristic", "--no-duel",
                         "--expert", "off", "--workers", "1", "--out", str(tmp_path / "a.md"),
                         "--data", str(first), "--ceiling", ""])
    saved = json.loads(first.read_text())
    blocks = _blocks(saved)
    assert blocks[0][0] == balance_report.DEFAULT_SEED
    for (lo, hi), (nlo, _) in zip(blocks, blocks[1:], strict=False):
        assert lo <= hi and nlo == hi + 1                     # back to back, never shared
    for *_, sm in saved["coop_rows"]:
        assert sm["seeds"][1] - sm["seeds"][0] + 1 == sm["games"]
    assert saved["last_seed"] == blocks[-1][1]
    text = (tmp_path / "a.md").read_text()
    solo = text.split("## Solo")[1].split("## ")[0]
    assert f"from one run (the run of {saved['date']} from seed {balance_report.DEFAULT_SEED})" in solo

    second = tmp_path / "b.json"
    balance_report.main(["--scale", "0.01", "--modes", "solo", "--levels", "heuristic", "--no-duel",
                         "--no-competitive", "--expert", "off", "--workers", "1", "--merge", str(first),
                         "--out", str(tmp_path / "b.md"), "--data", str(second), "--ceiling", ""])
    merged = json.loads(second.read_text())
    solo_rows = [sm for b, lb, d, sm in merged["coop_rows"] if lb == "solo"]
    assert min(sm["seeds"][0] for sm in solo_rows) == saved["last_seed"] + 1   # new games only
    assert merged["comp_rows"] == saved["comp_rows"]                            # kept from the first run
    assert merged["last_seed"] == max(sm["seeds"][1] for sm in solo_rows)
    # the report lists both runs, newest first, each once: no note nested in another
    assert [r["run"] for r in merged["runs"]] == [
        f"the run of {merged['date']} from seed {saved['last_seed'] + 1}", saved["runs"][0]["run"]]
    head = (tmp_path / "b.md").read_text().split("## Solo")[0]
    assert head.count("- The run of ") == 2 and "own note" not in head


def test_a_table_of_cells_from_several_runs_says_so():
    a = {"run": "the run of 2026-12-01 from seed 32000", "seeds": [32000, 32011]}
    b = {"run": "the run of 2026-12-02 from seed 33000", "seeds": [33000, 33006]}
    assert "from one run" in balance_report.runs_line([a, dict(a, seeds=[32012, 32020])])
    two = balance_report.runs_line([a, b])
    assert "2 runs" in two and "2026-12-01" in two and "2026-12-02" in two and "32000-33006" in two
    assert "before each cell kept" in balance_report.runs_line([a, {"games": 4}])


def test_the_expert_at_the_tables_clock_is_read_from_the_benchmark_logs(tmp_path):
    """docs/balance.md's "at the table" section counts the bench/bots.py logs it names: finished
    games only, a win when anyone won; and the shipped report says what the shipped logs hold."""
    log = tmp_path / balance_report.TABLE_CLOCK_CELLS[0][3]           # the solo medium cell's log
    games = [{"cfg": {"seed": 28000 + k, "difficulty": "medium"}, "bots": ["expert"], "cell": "solo",
              "winners": [0] if k % 3 == 0 else []} for k in range(7)]
    unfinished = {"cfg": {"seed": 28007, "difficulty": "medium"}, "bots": ["expert"], "cell": "solo"}
    log.write_text("\n".join(json.dumps(g) for g in games + [unfinished]) + "\n"
                   + json.dumps(games[0]) + "\n" + '{"cfg": {"seed": 2800')    # a replayed game, a torn line
    (row,) = balance_report.table_clock_rows(tmp_path)
    assert row[:7] == ("solo", 1, "medium", 3, 7, 28000, 28006) and "--expert-which solo " in row[7]
    assert row[8] == 0 and "alone, one core" in "\n".join(balance_report.table_clock_section([row]))
    # a log of the expert with a helper process says so, and its command plays one game at a time
    for g in games:
        g["level_opts"] = {"expert": {"budget": 1.0, "helpers": 1}}
    log.write_text("\n".join(json.dumps(g) for g in games) + "\n")
    (row,) = balance_report.table_clock_rows(tmp_path)
    assert row[8] == 1 and "| with 1 helper process | pure Python |" in "\n".join(
        balance_report.table_clock_section([row]))
    shipped = (ROOT / "docs" / "balance.md").read_text()
    rows = balance_report.table_clock_rows()
    assert {r[9] for r in rows} == {"pure", "compiled"}
    for mode, players, d, wins, n, lo, hi, _, helpers, engine in rows:
        game = "Solo" if mode == "solo" else f"Full Coop, {players} players"
        how = "with 1 helper process" if helpers else "alone, one core"
        assert (f"| {game} | {d} | {balance_report.fmt_rate(wins, n)} | {lo}-{hi} ({n} games) | {how} "
                f"| {balance_report.ENGINE_NAMES[engine]} |") in shipped


def test_the_compiled_experts_rows_count_its_saved_games_by_replaying_them(tmp_path):
    """A SAVED_CLOCK_CELLS folder is counted by replaying each save through the rules: a finished
    game counts, a win when anyone won; a game that did not end is left out; a save that does not
    replay stops the report with its file's name."""
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.engine.saves import dumps
    from faeriell.bots import make_bot
    mode, players, d, folders = balance_report.SAVED_CLOCK_CELLS[0][:4]
    where = tmp_path / folders[0]
    where.mkdir(parents=True)
    rules, outcomes = default_rules(), {}
    for seed in (5, 6, 7):
        g = new_game(rules, players=players, mode=mode, difficulty=d, seed=seed)
        bot = make_bot("heuristic", seed=seed)
        while not g.state.game_over and (seed != 7 or len(g.history) < 20):   # 7 stops mid-game
            g.apply(bot.choose(g, g.acting))
        if g.state.game_over:
            outcomes[seed] = bool(g.state.winners)
        (where / f"game{seed}.json").write_text(dumps(g))
    assert balance_report.saved_outcomes(where, mode, players, d) == outcomes and len(outcomes) == 2
    assert balance_report.saved_outcomes(where, mode, players, "hard") == {}        # another cell's games
    (row,) = balance_report.table_clock_rows(tmp_path)
    assert row[3:7] == (sum(outcomes.values()), 2, 5, 6) and row[9] == "compiled"
    (where / "game8.json").write_text('{"format": "faeriell-save", "version": 2, "origin": 3}')
    with pytest.raises(SystemExit, match="game8.json"):
        balance_report.saved_outcomes(where, mode, players, d)


def test_a_run_whose_cells_were_all_played_again_leaves_the_list():
    a = {"run": "the run of 2026-12-01 from seed 32000", "played": "solo"}
    b = {"run": "the run of 2026-12-02 from seed 33000", "played": "coop"}
    old = {"run": "the run of 2026-11-30", "played": "a note", "legacy": True}
    saved = {"coop_rows": [["expert", "solo", "medium", {"run": a["run"]}]], "comp_rows": [], "duel": None}
    assert balance_report.live_runs([b, a, old], saved) == [a]                     # b and old supply nothing
    saved["coop_rows"].append(["search", "coop3", "easy", {"games": 4}])             # a cell without a run
    assert balance_report.live_runs([b, a, old], saved) == [a, old]
