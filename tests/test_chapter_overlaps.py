"""Nothing covers what it talks about, over every guided step (issue 42, item 3).

Every step of every chapter (faeriell/tutorial/chapters.py; `python -m faeriell.tutorial --check`
plays them) is drawn at 1280x800 and 1024x640, and what lies over the table is measured on the
window's pixels: the step card, its arrow and rings (the tutor's pink) must not lie over the text
of another element: the message line, the decision bar, the payment tray, the goal meter, the log.
The words printed on the table itself (the Achievements' names, the boards' labels) are
tests/test_tutorial_ui.py's (the arrow passes under them)."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import make_app

import pygame  # noqa: E402
import pytest  # noqa: E402

from test_tutorial_ui import every_step  # noqa: E402
from faeriell.ui.table.tutorial_layer import TUTOR  # noqa: E402
from faeriell.ui.table.keys import GoalMeter  # noqa: E402


def pink_on_letters(surf, word: pygame.Rect) -> int:
    """The tutor's pink pixels (its arrow, its rings) on the letters of the word drawn at `word`
    (the word's ink, one pixel round: a ring beside a line of text is no cover)."""
    got = surf.ink_mask(word, 1)
    if got is None:
        return 0
    ink, at = got
    box = pygame.Rect(at, ink.get_size()).clip(surf.get_rect())
    if box.w <= 0 or box.h <= 0:
        return 0
    pink = pygame.mask.from_threshold(surf.subsurface(box), TUTOR, (24, 24, 24, 255))
    return ink.overlap_area(pink, (box.x - at[0], box.y - at[1]))


def elements(table) -> dict[str, pygame.Rect]:
    """What carries text over or beside the island, drawn this frame."""
    out = {}
    if table.message and table.message_rect is not None:
        out["message line"] = pygame.Rect(table.message_rect)
    if table.decision.choice is not None and table.decision.choice.panel_rect is not None:
        out["decision bar"] = pygame.Rect(table.decision.choice.panel_rect)
    if table.tray_layer.tray is not None and table.tray_layer.tray.panel_rect is not None:
        out["payment tray"] = pygame.Rect(table.tray_layer.tray.panel_rect)
    meter = table.spots.first(GoalMeter())
    if meter is not None:
        out["goal meter"] = pygame.Rect(meter.rect)
    out["log"] = pygame.Rect(table.log_layer.panel.rect)
    return out


def words_drawn(table, size) -> tuple[pygame.Surface, list[pygame.Rect]]:
    """The table drawn once more on a surface that remembers where each text went (text.WordsSurface)."""
    from faeriell.ui import text as UT
    rec = UT.WordsSurface(size)
    table.draw(rec)
    return rec, list(rec.words)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_guided_card_arrow_or_ring_covers_another_elements_text(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, monkeypatch, size=size)
    problems = []
    steps = 0
    try:
        for step, table in every_step(app):
            steps += 1
            card = table.tutorial.card
            screen, words = words_drawn(table, size)
            base = {tuple(w) for w in table.printed_words()}      # the base's words: test_tutorial_ui's
            words = [w for w in words if tuple(w) not in base]
            parts = elements(table)
            bar = parts.get("decision bar")
            for name, r in parts.items():
                inner = r.inflate(-4, -4)
                if card is not None and name != "goal meter" and card.colliderect(inner):
                    problems.append(f"{step}: the step card {card} lies over the {name} {r}")
                for w in words:
                    if not r.contains(w) or (card is not None and card.colliderect(w)):
                        continue
                    if name != "decision bar" and bar is not None and bar.colliderect(w):
                        continue                # hidden under the bar, which is drawn over it
                    pink = pink_on_letters(screen, w)
                    if pink > 2:
                        problems.append(f"{step}: the step's arrow or ring lies over the {name}'s text at {w} "
                                        f"({pink} px)")
    finally:
        pygame.display.quit()
    assert steps > 60
    assert not problems, "\n".join(problems[:30])
