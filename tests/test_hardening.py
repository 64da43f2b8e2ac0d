"""Issue 23, the hardening second pass: one test per numbered case (a hostile file in, no
traceback, nothing lost, the message named), the concurrency cases with real processes, and the
hostile corpus's new classes at a size that runs in seconds."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

from test_app_support import ROOT, click, ctrl, make_app, play_first_legal, type_text

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from faeriell.storage import background, saves  # noqa: E402
from faeriell.storage.atomic import NEW_FILE_MODE, WriteRefused, atomic_write  # noqa: E402
from faeriell.storage.folders import SEATS_FILE  # noqa: E402
from faeriell.storage.headers import HEAD_BYTES  # noqa: E402
from faeriell.storage.listing import latest_autosave  # noqa: E402
from faeriell.storage.saves import FileServiceError, load_game, save_game, write_save  # noqa: E402
from faeriell.storage.tempfiles import remove_stale_temp_files  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.puzzles.path import Progress  # noqa: E402
from faeriell.ui.dialogs import Confirm, FileDialog  # noqa: E402
from faeriell.ui.scenes.start import StartScene  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402
from faeriell.ui.settings import Settings  # noqa: E402

R = default_rules()
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))


def _run(argv, env=None, timeout=120):
    return subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env or ENV)


def _to_next_turn(session):
    start = (session.state.round, session.state.lap, session.state.active)
    play_first_legal(session, lambda: (session.state.round, session.state.lap, session.state.active) != start)


def _no_space(*_a, **_k):
    raise OSError(28, "No space left on device", "/full/disk/x.json.abc.tmp")


# ------------------------------------------------------------------------------ 1. Save elsewhere
def _save_elsewhere(app, host, path) -> None:
    """The notice's Save elsewhere… button, a path typed, Enter."""
    _, button = host.saving.notice_rects()
    click(app, button.center)
    assert isinstance(host.modal, FileDialog)
    click(app, "path")
    type_text(app, str(path))
    click(app, "open")


def test_save_elsewhere_refuses_what_is_no_save_and_asks_before_replacing_one(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, seed=4, seats=["human", "human"], curtain=False)
    host = app.scene
    other = new_game(R, 1, "solo", "easy", [], 11)
    other.apply(other.legal_actions()[0])
    named = save_game(other, name="Their only copy")
    settings = tmp_path / "settings.json"
    settings.write_text('{"volume": 0.2}')
    progress = tmp_path / "puzzles.json"
    progress.write_text('{"solved": ["a", "b", "c"]}')
    foreign = tmp_path / "project" / "package.json"
    foreign.parent.mkdir()
    foreign.write_text('{"name": "not ours"}')
    kept = {p: p.read_bytes() for p in (named, settings, progress, foreign)}
    with monkeypatch.context() as m:                   # the autosave fails: the notice offers Save elsewhere
        m.setattr(saves, "write_save", _no_space)
        _to_next_turn(host.session)
    assert host.saving.save_notice()
    for path, words in ((settings, "holds your settings"), (progress, "holds your progress"),
                        (foreign, "is not a Faeriell save")):
        _save_elsewhere(app, host, path)
        assert isinstance(host.modal, FileDialog) and words in host.modal.message, host.modal.message
        host.modal = None
    _save_elsewhere(app, host, named)                  # another game's save: asked first
    assert isinstance(host.modal, Confirm) and "another saved game" in host.modal.text
    click(app, "cancel")
    assert host.modal is None and named.read_bytes() == kept[named]
    _save_elsewhere(app, host, named)
    click(app, "yes")
    assert host.session.autosave_file == named and host.session.autosave_problem is None
    for _ in range(2):                                 # two turns later the other game is still there
        _to_next_turn(host.session)
    assert (named.parent / "Their only copy (replaced).json").read_bytes() == kept[named]
    assert all(p.read_bytes() == kept[p] for p in (settings, progress, foreign))
    assert not app.errors
    pygame.display.quit()


