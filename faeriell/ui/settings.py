"""The player's settings, kept as settings.json in the user's data folder ($FAERIELL_DATA or
~/.local/share/faeriell): bot speed, animation speed, hot-seat curtain, text size, interface
size, sound volume and mute, colour-blind markings. No pygame here.

A missing or damaged file gives the defaults (a damaged one is kept aside as settings.json.bad
and the window says so); a value of the wrong kind becomes its default, values out of range are
brought back into range, unknown keys are ignored.
"""
from __future__ import annotations

import json
import logging
import math
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from faeriell.safe_read import clip, parse_json, read_text
from faeriell.storage.folders import user_data_dir
from faeriell.storage.atomic import atomic_write, set_aside

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"

# seconds a bot waits between its moves, per bot speed
BOT_DELAYS = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
# how long a flight lasts, as a factor of the table's own durations (0: no animation)
ANIM_FACTORS = {"slow": 1.8, "normal": 1.0, "fast": 0.5, "off": 0.0}
UI_SCALES = (0.85, 1.0, 1.15, 1.3)
LAYOUT_SCALES = ("auto", 1.0, 1.25, 1.5)     # the Interface size: menus and dialogs drawn larger


@dataclass
class Settings:
    bot_speed: str = "normal"
    anim_speed: str = "normal"
    curtain: bool = True                # hot-seat: hide the hand when it changes hands
    ui_scale: float = 1.0               # text size
    layout_scale: object = "auto"       # interface size: "auto" (follows the window) or a factor
    volume: float = 0.7                 # 0..1
    mute: bool = False
    colour_blind: bool = False          # a letter on every coloured piece
    coach: bool = False                 # the coach at your elbow: "Are you sure?", partners say their move
    path: Path | None = None            # where it was read from / is written to (not saved)
    bad: list = field(default_factory=list)      # fields clean() replaced by their default
    notice: str = ""                    # what the player should be told about the file
    save_problem: str = ""              # why the last save failed ('' when it worked)

    # ---- what the settings mean -------------------------------------------------------------
    @property
    def bot_delay(self) -> float:
        return BOT_DELAYS.get(self.bot_speed, BOT_DELAYS["normal"])

    @property
    def anim_factor(self) -> float:
        return ANIM_FACTORS.get(self.anim_speed, 1.0)

    @property
    def sound_volume(self) -> float:
        return 0.0 if self.mute else self.volume

    # ---- file ----------------------------------------------------------------------------------
    def clean(self) -> Settings:
        """Every value made valid: one that is not (a list, a word we do not know, NaN) becomes
        its default. Returns self; `bad` lists the fields replaced."""
        default = Settings()
        bad = []

        def fix(name, ok):
            if not ok:
                bad.append(name)
                setattr(self, name, getattr(default, name))
        fix("bot_speed", isinstance(self.bot_speed, str) and self.bot_speed in BOT_DELAYS)
        fix("anim_speed", isinstance(self.anim_speed, str) and self.anim_speed in ANIM_FACTORS)
        for name in ("ui_scale", "volume"):
            v = getattr(self, name)
            fix(name, isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v))
        self.ui_scale = min(UI_SCALES, key=lambda s: abs(s - float(self.ui_scale)))
        self.volume = max(0.0, min(1.0, round(float(self.volume), 2)))
        ls = self.layout_scale                                  # "auto", or a factor of LAYOUT_SCALES
        fix("layout_scale", ls == "auto" or (isinstance(ls, (int, float)) and not isinstance(ls, bool)
                                             and math.isfinite(ls)))
        if isinstance(self.layout_scale, (int, float)):           # fix() left "auto" or a number
            factor = float(self.layout_scale)
            self.layout_scale = min(LAYOUT_SCALES[1:], key=lambda v: abs(v - factor))
        for name in ("curtain", "mute", "colour_blind", "coach"):   # true/false, or 1/0 as older files wrote
            v = getattr(self, name)
            fix(name, isinstance(v, bool) or (isinstance(v, int) and v in (0, 1)))
            setattr(self, name, bool(getattr(self, name)))
        self.bad = bad
        return self

    def to_dict(self) -> dict:
        d = asdict(self)
        for k in ("path", "bad", "notice", "save_problem"):
            d.pop(k, None)
        return d

    @classmethod
    def load(cls, path: Path | str | None = None) -> Settings:
        """The settings in the file; the game always starts: a missing file gives the defaults,
        a value that is not valid its default, and a file that cannot be read or parsed (or that
        held a bad value) is kept aside as settings.json.bad - never overwritten - with
        `notice` saying so. Without a usable data folder: the defaults, and `notice` says the
        settings are not being saved."""
        try:
            path = Path(path) if path else default_path()
        except OSError as e:               # DataDirError: FAERIELL_DATA is a file, /dev/null, ...
            s = cls(path=None)
            s.save_problem = str(e)
            s.notice = f"Your settings and games are not being saved: {e}"
            return s
        s = cls(path=path)
        if not os.path.lexists(path):
            return s
        try:
            data = parse_json(read_text(path, "index"), shown=path)   # a pipe or a huge file: unread
        except (OSError, ValueError) as e:
            s._set_aside(f"could not be read ({clip(e, 200)})")
            return s
        if not isinstance(data, dict):
            s._set_aside("does not hold settings")
            return s
        for f in fields(cls):
            if f.name in data and f.name not in ("path", "bad", "notice", "save_problem"):
                setattr(s, f.name, data[f.name])
        s.clean()
        if s.bad:
            s._set_aside(f"had a value that is not valid for {', '.join(s.bad)}; the default is used")
        return s

    def _set_aside(self, why: str) -> None:
        bad = set_aside(self.path)
        if bad is None:                    # cannot be moved: never write over it either
            self.save_problem = f"{self.path} {why} and cannot be moved aside"
            self.notice = f"Your settings file {why}; changes are not saved over it."
        else:
            self.notice = f"Your settings file {why}; it is kept as {bad.name}."
        log.warning("settings: %s", self.notice)

    def save(self) -> bool:
        """Write the file (storage.atomic.atomic_write); False when it could not be written, with
        `save_problem` saying why (the window shows it; play goes on)."""
        if self.path is None or self.save_problem.endswith("cannot be moved aside"):
            return False                   # no data folder, or a file we must not write over
        try:
            self.path = Path(self.path)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, json.dumps(self.to_dict(), indent=1))
        except OSError as e:
            self.save_problem = f"the settings could not be saved to {clip(self.path)}: {e.strerror or e}"
            log.warning("%s", self.save_problem)
            return False
        self.save_problem = ""
        return True


def default_path() -> Path:
    return user_data_dir() / FILE_NAME
