#!/usr/bin/env python3
"""Synthesise the table's sound effects into sounds/ (no downloaded audio; standard library only).

    python3 tools/make_sounds.py            # (re)write sounds/*.wav
    python3 tools/make_sounds.py --check    # exit 1 when a committed sound differs from what this makes

Each effect is a few lines of arithmetic on sine waves and seeded noise, written as 16-bit mono
WAV at 22,050 Hz (faeriell/ui/sound.py plays them through pygame-ce's mixer). The output is the
same bytes on every run, so --check compares files directly.

  pickup       a piece is picked up (a short rising blip)
  drop         a move is made (a wooden knock)
  refuse       a move the rules refuse (two falling buzzy notes)
  doom         the Doom marker steps up (a low gong)
  achievement  an Achievement is claimed (a rising bell arpeggio)
  game_end     the game ends (a slow chord)
"""
from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOUNDS_DIR = ROOT / "sounds"
RATE = 22050


def _env(t: float, attack: float, decay: float) -> float:
    """A quick attack then an exponential fall."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _tone(freq: float, dur: float, attack=0.005, decay=0.1, harmonics=((1, 1.0),), glide: float = 0.0):
    out = []
    phase = 0.0
    for n in range(int(dur * RATE)):
        t = n / RATE
        f = freq * (1 + glide * t / dur)
        phase += 2 * math.pi * f / RATE
        v = sum(a * math.sin(k * phase) for k, a in harmonics)
        out.append(v * _env(t, attack, decay))
    return out


def _mix(*tracks, offsets=None):
    offsets = offsets or [0.0] * len(tracks)
    n = max(int(o * RATE) + len(tr) for tr, o in zip(tracks, offsets, strict=True))
    out = [0.0] * n
    for tr, o in zip(tracks, offsets, strict=True):
        start = int(o * RATE)
        for i, v in enumerate(tr):
            out[start + i] += v
    return out


def _noise(dur: float, decay: float, seed: int):
    rng = random.Random(seed)
    return [rng.uniform(-1, 1) * math.exp(-(n / RATE) / decay) for n in range(int(dur * RATE))]


def _fade_out(x, ms: float = 8.0):
    k = min(len(x), int(ms / 1000 * RATE))
    for i in range(k):
        x[len(x) - 1 - i] *= i / k
    return x


def pickup():
    return _tone(620, 0.08, decay=0.04, harmonics=((1, 1.0), (2, 0.25)), glide=0.45)


def drop():
    knock = _tone(170, 0.16, attack=0.002, decay=0.035, harmonics=((1, 1.0), (2.7, 0.35)))
    click = [v * 0.35 for v in _noise(0.03, 0.006, seed=1)]
    return _mix(knock, click)


def refuse():
    buzz = ((1, 1.0), (3, 0.3), (5, 0.12))
    return _mix(_tone(233, 0.13, decay=0.08, harmonics=buzz), _tone(175, 0.2, decay=0.1, harmonics=buzz),
                offsets=[0.0, 0.12])


def doom():
    return _mix(_tone(73, 0.9, attack=0.01, decay=0.35, harmonics=((1, 1.0), (2.02, 0.45), (3.1, 0.2))),
                [v * 0.15 for v in _noise(0.12, 0.04, seed=2)])


def achievement():
    bell = ((1, 1.0), (2, 0.4), (3.01, 0.15))
    notes = (523.25, 659.25, 783.99, 1046.5)
    return _mix(*[_tone(f, 0.45, decay=0.18, harmonics=bell) for f in notes], offsets=[0.0, 0.08, 0.16, 0.24])


def game_end():
    warm = ((1, 1.0), (2, 0.3), (3, 0.1))
    chord = [_tone(f, 1.3, attack=0.04, decay=0.5, harmonics=warm) for f in (261.63, 329.63, 392.0, 523.25)]
    return _mix(*chord, offsets=[0.0, 0.06, 0.12, 0.3])


EFFECTS = {"pickup": (pickup, 0.45), "drop": (drop, 0.6), "refuse": (refuse, 0.45), "doom": (doom, 0.7),
           "achievement": (achievement, 0.5), "game_end": (game_end, 0.5)}


def render(name: str) -> bytes:
    fn, loudness = EFFECTS[name]
    x = _fade_out(fn())
    peak = max(1e-9, max(abs(v) for v in x))
    frames = struct.pack(f"<{len(x)}h", *(int(round(v / peak * loudness * 32767)) for v in x))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return buf.getvalue()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="exit 1 when sounds/ is out of date")
    p.add_argument("--out", type=Path, default=SOUNDS_DIR, help="folder to write (default sounds/)")
    args = p.parse_args(argv)
    stale = []
    for name in EFFECTS:
        data = render(name)
        path = args.out / f"{name}.wav"
        same = path.exists() and path.read_bytes() == data
        if args.check:
            if not same:
                stale.append(path.name)
        elif not same:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path} ({len(data)} bytes)")
    if stale:
        print("out of date (run python3 tools/make_sounds.py):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