# ------------------------------------------------------------------------------ 2. the game always starts
def test_a_bad_settings_value_gives_its_default_and_the_file_is_kept_aside(tmp_path, monkeypatch):
    raw = b'{"bot_speed": [], "volume": 0.3, "anim_speed": {"x": 1}}'
    (tmp_path / "settings.json").write_bytes(raw)
    app = make_app(tmp_path, monkeypatch)
    assert isinstance(app.scene, StartScene) and not app.errors
    s = app.settings
    assert (s.bot_speed, s.anim_speed, s.volume) == ("normal", "normal", 0.3)
    assert (tmp_path / "settings.json.bad").read_bytes() == raw
    assert any("settings.json.bad" in n and "bot_speed" in n for n in app.notices), app.notices
    s.mute = True
    app.settings_changed()                             # the first change writes a good file ...
    assert json.loads((tmp_path / "settings.json").read_text())["mute"] is True
    assert (tmp_path / "settings.json.bad").read_bytes() == raw          # ... and never over the bad one
    pygame.display.quit()


@pytest.mark.parametrize("where", ["/dev/null", "a-file"])
def test_the_game_starts_when_the_data_folder_is_unusable(tmp_path, where):
    if where == "a-file":
        where = str(tmp_path / "a-file")
        Path(where).write_text("a file where the data folder should be")
    env = dict(ENV, FAERIELL_DATA=where)
    shot = tmp_path / "start.png"
    proc = _run(["--screenshot", str(shot)], env=env)
    assert proc.returncode == 0 and shot.exists(), proc.stderr
    assert "Traceback" not in proc.stderr
    proc = _run(["--players", "1", "--seed", "3", "--screenshot", str(shot)], env=env)
    assert proc.returncode == 0, proc.stderr


def test_an_unusable_data_folder_says_not_being_saved_in_the_window(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", "/dev/null")
    from faeriell.ui.app import App
    from faeriell.ui.launch import LaunchOptions
    app = App((1280, 800), fps=240, options=LaunchOptions(players=1, seed=3, bot_delay=0.0))
    assert isinstance(app.scene, TableScreen) and not app.errors
    assert any("not being saved" in n for n in app.notices)
    _to_next_turn(app.session)
    assert app.scene.saving.save_notice().startswith("Your game is not being saved: the data folder /dev/null")
    pygame.display.quit()


# ------------------------------------------------------------------------------ 3. links and pipes
def test_no_write_follows_a_link_or_opens_a_pipe(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "settings.tmp").symlink_to(victim)       # the fixed names older versions used
    (folder / "seats.tmp").symlink_to(victim)
    os.mkfifo(folder / "puzzles.json.tmp")
    s = Settings(path=folder / "settings.json")
    assert s.save() and not (folder / "settings.json").is_symlink()
    assert victim.read_text() == "someone else's"
    (folder / "link.json").symlink_to(victim)
    with pytest.raises(WriteRefused, match="is a link"):
        atomic_write(folder / "link.json", "x")
    os.mkfifo(folder / "pipe.json")
    with pytest.raises(WriteRefused, match="named pipe"):
        atomic_write(folder / "pipe.json", "x")       # refused, never opened (no hang)
    assert victim.read_text() == "someone else's"
    os.unlink(folder / "settings.json")
    (folder / "settings.json").symlink_to(victim)
    s = Settings.load(folder / "settings.json")
    assert not s.save() or not (folder / "settings.json").is_symlink()
    assert victim.read_text() == "someone else's"
    removed = {p.name for p in remove_stale_temp_files(folder)}
    assert {"settings.tmp", "seats.tmp"} <= removed and victim.exists()


def test_a_rewritten_file_keeps_its_permissions(tmp_path):
    f = tmp_path / "settings.json"
    f.write_text("{}")
    os.chmod(f, 0o640)
    atomic_write(f, '{"volume": 0.5}')
    assert (f.stat().st_mode & 0o777) == 0o640 and json.loads(f.read_text()) == {"volume": 0.5}
    fresh = atomic_write(tmp_path / "new.json", "{}")
    assert (fresh.stat().st_mode & 0o777) == NEW_FILE_MODE


WRITER = textwrap.dedent("""
    import sys
    from faeriell.ui.settings import Settings
    s = Settings(path=sys.argv[1])
    fails = 0
    for k in range(int(sys.argv[2])):
        s.volume = (k % 10) / 10
        fails += not s.save()
    print(fails)
""")


def test_two_processes_saving_settings_lose_nothing_and_a_reader_never_sees_half_a_file(tmp_path):
    path = tmp_path / "settings.json"
    Settings(path=path).save()
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), "300"], env=ENV,
                                stdout=subprocess.PIPE, text=True) for _ in range(2)]
    bad_reads = 0
    while any(w.poll() is None for w in writers):
        try:
            data = json.loads(path.read_text())
            bad_reads += not isinstance(data, dict) or "volume" not in data
        except (ValueError, OSError):
            bad_reads += 1
    outs = [w.communicate(timeout=120)[0].strip() for w in writers]
    assert outs == ["0", "0"] and bad_reads == 0
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# ------------------------------------------------------------------------------ 4. hostile maps
def _map_with_tileset(folder: Path, source: str) -> Path:
    import re
    tmx = (ROOT / "maps" / "faeriell.tmx").read_text()
    f = folder / f"map-{source.replace('/', '_')}.tmx"
    f.write_text(re.sub(r"<tileset [^>]*>.*?</tileset>", f'<tileset firstgid="1" source="{source}"/>', tmx,
                        count=1, flags=re.S))
    return f


