"""What writes killed mid-way left behind: stale temporary files in the data folder. No pygame here."""
from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path

from faeriell.storage.folders import AUTOSAVES, SAVES, user_data_dir

# NAME.EXT.XXXX.tmp (mkstemp beside a save, a backup, the settings, the seats or the progress)
_TMP = re.compile(r"^.+\.(json|bak|idx)\..+\.tmp$")
LEGACY_TMP = ("settings.tmp", "seats.tmp")


def remove_stale_temp_files(folder: Path | None = None, older_than_s: float = 60.0) -> list[Path]:
    """Delete what writes killed mid-way left behind (`NAME.XXXXXXXX.tmp`, `.puzzles-XXXX.tmp`)
    when older than a minute (a write another window is making now is left alone), and the
    fixed names older versions used (`settings.tmp`, `seats.tmp`) whatever they are: a link or
    a pipe planted there is removed, never followed. With no folder: the data folder, its
    autosaves/ and saves/. Returns what was removed; never raises."""
    removed: list[Path] = []
    try:
        if folder is not None:
            folders = [Path(folder)]
        else:
            root = user_data_dir(create=False)
            folders = [root, root / AUTOSAVES, root / SAVES]
    except OSError:
        return removed
    now = time.time()
    for where in folders:
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        for e in entries:
            name = e.name
            if not name.endswith(".tmp"):
                continue
            try:
                st = e.stat(follow_symlinks=False)
                legacy = name in LEGACY_TMP
                ours = _TMP.match(name) or name.startswith(".puzzles-")
                if legacy and not stat.S_ISDIR(st.st_mode):
                    pass
                elif not (ours and stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than_s):
                    continue
                os.unlink(e.path)
                removed.append(Path(e.path))
            except OSError:
                continue
    return removed
