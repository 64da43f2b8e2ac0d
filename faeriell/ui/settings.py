"""The player's settings, kept as settings.json in the user's data folder ($FAERIELL_DATA or
~/.local/share/faeriell): bot speed, animation speed, hot-seat curtain, text size, sound volume
and mute, colour-blind markings. No pygame here.

A missing or damaged file gives the defaults (a damaged one is left alone and logged); values
out of range are brought back into range, unknown keys are ignored.
"""
from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from faeriell.safe_read import parse_json, read_text

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"

# seconds a bot waits between its moves, per bot speed
BOT_DELAYS = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
# how long a flight lasts, as a factor of the table's own durations (0: no animation)
ANIM_FACTORS = {"slow": 1.8, "normal": 1.0, "fast": 0.5, "off": 0.0}
UI_SCALES = (0.85, 1.0, 1.15, 1.3)


@dataclass
class Settings:
    bot_speed: str = "normal"
    anim_speed: str = "normal"
    curtain: bool = True                # hot-seat: hide the hand when it changes hands
    ui_scale: float = 1.0               # text size
    volume: float = 0.7                 # 0..1
    mute: bool = False
    colour_blind: bool = False          # a letter on every coloured piece
    path: Path | None = None            # where it was read from / is written to (not saved)

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
    def clean(self) -> "Settings":
        if self.bot_speed not in BOT_DELAYS:
            self.bot_speed = "normal"
        if self.anim_speed not in ANIM_FACTORS:
            self.anim_speed = "normal"
        try:
            self.ui_scale = min(UI_SCALES, key=lambda s: abs(s - float(self.ui_scale)))
        except (TypeError, ValueError):
            self.ui_scale = 1.0
        try:
            self.volume = max(0.0, min(1.0, round(float(self.volume), 2)))
        except (TypeError, ValueError):
            self.volume = 0.7
        self.curtain, self.mute, self.colour_blind = bool(self.curtain), bool(self.mute), bool(self.colour_blind)
        return self

    def to_dict(self) -> dict:
        d = asdict(self)
        d.pop("path", None)
        return d

    @classmethod
    def load(cls, path: Path | str | None = None) -> "Settings":
        path = Path(path) if path else default_path()
        s = cls(path=path)
        try:
            if not path.exists():
                return s
            data = parse_json(read_text(path, "index"), shown=path)   # a pipe or a huge file: unread
        except FileNotFoundError:
            return s
        except (OSError, ValueError) as e:
            log.warning("settings file %s not readable (%s): the defaults are used", path, e)
            return s
        if isinstance(data, dict):
            for f in fields(cls):
                if f.name != "path" and f.name in data:
                    setattr(s, f.name, data[f.name])
        return s.clean()

    def save(self) -> bool:
        """Write the file (atomically); False when it could not be written (play goes on)."""
        path = self.path or default_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.to_dict(), indent=1), encoding="utf-8")
            tmp.replace(path)
            return True
        except OSError as e:
            log.warning("could not save the settings to %s: %s", path, e)
            return False


def default_path() -> Path:
    from faeriell.ui.session import user_data_dir
    return user_data_dir() / FILE_NAME