def test_a_map_naming_a_pipe_a_device_a_huge_tileset_or_a_giant_image_is_refused_unread(tmp_path):
    from faeriell.content.map_loader import MapError, load_board
    sys.path.insert(0, str(ROOT / "tools"))
    from hostile_corpus import _png_header
    os.mkfifo(tmp_path / "pipe.tsx")
    (tmp_path / "zero.tsx").symlink_to("/dev/zero")
    with open(tmp_path / "huge.tsx", "wb") as fh:
        fh.truncate(300 * 1024 * 1024)
    (tmp_path / "giant.png").write_bytes(_png_header(30000, 30000))
    (tmp_path / "giant.tsx").write_text('<tileset version="1.10" name="t" tilewidth="32" tileheight="32" '
                                        'tilecount="1" columns="1"><image source="giant.png" width="32" '
                                        'height="32"/></tileset>')
    for source, words in (("pipe.tsx", "named pipe"), ("zero.tsx", "a device"), ("huge.tsx", "too large"),
                          ("giant.tsx", "30000x30000 pixels is too large")):
        f = _map_with_tileset(tmp_path, source)
        with pytest.raises(MapError, match=words):
            load_board(str(f))
        proc = _run(["--map", str(f), "--screenshot", str(tmp_path / "x.png")])
        assert proc.returncode == 2 and words in proc.stderr and len(proc.stderr.splitlines()) == 1, proc.stderr


@pytest.mark.parametrize("what", ["missing", "folder", "device"])
def test_dash_dash_map_of_a_missing_file_a_folder_or_a_device_exits_2(tmp_path, what):
    path = {"missing": str(tmp_path / "nope.tmx"), "folder": str(tmp_path), "device": "/dev/zero"}[what]
    proc = _run(["--map", path, "--screenshot", str(tmp_path / "x.png")])
    assert proc.returncode == 2 and "--map" in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and not (tmp_path / "x.png").exists()


