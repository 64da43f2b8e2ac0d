"""The colours of the UI (the theme) and each tribe's swatch."""
from __future__ import annotations

BG = (20, 26, 38)
PANEL = (32, 38, 54)
PANEL_EDGE = (70, 78, 100)
TEXT = (236, 226, 200)
MUTED = (160, 152, 140)
ACCENT = (222, 176, 84)
BTN = (56, 64, 86)
BTN_HOVER = (74, 84, 112)
BTN_DOWN = (44, 50, 68)
BTN_ON = (176, 132, 56)
BTN_PRIMARY = (62, 122, 84)
BTN_PRIMARY_HOVER = (78, 146, 100)
DISABLED_BG = (44, 46, 56)
DISABLED_FG = (110, 108, 110)
ERROR = (240, 120, 108)
OK = (140, 210, 140)
FIELD_BG = (16, 20, 30)
SELECT = (70, 92, 140)

NEUTRAL_RGB = (180, 180, 180)


def tribe_rgb(catalog, tribe_id: str) -> tuple[int, int, int]:
    """The tribe's colour from data/ (validated at load), or a neutral swatch for an unknown id."""
    rgb = (catalog.tribes.get(tribe_id) or {}).get("rgb")
    if not rgb:
        return NEUTRAL_RGB
    r, g, b = (int(v) for v in rgb[:3])
    return r, g, b
