"""Reading files we did not write: every file the program reads goes through `read_bytes` /
`read_text` before it is parsed, and JSON goes through `parse_json`.

A file is read only when it is a regular file (a folder, a named pipe, /dev/zero or a link to one
is refused before anything is read, so nothing hangs or fills memory) and no larger than the limit
of its kind. Text must be UTF-8; JSON nesting and numbers are bounded. Every refusal is one
`UnsafeFile` (a ValueError) whose message names the file; loaders re-raise it as their own error
type. Pure Python (the engine may use it).

    text = read_text(path, "save")          # or "scenario", "data", "map", "index"
    data = parse_json(text, shown=path)
"""
from __future__ import annotations

import json
import math
from itertools import accumulate
import os
import re
import stat

KB, MB = 1 << 10, 1 << 20
# The largest file of each kind we agree to read. A long real save is ~200 KB (one action a line);
# the shipped data files and the map are under 200 KB each; a scenario is a page or two.
# A tile image is a picture a map names (faeriell/content/map_refs.py also bounds its pixels).
LIMITS = {"save": 8 * MB, "scenario": 1 * MB, "data": 1 * MB, "map": 4 * MB, "index": 1 * MB,
          "image": 16 * MB}
MAX_JSON_DEPTH = 64          # a save nests 5 deep; an origin position perhaps 8
MAX_NUMBER_CHARS = 40        # seeds are 64-bit (20 digits); nothing we read needs more
MAX_SHOWN = 300              # characters of a file's own text quoted in a message


class UnsafeFile(ValueError):
    """A file refused before or while parsing; the message names the file."""


# What code reading a file's data raises on a value it cannot take (a missing key, a number too
# large, an index past the end): a loader catches these and names the file, so a hostile file is
# refused in words, never with a traceback. TypeError and AttributeError are not among them
# (issue 43): a reader checks each value's shape before it reads it (engine.position.SHAPES,
# engine.action_schema, the catalog's schema), and one it did not check is a bug to see.
MALFORMED = (ValueError, KeyError, IndexError, OverflowError, RecursionError)


def clip(text, limit: int = MAX_SHOWN) -> str:
    """`text` as a str no longer than `limit` (an ellipsis says it was cut), safe to print and to
    render: lone surrogates and NULs (which SDL_ttf and terminals choke on) become U+FFFD.
    The one helper for text that comes from files (faeriell/ui/widgets.py renders through it)."""
    s = text if isinstance(text, str) else str(text)
    if len(s) > limit:
        s = s[:max(0, limit - 1)] + "…"
    if "\x00" in s:
        s = s.replace("\x00", "\ufffd")
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        s = s.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return s


