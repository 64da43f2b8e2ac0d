"""The standalone build (issue 46): what tools/build_app.py hands PyInstaller, and that CI builds it.
The build itself runs in .ci/build_check.sh (a minute, outside pytest): here, that every file the
game reads at run time goes into it, that nothing the game needs is left out, and that the build's
tools are pinned."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import faeriell.resources as res

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_app  # noqa: E402


def _added(args: list[str]) -> set[str]:
    """The bundle's folders PyInstaller is told to fill: {dest/name of the source}."""
    out = set()
    for i, a in enumerate(args):
        if a == "--add-data":
            src, dest = args[i + 1].rsplit(":", 1)
            out.add(str(Path(dest) / Path(src).name) if dest != Path(src).name else dest)
    return out


def test_every_resource_folder_and_the_checkouts_files_go_into_the_bundle():
    added = _added(build_app.pyinstaller_args())
    for name in res.NAMES:
        assert name in added, name
    # every file the game finds beside the package through CHECKOUT (e.g. docs/balance.md)
    used = set()
    for path in (ROOT / "faeriell").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "CHECKOUT" not in text:
            continue
        # CHECKOUT / "docs" / "balance.md", or ROOT = CHECKOUT and then ROOT / "data" / ...
        names = {"CHECKOUT"} | set(re.findall(r"^(\w+) = CHECKOUT\b", text, re.M))
        for name in names:
            for m in re.finditer(rf"\b{name} / ((?:\"[^\"]+\"(?: / )?)+)", text):
                used.add("/".join(re.findall(r'"([^"]+)"', m.group(1))))
    # and every file found through resource_dir beyond the folders of NAMES: resource_dir("docs") / "balance.md"
    for path in (ROOT / "faeriell").rglob("*.py"):
        for m in re.finditer(r'resource_dir\("(\w+)"\) / ((?:"[^"]+"(?: / )?)+)', path.read_text(encoding="utf-8")):
            if m.group(1) not in res.NAMES:
                used.add("/".join([m.group(1), *re.findall(r'"([^"]+)"', m.group(2))]))
    assert "docs/balance.md" in used, used           # else the test lost its way
    for rel in used:
        if rel.startswith("tests/"):
            continue                  # a checkout's extra scenarios, looked for only when there
        top = rel.split("/")[0]
        assert top in added or rel in added, (rel, sorted(added))


def test_the_game_and_what_it_imports_are_not_left_out():
    args = build_app.pyinstaller_args()
    excluded = {args[i + 1] for i, a in enumerate(args) if a == "--exclude-module"}
    required = [re.split(r"[<>=!~ ]", line.strip())[0].lower()
                for line in (ROOT / "requirements.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    assert "numpy" in required and "numpy" not in excluded
    assert not excluded & {"faeriell", "pygame", "pytmx", "yaml", "pyphen", "platformdirs", "numpy"}
    assert args[0] == str(ROOT / "main.py")             # the entry that calls freeze_support()
    assert "multiprocessing.freeze_support()" in (ROOT / "main.py").read_text()
    assert args[args.index("--collect-submodules"):][:2] == ["--collect-submodules", "faeriell"]


def test_the_builds_tools_are_pinned_and_bring_the_games_requirements():
    lines = [ln.strip() for ln in (ROOT / "requirements-build.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    assert "-r requirements.txt" in lines
    pins = [ln for ln in lines if not ln.startswith("-r")]
    assert pins and all(re.fullmatch(r"[\w.-]+==[\w.]+", ln) for ln in pins), pins
    assert any(ln.startswith("pyinstaller==6.") for ln in pins)


def test_ci_runs_the_build_check_and_it_builds_with_the_readme_command():
    ci = [ln for ln in (ROOT / ".ci" / "run").read_text().splitlines() if not ln.lstrip().startswith("#")]
    assert ".ci/build_check.sh" in ci and "set -euo pipefail" in ci
    check = (ROOT / ".ci" / "build_check.sh").read_text()
    assert "set -euo pipefail" in check and "tools/build_app.py" in check
    assert 'env -i PATH="$tmp/nothing"' in check                  # no python reachable
    for option in ("--help", "--screenshot", "--self-check"):
        assert f"run {option}" in check, option
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv-build && .venv-build/bin/python tools/build_app.py" in readme


def test_the_build_folders_are_ignored_by_git():
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert {"/build/", "/dist/", ".venv-build/"} <= set(ignored)


def test_every_licence_text_is_copied_none_over_another(tmp_path):
    """numpy ships several LICENSE.md and LICENSE.txt in its metadata (its bundled OpenBLAS's among
    them): each keeps its own path under licenses/numpy/, none is lost under another's name."""
    found = build_app.licence_files()
    assert any(dist == "numpy" for dist, _, _ in found)          # numpy is installed here (a requirement)
    n = build_app.copy_licences(tmp_path / "app")
    assert n == len(found)
    copied = [p for p in (tmp_path / "app" / "licenses").rglob("*") if p.is_file()]
    assert len(copied) == n + 3          # and README.txt, OFL.txt, LICENSE-game-icons.md
    numpy_texts = " ".join(p.read_text(encoding="utf-8", errors="replace")
                           for p in (tmp_path / "app" / "licenses" / "numpy").rglob("*") if p.is_file())
    assert "OpenBLAS" in numpy_texts


def test_a_frozen_program_finds_its_files_in_its_bundle(tmp_path):
    """In the build, faeriell/resources.py looks in PyInstaller's bundle folder (sys._MEIPASS) as it
    would in a checkout. A fresh interpreter: the module reads sys at import."""
    import subprocess
    (tmp_path / "bundle" / "sprites").mkdir(parents=True)
    code = ("import sys; sys.frozen = True; sys._MEIPASS = sys.argv[1]\n"
            "import faeriell.resources as r\n"
            "print(r.FROZEN, r.CHECKOUT, r.resource_dir('sprites'), sep='|')")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "bundle")], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    frozen, checkout, sprites = out.stdout.strip().split("|")
    assert frozen == "True" and Path(checkout) == (tmp_path / "bundle").resolve()
    assert Path(sprites) == (tmp_path / "bundle" / "sprites").resolve()
