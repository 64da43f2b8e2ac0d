"""The files a Tiled map names (external tilesets, tile and layer images), checked before pytmx or
pygame opens any of them: each must be a regular file within its size limit (a named pipe would
hang the reader, a 300 MB tileset fill memory), and each image's dimensions - read from its own
header, never by decoding it - must be bounded (an 874 KB PNG can decode to 30000x30000 pixels,
a gigabyte). Pure Python: pygame and pytmx are not imported here.

    problem = map_reference_problem("maps/faeriell.tmx")     # None, or a sentence naming the file
"""
from __future__ import annotations

import os
import struct
from xml.etree import ElementTree

from faeriell.safe_read import UnsafeFile, clip, read_bytes, read_ends, why_not_readable

MAX_IMAGE_SIDE = 8192                 # pixels a side; the game's tileset is 512 wide
MAX_IMAGE_PIXELS = 16 * 1024 * 1024   # 64 MB once decoded to 32-bit pixels
MAX_REFERENCES = 2000                 # files one map may name
HEADER_BYTES = 64 * 1024              # enough for any JPEG's frame header after its metadata


def image_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) from the first bytes of a PNG, GIF, BMP or JPEG file; None if not one."""
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR" and len(head) >= 24:
        return struct.unpack(">II", head[16:24])
    if head[:6] in (b"GIF87a", b"GIF89a") and len(head) >= 10:
        return struct.unpack("<HH", head[6:10])
    if head[:2] == b"BM" and len(head) >= 26:
        w, h = struct.unpack("<ii", head[18:26])
        return abs(w), abs(h)
    if head[:2] == b"\xff\xd8":
        k = 2
        while k + 9 < len(head):
            if head[k] != 0xFF:
                return None
            marker = head[k + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                k += 2
                continue
            length = struct.unpack(">H", head[k + 2:k + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                h, w = struct.unpack(">HH", head[k + 5:k + 9])
                return w, h
            k += 2 + length
    return None


def image_problem(path: str) -> str | None:
    """None when `path` is an image the window may decode, else why not (the file is opened
    without blocking and only its header is read)."""
    problem = why_not_readable(path, "image")
    if problem:
        return problem
    shown = clip(path)
    try:
        head, _, _ = read_ends(path, "image", HEADER_BYTES)    # the header only, never decoded here
    except UnsafeFile as e:
        return str(e)
    size = image_size(head)
    if size is None:
        return f"{shown}: not a PNG, GIF, BMP or JPEG image"
    w, h = size
    if w < 1 or h < 1 or w > MAX_IMAGE_SIDE or h > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
        return (f"{shown}: an image of {w}x{h} pixels is too large (at most {MAX_IMAGE_SIDE} a side "
                f"and {MAX_IMAGE_PIXELS // (1024 * 1024)} million pixels)")
    return None


def _xml(path: str, kind: str = "map"):
    try:
        return ElementTree.fromstring(read_bytes(path, kind))
    except UnsafeFile as e:
        raise ValueError(str(e)) from None
    except ElementTree.ParseError as e:
        raise ValueError(f"{clip(path)}: not readable XML ({e})") from None


def referenced_files(tmx_path: str) -> list[tuple[str, str]]:
    """(kind, path) of every file the map names: 'tileset' (.tsx) and 'image'; ValueError with a
    sentence when the map or a tileset cannot be read as XML."""
    try:
        root = ElementTree.fromstring(read_bytes(tmx_path, "map"))
    except UnsafeFile as e:
        raise ValueError(str(e)) from None
    except ElementTree.ParseError:
        return []                      # not a map at all: the map reader says so in its words
    folder = os.path.dirname(os.path.abspath(tmx_path))
    found: list[tuple[str, str]] = []
    for img in root.iter("image"):
        image = img.get("source")
        if image:
            found.append(("image", os.path.join(folder, image)))
    for ts in root.iter("tileset"):
        src = ts.get("source")
        if not src:
            continue
        tsx = os.path.join(folder, src)
        found.append(("tileset", tsx))
        problem = why_not_readable(tsx, "map")
        if problem:
            raise ValueError(f"the tileset {problem}")
        sub = _xml(tsx)
        base = os.path.dirname(os.path.abspath(tsx))
        for img in sub.iter("image"):
            if img.get("source"):
                found.append(("image", os.path.join(base, img.get("source"))))
        if len(found) > MAX_REFERENCES:
            break
    return found


def map_reference_problem(tmx_path: str) -> str | None:
    """None when every file the map names may be read, else a sentence naming the first that
    may not (a pipe, a folder, a device, too large, an image too big to decode)."""
    try:
        refs = referenced_files(tmx_path)
    except ValueError as e:
        return clip(str(e), 600)
    if len(refs) > MAX_REFERENCES:
        return f"{clip(tmx_path)}: names more than {MAX_REFERENCES} files"
    for kind, path in refs:
        if kind == "image" and os.path.lexists(path):     # a missing image only loses the tiles
            problem = image_problem(path)
            if problem:
                return f"the tile image {problem}"
    return None