# ------------------------------------------------------------------------------ 5. impossible positions
POSITION = """name: hostile
setup: {players: 2, mode: competitive, difficulty: medium, seed: 3, position: empty}
board: BOARD
tribes:
  - settlements: SETTLE
    heroes: HEROESTRIBE
  - settlements: [wolf-mountain]
    heroes: {shaman: {node: {near: wolf-river}}}SOWER
turn: TURN
"""
IMPOSSIBLE = [
    ("beacon on no Region", {"TRIBE": "\n    beacons: {nowhere: red}"}, "tribes[0].beacons", "not a Region"),
    ("lap 99", {"TURN": "{player: 1, lap: 99}"}, "turn.lap", "out of range"),
    ("lap 0", {"TURN": "{player: 1, lap: 0}"}, "turn.lap", "out of range"),
    ("a Settlement twice", {"SETTLE": "[bear-forest, bear-forest]"}, "settlements", "twice"),
    ("Doom 99", {"BOARD": "{doom: 99}"}, "board.doom", "out of range"),
    ("Doom -5", {"BOARD": "{doom: -5}"}, "board.doom", "out of range"),
    ("Corruption 1000", {"TRIBE": "\n    corruption: 1000"}, "tribes[0].corruption", "out of range"),
    ("negative gems", {"HEROES": "{druid: {node: {near: bear-meadow}, gems: -1}}"}, "gems", "out of range"),
    ("negative solved", {"TRIBE": "\n    solved: {red: -1}"}, "solved.red", "out of range"),
    ("eight Purity tokens", {"TRIBE": "\n    achievements: [purity, purity, purity, purity, purity, purity, "
                                      "purity, purity]"}, "achievements", "twice"),
    ("round 0", {"TURN": "{player: 1, round: 0}"}, "turn.round", "out of range"),
    ("round 10000", {"TURN": "{player: 1, round: 10000}"}, "turn.round", "out of range"),
    ("first player 9", {"BOARD": "{first_player: 9}"}, "board.first_player", "out of range"),
    ("two Sowers", {"TRIBE": "\n    sower: true", "SOWER": "\n    sower: true"}, "Sower", "only one"),
    ("a Totem on no Region", {"BOARD": "{totem: {region: nowhere}}"}, "board.totem", "not a Region"),
    ("a Heartland token of no Terrain", {"BOARD": "{heartlands: {bear: {region: bear-meadow, token: .inf}}}"},
     "board.heartlands.bear.token", "not a Terrain token"),
    ("nine frost gems on one space", {"BOARD": "{winter_gems: [bear, bear, bear, bear, bear, bear, bear, bear, "
                                               "bear]}"}, "winter_gems", "one frost gem"),
]


def _position_file(tmp_path, fill: dict) -> Path:
    text = POSITION
    for k, default in (("BOARD", "{}"), ("SETTLE", "[bear-mountain]"),
                       ("HEROES", "{druid: {node: {near: bear-meadow}}}"), ("TRIBE", ""), ("SOWER", ""),
                       ("TURN", "{player: 1}")):
        text = text.replace(k, fill.get(k, default))
    f = tmp_path / "hostile.yaml"
    f.write_text(text)
    return f


