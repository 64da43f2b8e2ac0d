"""Sound effects through pygame-ce's mixer: pick-up, drop, refusal, Doom step, Achievement, game end.

    sounds = Sounds(volume=0.7)          # never raises: no audio device = silent
    sounds.play("drop")

The .wav files in sounds/ are made by tools/make_sounds.py. Where the mixer cannot start (no sound
card, SDL_AUDIODRIVER=dummy without a mixer, a missing file) every call is a silent no-op, and
`played` still records what would have been heard (the tests read it).
"""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from faeriell.resources import resource_dir

log = logging.getLogger(__name__)

SOUNDS_DIR = resource_dir("sounds")
EFFECTS = ("pickup", "drop", "refuse", "doom", "achievement", "game_end")
KEEP = 50                       # how many played names are remembered


class Sounds:
    def __init__(self, volume: float = 0.7, directory: Path | str = SOUNDS_DIR):
        self.directory = Path(directory)
        self.volume = max(0.0, min(1.0, float(volume)))
        self.played: list[str] = []
        self._cache: dict[str, object] = {}
        self.ready = self._start()

    def _start(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            return bool(pygame.mixer.get_init())
        except (pygame.error, NotImplementedError) as e:   # no device; no mixer module: play silently
            log.info("no sound: %s", e)
            return False

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))

    def _sound(self, name: str):
        if name not in self._cache:
            try:
                self._cache[name] = pygame.mixer.Sound(str(self.directory / f"{name}.wav"))
            except (pygame.error, OSError) as e:   # a missing or unreadable file: that effect stays silent
                log.info("sound %s unavailable: %s", name, e)
                self._cache[name] = None
        return self._cache[name]

    def play(self, name: str) -> None:
        if self.volume <= 0:
            return
        self.played.append(name)
        del self.played[:-KEEP]
        if not self.ready:
            return
        try:
            snd = self._sound(name)
            if snd is not None:
                snd.set_volume(self.volume)
                snd.play()
        except pygame.error as e:       # the device went away mid-game: a sound never stops play
            log.debug("could not play %s: %s", name, e)


# ------------------------------------------------------------------------------------ cues
def watch(state) -> tuple:
    """What the cues compare before and after a move: Doom, Achievements held, game over."""
    held = sum(len(t.achievements) for t in state.tribes)
    return (state.doom, held, bool(state.game_over))


def cues(before: tuple, after: tuple) -> list[str]:
    """The sounds of one move: the end of the game says it all; else a Doom step and an
    Achievement claim come with the move's own knock."""
    doom0, held0, over0 = before
    doom1, held1, over1 = after
    if over1 and not over0:
        return ["game_end"]
    out = ["drop"]
    if doom1 > doom0:
        out.append("doom")
    if held1 > held0:
        out.append("achievement")
    return out