def file_kind(st_mode: int) -> str | None:
    """'a folder', 'a named pipe (FIFO)', ... for anything but a regular file (None for one)."""
    if stat.S_ISREG(st_mode):
        return None
    if stat.S_ISDIR(st_mode):
        return "a folder"
    if stat.S_ISFIFO(st_mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(st_mode) or stat.S_ISBLK(st_mode):
        return "a device"
    if stat.S_ISSOCK(st_mode):
        return "a socket"
    return "not a regular file"


def why_not_readable(path, kind: str = "save") -> str | None:
    """None when `path` is a regular file within the limit of `kind`, else why not (no reading)."""
    shown = clip(os.fspath(path))
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return f"no such file: {shown}"
    except OSError as e:
        return f"{shown}: cannot read: {e.strerror or e}"
    what = file_kind(st.st_mode)
    if what:
        return f"{shown} is {what}, not a file"
    limit = LIMITS[kind]
    if st.st_size > limit:
        return f"{shown}: too large for a {kind} file ({_size(st.st_size)}; at most {_size(limit)})"
    return None


def _open_regular(path, kind: str, shown: str) -> tuple[int, os.stat_result]:
    """An open descriptor of `path` and its stat, when it is a regular file within LIMITS[kind];
    UnsafeFile otherwise (nothing left open). Opened without blocking and checked on the
    descriptor, so a FIFO never hangs and a file swapped after a check is still checked."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise UnsafeFile(f"{shown}: cannot read: no such file") from None
    except IsADirectoryError:
        raise UnsafeFile(f"{shown} is a folder, not a file") from None
    except OSError as e:
        raise UnsafeFile(f"{shown}: cannot read: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
    except OSError as e:
        os.close(fd)
        raise UnsafeFile(f"{shown}: cannot read: {e.strerror or e}") from None
    what, limit = file_kind(st.st_mode), LIMITS[kind]
    if what or st.st_size > limit:
        os.close(fd)
        raise UnsafeFile(f"{shown} is {what}, not a file" if what else
                         f"{shown}: too large for a {kind} file ({_size(st.st_size)}; at most {_size(limit)})")
    return fd, st


def read_bytes(path, kind: str = "save", shown=None) -> bytes:
    """The bytes of a regular file no larger than LIMITS[kind]; UnsafeFile otherwise. Opened and
    checked by _open_regular, then read to at most limit + 1 bytes (a file grown since the check)."""
    shown = clip(os.fspath(path if shown is None else shown))
    limit = LIMITS[kind]
    fd, _ = _open_regular(path, kind, shown)
    try:
        chunks, total = [], 0
        while total <= limit:
            block = os.read(fd, min(1 * MB, limit + 1 - total))
            if not block:
                break
            chunks.append(block)
            total += len(block)
        if total > limit:
            raise UnsafeFile(f"{shown}: too large for a {kind} file (more than {_size(limit)})")
        return b"".join(chunks)
    except OSError as e:
        raise UnsafeFile(f"{shown}: cannot read: {e.strerror or e}") from None
    finally:
        os.close(fd)


def _read_at(fd: int, n: int, offset: int) -> bytes:
    """Up to `n` bytes at `offset` (os.pread where there is one, else seek and read)."""
    if hasattr(os, "pread"):
        return os.pread(fd, n, offset)
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, n)


def read_ends(path, kind: str, head: int, tail: int = 0, shown=None) -> tuple[bytes, bytes, os.stat_result]:
    """The first `head` and the last `tail` bytes of a regular file within LIMITS[kind], never
    what lies between (a save's header and snapshot, an image's header), and its stat. Opened
    without blocking and checked on the descriptor, like read_bytes; UnsafeFile otherwise."""
    shown = clip(os.fspath(path if shown is None else shown))
    fd, st = _open_regular(path, kind, shown)
    try:
        first = _read_at(fd, head, 0)
        last = _read_at(fd, tail, max(head, st.st_size - tail)) if tail and st.st_size > head else b""
        return first, last, st
    except OSError as e:
        raise UnsafeFile(f"{shown}: cannot read: {e.strerror or e}") from None
    finally:
        os.close(fd)


def decode(raw: bytes, shown) -> str:
    """UTF-8 text (a leading BOM dropped); UnsafeFile naming the line of the first bad byte."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise UnsafeFile(f"{clip(os.fspath(shown))}:{line}: not UTF-8 text "
                         f"(byte {e.start} is 0x{raw[e.start]:02x})") from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path, kind: str = "save", shown=None) -> str:
    shown = path if shown is None else shown
    return decode(read_bytes(path, kind, shown), shown)


# ------------------------------------------------------------------------------------ JSON
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep brackets nest in JSON text (strings skipped), without building anything: the
    regular expressions and the running sum all run in C."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _int(s: str) -> int:
    if len(s) > MAX_NUMBER_CHARS:
        raise UnsafeFile(f"a number of {len(s)} digits (at most {MAX_NUMBER_CHARS})")
    return int(s)


def _float(s: str) -> float:
    if len(s) > MAX_NUMBER_CHARS:
        raise UnsafeFile(f"a number of {len(s)} characters (at most {MAX_NUMBER_CHARS})")
    x = float(s)
    if not math.isfinite(x):
        raise UnsafeFile(f"the number {clip(s, 40)} is out of range")
    return x


def _constant(s: str):
    raise UnsafeFile(f"{s} is not a number JSON allows")


def parse_json(text: str, shown="", max_depth: int = MAX_JSON_DEPTH):
    """json.loads with nesting, number sizes and NaN/Infinity refused (UnsafeFile), and a
    syntax error kept as json.JSONDecodeError (its line and column are the caller's to word)."""
    where = f"{clip(os.fspath(shown))}: " if shown else ""
    if json_depth(text) > max_depth:
        raise UnsafeFile(f"{where}nested more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except UnsafeFile as e:
        raise UnsafeFile(f"{where}{e}") from None
    except RecursionError:      # the depth scan makes this unreachable; kept as a last guard
        raise UnsafeFile(f"{where}nested too deeply") from None


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{n / KB:.0f} KB" if n >= KB else f"{n} bytes"
