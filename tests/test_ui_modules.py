"""The UI's shared drawing is split by concern (issue 44): theme, text, canvas, controls, widgets.
Each module stays small with a one-line docstring of its concern, and the Text size has one owner
(text.SCALE), not a module-global list anyone may write."""
import ast
import re
from pathlib import Path

from faeriell.ui import text as UT
from faeriell.ui import widgets as W

ROOT = Path(__file__).resolve().parents[1]
MODULES = ("theme", "text", "canvas", "controls", "widgets")
CAP = 500                     # lines per module


def test_each_module_is_small_and_says_its_concern():
    for name in MODULES:
        path = ROOT / "faeriell" / "ui" / f"{name}.py"
        src = path.read_text(encoding="utf-8")
        assert len(src.splitlines()) <= CAP, f"{path.name} has {len(src.splitlines())} lines (cap {CAP})"
        doc = ast.get_docstring(ast.parse(src))
        assert doc and doc.splitlines()[0].strip(), f"{path.name} has no docstring"


def test_nothing_reads_the_old_text_scale_globals():
    old = re.compile(r"\b_(TEXT_SCALE|RESCALE_HOOKS)\b")
    here = Path(__file__).name
    hits = [f"{p.relative_to(ROOT)}:{i}" for folder in ("faeriell", "tests") for p in (ROOT / folder).rglob("*.py")
            if p.name != here for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if old.search(line)]
    assert hits == []
    assert not hasattr(UT, "_TEXT_SCALE") and not hasattr(W, "_TEXT_SCALE")


def test_the_text_scale_tells_its_listeners_and_largest_text_restores_it():
    told = []
    scale = UT.TextScale()
    scale.listen(lambda: told.append(scale.get()))
    assert scale.set(1.15) is True and scale.set(1.15) is False
    assert told == [1.15]
    assert scale.set_floor(UT.LEGIBLE_TEXT) is True and len(told) == 2
    saved = UT.SCALE.get()
    try:
        UT.set_text_scale(1.0)
        with UT.largest_text():
            assert UT.text_scale() == max(UT.UI_SCALES)
        assert UT.text_scale() == 1.0
        assert UT.set_text_scale(1.3) is True and UT.SCALE.get() == 1.3 and UT.scaled(20) == 26
    finally:
        UT.set_text_scale(saved)