@pytest.mark.parametrize("name,fill,field,words", IMPOSSIBLE, ids=[c[0] for c in IMPOSSIBLE])
def test_an_impossible_position_is_refused_with_file_line_and_field(tmp_path, name, fill, field, words):
    from faeriell import scenario
    f = _position_file(tmp_path, fill)
    with pytest.raises(scenario.ScenarioError) as e:          # a scenario or a puzzle
        scenario.start(scenario.load(f), R)
    msg = str(e.value)
    assert msg.startswith(f"{f}:") and msg.split(":")[1].isdigit() and field in msg and words in msg, msg
    proc = subprocess.run([sys.executable, "-m", "faeriell.scenario", str(f)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env=ENV)
    assert proc.returncode == 2 and field in proc.stdout + proc.stderr and "PASS" not in proc.stdout


def test_an_impossible_position_save_is_refused_before_play(tmp_path):
    from faeriell import scenario
    from faeriell.engine.saves import dumps
    good = scenario.start(scenario.load(_position_file(tmp_path, {})), R)
    data = json.loads(dumps(good))
    data["origin"]["tribes"][0]["beacons"] = {"nowhere": "red"}
    f = tmp_path / "position-save.json"
    f.write_text(json.dumps(data))
    with pytest.raises(FileServiceError, match=r"tribes\[0\]\.beacons: 'nowhere' is not a Region"):
        load_game(R, f)
    proc = _run(["--load", str(f)])
    assert proc.returncode == 2 and "not a Region" in proc.stderr


# ------------------------------------------------------------------------------ 6. progress on a bad file
@pytest.mark.parametrize("damage", ["trailing comma", "padded", "a folder"])
def test_a_win_never_replaces_progress_it_could_not_read(tmp_path, damage):
    f = tmp_path / "puzzles.json"
    if damage == "trailing comma":
        f.write_text('{"solved": ["a", "b", "c",]}')
    elif damage == "padded":
        f.write_text('{"solved": ["a", "b", "c"]}' + " " * (2 * 1024 * 1024))
    else:
        f.mkdir()
    before = f.read_bytes() if f.is_file() else None
    pr = Progress(tmp_path)
    assert pr.mark_solved("d")
    assert pr.solved() == {"d"} and "puzzles.json.bad" in pr.notice, pr.notice
    kept = tmp_path / "puzzles.json.bad"
    assert (kept.read_bytes() == before) if before is not None else kept.is_dir()
    assert pr.mark_solved("e") and kept.exists()                          # the next win keeps it too
    assert pr.solved() == {"d", "e"}


def test_a_win_shows_that_a_damaged_progress_file_was_kept(tmp_path, monkeypatch):
    (tmp_path / "puzzles.json").write_text("{broken")
    app = make_app(tmp_path, monkeypatch)
    puzzle = sorted((ROOT / "data" / "puzzles").glob("*.yaml"))[0]
    assert app.open_puzzle(puzzle) is None
    guide = app.scene.table.puzzle
    guide._record_win()                                # what a won puzzle does
    assert guide.kept and "puzzles.json.bad" in guide.progress.notice
    pygame.display.quit()


def test_an_unreadable_settings_file_is_kept_aside_with_a_notice_not_replaced(tmp_path, monkeypatch):
    raw = b'{"volume": 0.4, "mute": \xff}'
    (tmp_path / "settings.json").write_bytes(raw)
    app = make_app(tmp_path, monkeypatch)
    assert any("could not be read" in n for n in app.notices)
    app.settings.mute = True
    app.settings_changed()
    assert (tmp_path / "settings.json.bad").read_bytes() == raw
    pygame.display.quit()


# ------------------------------------------------------------------------------ 7. two windows
HOLDER = textwrap.dedent("""
    import sys
    from faeriell.storage.claims import claim_game
    claim = claim_game(sys.argv[1])
    print("held" if claim else "refused", flush=True)
    sys.stdin.readline()
""")


def test_a_game_open_in_another_window_is_played_as_a_copy_and_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    g = new_game(R, 2, "competitive", "medium", [], 8)
    while g.state.stage == "setup":
        g.apply(g.legal_actions()[0])
    auto = tmp_path / "autosaves" / "2026-01-01_10-00-00-abcd.json"
    auto.parent.mkdir()
    write_save(g, auto)
    theirs = auto.read_bytes()
    other = subprocess.Popen([sys.executable, "-c", HOLDER, "game:2026-01-01_10-00-00-abcd"],
                             env=dict(ENV, FAERIELL_DATA=str(tmp_path)), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "held"
        app = make_app(tmp_path, monkeypatch, cont=True)
        host = app.scene
        assert isinstance(host, TableScreen), app.errors
        assert isinstance(host.modal, Confirm) and "open in another window" in host.modal.text
        click(app, "cancel")                                     # Back: nothing played, nothing written
        assert isinstance(app.scene, StartScene) and auto.read_bytes() == theirs
        click(app, "continue")
        host = app.scene
        assert isinstance(host, TableScreen) and isinstance(host.modal, Confirm)
        click(app, "yes")                                        # Play a copy
        assert host.modal is None and app.session.game_id != "2026-01-01_10-00-00-abcd"
        _to_next_turn(app.session)
        assert auto.read_bytes() == theirs                       # the other window's file untouched
        assert app.session.autosave_path().is_file()             # the copy saved as its own game
        assert not app.errors
    finally:
        other.communicate("\n", timeout=60)
    pygame.display.quit()


WINNER = textwrap.dedent("""
    import sys
    from faeriell.puzzles.path import Progress
    p = Progress(sys.argv[1])
    print(sum(p.mark_solved(f"{sys.argv[2]}-{k}") for k in range(int(sys.argv[3]))))
""")
SEATER = textwrap.dedent("""
    import sys
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.storage.seats import remember_seats
    R = default_rules()
    for k in range(int(sys.argv[2])):
        g = new_game(R, 2, "competitive", "medium", [], int(sys.argv[1]) * 1000 + k)
        assert not remember_seats(g, ["human", "hard"])
    print("ok")
""")


def test_concurrent_puzzle_wins_are_all_kept(tmp_path):
    procs = [subprocess.Popen([sys.executable, "-c", WINNER, str(tmp_path), f"w{i}", "25"], env=ENV,
                              stdout=subprocess.PIPE, text=True) for i in range(4)]
    outs = [p.communicate(timeout=180)[0].strip() for p in procs]
    assert outs == ["25"] * 4
    assert len(Progress(tmp_path).solved()) == 100


def test_concurrent_seat_notes_are_all_kept(tmp_path):
    env = dict(ENV, FAERIELL_DATA=str(tmp_path))
    procs = [subprocess.Popen([sys.executable, "-c", SEATER, str(i), "20"], env=env, stdout=subprocess.PIPE,
                              text=True) for i in range(4)]
    assert [p.communicate(timeout=180)[0].strip() for p in procs] == ["ok"] * 4
    assert len(json.loads((tmp_path / SEATS_FILE).read_text())) == 80


# ------------------------------------------------------------------------------ 8. command line
@pytest.mark.parametrize("argv,words", [
    (["--seed", str(2 ** 64)], "at most 18446744073709551615"),
    (["--seed", "9" * 5000], "at most 18446744073709551615"),
    (["--size", "100000x100000"], "at most 7680x4320"),
    (["--size", "99999999999999999999x800"], "must look like 1280x800"),
], ids=["seed 2^64", "seed of 5000 digits", "size 100000x100000", "size of 20 digits"])
def test_command_line_numbers_are_bounded_one_line_exit_2(argv, words, capsys):
    with pytest.raises(SystemExit) as e:
        main.parse_args(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and words in err and len(err.strip().splitlines()) == 1 and len(err) < 300, err


def test_the_largest_seed_plays_saves_and_loads(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    g = new_game(R, 1, "solo", "medium", [], (1 << 64) - 1)
    g.apply(g.legal_actions()[0])
    path = save_game(g, name="big seed")
    assert load_game(R, path).state.seed == (1 << 64) - 1


# ------------------------------------------------------------------------------ 9. Continue, the Load list
def test_continue_takes_the_game_played_last_by_its_own_time(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    (tmp_path / "autosaves").mkdir()
    first, second = (tmp_path / "autosaves" / f"2026-01-0{k}_10-00-00-abcd.json" for k in (1, 2))
    write_save(new_game(R, 1, "solo", "medium", [], 1), first)
    write_save(new_game(R, 1, "solo", "medium", [], 2), second)
    future = time.time() + 30 * 86400
    os.utime(first, (future, future))                 # a clock gone wrong, a copied file
    assert latest_autosave() == second
    junk = tmp_path / "autosaves" / "junk.json"
    junk.write_text("{}")
    os.utime(junk, (future, future))
    assert latest_autosave() == second        # a file without the game's time never wins


def test_the_load_list_reads_only_headers_off_the_ui_thread(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    g = new_game(R, 2, "coop", "easy", [], 5)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    good = save_game(g, name="a real one")
    for k in range(30):                               # junk files the size of long saves
        (tmp_path / "saves" / f"junk{k}.json").write_text("[" + "1," * 1_200_000 + "1]")
    read, threads = [], set()
    from faeriell import safe_read
    real_read_at = safe_read._read_at

    go = threading.Event()                            # the listing waits until the screen was looked at

    def counting(fd, n, offset):
        threads.add(threading.current_thread().name)
        go.wait(60)
        data = real_read_at(fd, n, offset)
        read.append(len(data))
        return data
    monkeypatch.setattr(safe_read, "_read_at", counting)
    monkeypatch.setattr(background, "LIST_WAIT_S", 0.0)
    app = make_app(tmp_path, monkeypatch)
    click(app, "tab_load")
    job = app.scene._saves_job
    assert job is not None and app.scene.find("saves").empty_text == "Reading the saves…"
    app.step()                                        # the window goes on while the list is read
    go.set()
    assert job.join(120)
    app.step()
    items = app.scene.find("saves").items
    assert items[0][0] == str(good) and f"{len(g.history)} moves" in items[0][2]
    assert sum(1 for _, _, d in items if "not readable" in d) == 30
    assert threads == {"faeriell-files"}               # never the window's own thread
    assert sum(read) < 31 * 2 * HEAD_BYTES     # a header and a tail per file, never the whole
    pygame.display.quit()


# ------------------------------------------------------------------------------ 10. smaller cases
def test_a_ctrl_s_name_of_four_byte_letters_saves(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=1, seed=2)
    ctrl(app, pygame.K_s)
    type_text(app, "𝔉" * 60)
    click(app, "ok")
    saved = list((tmp_path / "saves").glob("*.json"))
    assert len(saved) == 1 and len(saved[0].name.encode()) <= 255 and saved[0].stem.startswith("𝔉")
    assert app.scene.modal is None and not app.errors
    pygame.display.quit()


def test_stale_puzzle_temporary_files_are_cleaned(tmp_path, monkeypatch):
    old = time.time() - 3600
    stale = tmp_path / ".puzzles-k2j3x9.tmp"
    stale.write_text("{")
    os.utime(stale, (old, old))
    fresh = tmp_path / ".puzzles-now123.tmp"
    fresh.write_text("{")
    make_app(tmp_path, monkeypatch)
    assert not stale.exists() and fresh.exists()
    pygame.display.quit()


def test_a_failed_settings_save_is_shown_to_the_player(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    (tmp_path / "settings.json").mkdir()               # a folder where the file goes
    app.settings.mute = True
    app.settings_changed()
    assert any("settings are not being saved" in n for n in app.notices), app.notices
    app.draw()
    r = app.notice_rect()
    click(app, r.center)                               # a click hides the notice
    assert not app.notices
    pygame.display.quit()


CHILD_OWNER = textwrap.dedent("""
    import sys, time
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.review.background import ReviewJob
    R = default_rules()
    g = new_game(R, 1, "solo", "medium", [], 3)
    for _ in range(400):
        if g.state.game_over:
            break
        g.apply(g.legal_actions()[0])
    job = ReviewJob(g.origin, [h["action"] for h in g.history], [0])
    job.start()
    print(job._proc.pid, flush=True)
    time.sleep(600)
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:                                               # a zombie is gone for good
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ")[1][0] != "Z"
    except OSError:
        return True


def test_the_review_child_process_ends_with_the_window(tmp_path):
    owner = subprocess.Popen([sys.executable, "-c", CHILD_OWNER], env=ENV, stdout=subprocess.PIPE, text=True)
    child = int(owner.stdout.readline())
    assert _alive(child)
    owner.send_signal(signal.SIGKILL)                  # the window is killed: no clean-up runs
    owner.wait(timeout=60)
    for _ in range(400):                               # bounded wait (not a timing assert)
        if not _alive(child):
            break
        time.sleep(0.05)
    assert not _alive(child)


def test_after_the_review_child_dies_back_is_not_covered(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=1, seed=5)
    for _ in range(20):
        app.session.apply(app.session.legal()[0])
    app.scene.review()
    review = app.scene
    assert review.job._proc is not None
    review.job._proc.kill()
    review.job._proc.join(30)
    for _ in range(200):
        app.step()
        if review.job.error:
            break
    assert review.job.error and not app.visible_errors()
    app.draw()
    click(app, "back")
    assert isinstance(app.scene, TableScreen)
    pygame.display.quit()


# ------------------------------------------------------------------------------ the corpus
def test_the_hostile_corpus_new_classes_are_all_clean():
    proc = subprocess.run([sys.executable, "tools/hostile_corpus.py", "--cases", "16", "--only",
                           "settings,progress,positions,map-refs"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=ENV)
    assert proc.returncode == 0, proc.stdout[-3000:]
    for kind in ("settings", "progress", "positions", "map-refs"):
        assert f"  {kind}" in proc.stdout
    assert "NOT CLEAN" not in proc.stdout
