"""The command line of main.py: every option parses, bad ones exit 2 with a clear message, and
--screenshot with set-up options draws the table."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import main  # noqa: E402

SCENARIO = ROOT / "tests" / "scenarios" / "tribe" / "settlement-cost-equals-owned.yaml"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    return tmp_path


def test_every_option_parses():
    a = main.parse_args(["--players", "2", "--mode", "coop", "--difficulty", "very_hard", "--variants",
                         "drifter,shadows", "--seed", "12", "--seats", "human,hard", "--size", "1024x700",
                         "--map", "maps/faeriell.tmx", "--screenshot", "x.png", "--no-curtain", "--bot-delay", "0.2",
                         "--fps", "30", "-v"])
    assert (a.players, a.mode, a.difficulty, a.variants, a.seed, a.seats) == \
        (2, "coop", "very_hard", ["drifter", "shadows"], 12, ["human", "hard"])
    assert (a.size, a.map, a.screenshot, a.curtain, a.bot_delay, a.fps, a.verbose) == \
        ((1024, 700), "maps/faeriell.tmx", "x.png", False, 0.2, 30, True)
    opts = main.launch_options(a)
    assert opts.wants_table() and opts.curtain is False and opts.seats == ["human", "hard"]


def test_no_option_is_the_start_screen():
    a = main.parse_args([])
    assert not main.launch_options(a).wants_table()
    assert a.size == (1280, 800)
    assert a.curtain is None and a.bot_delay is None          # the player's Settings decide


def test_no_curtain_and_bot_delay_override_the_settings(tmp_path, data_dir):
    from faeriell.ui.settings import Settings
    Settings(bot_speed="slow", curtain=True, path=data_dir / "settings.json").save()
    from faeriell.ui.app import App
    import pygame
    try:
        app = App((800, 600), options=main.launch_options(main.parse_args(
            ["--players", "2", "--seed", "3", "--no-curtain", "--bot-delay", "0.05"])))
        assert app.scene.driver.delay == 0.05 and app.scene.table.hotseat_curtain is False
        app = App((800, 600), options=main.launch_options(main.parse_args(["--players", "2", "--seed", "3"])))
        assert app.scene.driver.delay == 1.2 and app.scene.table.hotseat_curtain is True
    finally:
        pygame.display.quit()


def a_save(path):
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.storage.saves import write_save
    g = new_game(default_rules(), 2, "coop", "medium", [], 4)
    g.apply(g.legal_actions()[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(g, str(path))
    return path


SHAPED = ('{"format": "faeriell-save", "version": 1, "origin": {"kind": "new", "players": 1, '
          '"mode": "solo", "difficulty": "medium", "variants": [], "seed": 1}, "actions": [], '
          '"players_of_actions": [], "snapshot": {"hash": "x", "round": 1, "doom": 0, '
          '"active_player": 1}}')


def test_load_continue_and_scenario_parse(tmp_path, data_dir):
    save = a_save(tmp_path / "game.json")
    assert main.parse_args(["--load", str(save)]).load == str(save)
    assert main.parse_args(["--scenario", str(SCENARIO)]).scenario == str(SCENARIO)
    a_save(data_dir / "autosaves" / "2026-01-01_10-00-00-abcd.json")
    a = main.parse_args(["--continue"])
    assert a.cont and main.launch_options(a).wants_table()


@pytest.mark.parametrize("text,reason", [("{}", "missing field"), ("not json at all", "JSON"),
                                         ('{"format": "something-else"}', "format")])
def test_load_of_a_file_that_is_not_a_save_exits_2_with_the_reason(tmp_path, capsys, text, reason):
    bad = tmp_path / "notes.json"
    bad.write_text(text)
    with pytest.raises(SystemExit) as e:
        main.parse_args(["--load", str(bad)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--load:" in err and "notes.json" in err and reason.lower() in err.lower(), err


def test_left_out_settings_follow_the_rules():
    from faeriell.ui.launch import resolve_setup
    assert resolve_setup(players=1)["mode"] == "solo"
    assert resolve_setup(mode="solo")["players"] == 1
    assert resolve_setup(mode="coop")["players"] == 2
    assert resolve_setup(seats=["human", "easy", "hard"])["players"] == 3
    cfg = resolve_setup(players=3, seed=5)
    assert (cfg["mode"], cfg["difficulty"], cfg["variants"], cfg["seed"], cfg["seats"]) == \
        ("competitive", "medium", [], 5, ["human"] * 3)


BAD = [
    (["--players", "5"], "invalid choice"),
    (["--players", "two"], "--players"),
    (["--mode", "team"], "invalid choice"),
    (["--difficulty", "insane"], "invalid choice"),
    (["--variants", "drifter,nope"], "unknown variant 'nope'"),
    (["--seed", "x"], "seed must be a whole number"),
    (["--seed", "-3"], "must not be negative"),
    (["--seats", "human,godlike"], "unknown seat 'godlike'"),
    (["--seats", "human,human,human,human,human"], "1 to 4 seats"),
    (["--players", "2", "--seats", "human"], "--seats names 1 seat(s) but --players is 2"),
    (["--mode", "solo", "--players", "2"], "solo is played by one player"),
    (["--players", "1", "--mode", "coop"], "one player plays the solo mode"),
    (["--players", "3", "--variants", "twins"], "The Twins is a two-player competitive scenario"),
    # R59: The Twins cannot be combined with Full Coop or Solo
    (["--mode", "coop", "--players", "2", "--variants", "twins"], "so it cannot be played in Full Coop"),
    (["--mode", "solo", "--variants", "twins"], "so it cannot be played in Solo"),
    (["--load", "no/such/save.json"], "--load: no such file"),
    (["--scenario", "no/such.yaml"], "--scenario: no such file"),
    (["--continue"], "no autosave yet"),
    (["--scenario", str(SCENARIO), "--players", "2"], "cannot be combined with --players"),
    (["--scenario", str(SCENARIO), "--load", str(SCENARIO)], "cannot be combined"),
    (["--size", "big"], "1280x800"),
    (["--size", "100x100"], "at least 320x240"),
    (["--fps", "0"], "from 1 to 1000"),
    (["--bot-delay", "-1"], "between 0 and 60"),
    (["--frobnicate"], "unrecognized arguments"),
]


@pytest.mark.parametrize("argv,message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_invalid_options_exit_2_with_a_clear_message(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        main.parse_args(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert "Traceback" not in err


def test_a_bad_option_exits_2_from_the_shell():
    proc = subprocess.run([sys.executable, "main.py", "--players", "3", "--variants", "twins"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "The Twins" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1   # one line


def test_help_lists_every_option():
    proc = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    for opt in ("--players", "--mode", "--difficulty", "--variants", "--seed", "--seats", "--load", "--continue",
                "--scenario", "--size", "--screenshot", "--no-curtain", "-v"):
        assert opt in proc.stdout, opt


def _screenshot(tmp_path, *args):
    import pygame
    out = tmp_path / "shot.png"
    proc = subprocess.run([sys.executable, "main.py", "--screenshot", str(out), *args], cwd=ROOT,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy", FAERIELL_DATA=str(tmp_path)),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == "", proc.stderr
    return pygame.image.load(str(out))


def _terrain_pixels(img) -> int:
    from faeriell.content.catalog_loader import default_catalog
    colours = {tuple(t["rgb"]) for t in default_catalog().terrains.values()}
    w, h = img.get_size()
    return sum(1 for y in range(0, h, 4) for x in range(0, w, 4) if tuple(img.get_at((x, y)))[:3] in colours)


def test_screenshot_with_set_up_options_draws_the_table(tmp_path):
    start = _screenshot(tmp_path, "--size", "800x600")
    table = _screenshot(tmp_path, "--size", "800x600", "--players", "2", "--seats", "human,random",
                        "--variants", "drifter", "--seed", "3")
    assert table.get_size() == (800, 600)
    assert _terrain_pixels(start) == 0                 # the start screen shows no island
    assert _terrain_pixels(table) > 1000               # the table does


def test_screenshot_of_a_scenario(tmp_path):
    img = _screenshot(tmp_path, "--scenario", str(SCENARIO), "--size", "800x600")
    assert _terrain_pixels(img) > 1000


def test_options_open_the_table_in_process(tmp_path):
    import pygame
    from faeriell.ui.app import App, LaunchOptions
    from faeriell.ui.scenes.table import TableScreen
    app = App((800, 600), options=main.launch_options(main.parse_args(
        ["--mode", "coop", "--players", "3", "--difficulty", "easy", "--seed", "9", "--no-curtain"])))
    try:
        assert isinstance(app.scene, TableScreen), app.errors
        s = app.session.state
        assert (s.players, s.mode, s.difficulty, s.seed) == (3, "coop", "easy", 9)
        assert isinstance(app.options, LaunchOptions) and app.options.curtain is False
        table = app.scene.table
        if hasattr(table, "hotseat_curtain"):              # the real table takes the option by this name
            assert table.hotseat_curtain is False
    finally:
        pygame.display.quit()
