"""Sharing on the analysis board, as the screen does it (faeriell/ui/scenes/analysis.py mixes
this in): export a scenario or a save (a file is never replaced without asking), copy and paste
as text, open a file. The files are faeriell.analysis's (import_file, scenario_text,
write_scenario, write_save); sharing.py turns the screen's lines into its Tree and back.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from faeriell import analysis as an
from faeriell.ui.analysis import sharing
from faeriell.ui.analysis.lines import chance_of
from faeriell.ui.dialogs import Confirm, FileDialog
from faeriell.scenario import load, loads, ScenarioError
from faeriell.storage.folders import data_dir

if TYPE_CHECKING:
    from faeriell.ui.analysis.editor_panel import Editor
    from faeriell.ui.analysis.lines import Lines
    from faeriell.ui.dialogs import Modal
    from faeriell.ui.scene import Host


class ShareMixin:
    """The screen's share buttons; it holds host, lines, editor, modal and says through say()."""

    if TYPE_CHECKING:      # what the screen (scenes/analysis.py) holds and does, told to the checker only
        host: Host
        lines: Lines | None
        editor: Editor | None
        modal: Modal | None
        message: str | None

        def say(self, text: str, bad: bool = False) -> None: ...
        def edit_position(self, pos) -> None: ...
        def analyse_lines(self, lines: Lines) -> None: ...

    def _tree(self):
        """faeriell.analysis's Tree of the lines, or None (said) when the start cannot be written."""
        if self.lines is None:
            self.say("There is nothing to share yet.", bad=True)
            return None
        try:
            return sharing.to_tree(self.lines)
        except an.AnalysisError as e:
            self.say(str(e), bad=True)
            return None

    def open_path(self, path: str) -> str | None:
        """Open a scenario file or a save; None when done, else the one-line reason (also said)."""
        try:
            start = an.import_file(path, self.host.rules)
        except an.AnalysisError as e:
            pos = _written_position(path)
            if pos is not None:                   # a position the rules refuse: the editor says why
                self.edit_position(pos)
                if self.editor is not None and self.editor.fault is not None:     # (edit_position set it)
                    self.say("This position breaks the rules: mend it here (the line below says what).", bad=True)
                    return None
            self.say(str(e), bad=True)
            return str(e)
        self.analyse_lines(sharing.from_tree(start.tree, chance=chance_of))
        self.say(f"Opened {start.name or 'the file'}.")
        return None

    def paste(self) -> None:
        text = sharing.paste_text()
        if not text.strip():
            self.say("The clipboard holds no text: copy a scenario or a saved game first.", bad=True)
            return
        try:
            start = an.import_text(text, self.host.rules)
        except an.AnalysisError as e:
            pos = _written_position(text=text)
            if pos is not None:
                self.edit_position(pos)
                if self.editor is not None and self.editor.fault is not None:    # as a file: the editor says what breaks the rules
                    self.say("This position breaks the rules: mend it here (the line below says what).", bad=True)
                    return
            self.say(str(e), bad=True)
            return
        self.analyse_lines(sharing.from_tree(start.tree, chance=chance_of))
        self.say("The pasted position is on the board.")

    def copy(self) -> None:
        tree = self._tree()
        if tree is None:
            return
        text = an.scenario_text(tree, "Analysis")
        if sharing.copy_text(text):
            self.say("The position and its main line are on the clipboard as a scenario.")
        else:
            self.say("No clipboard here: the text is kept in this window (Paste brings it back).")

    def export(self, kind: str) -> None:
        """Ask for a file name, then write the scenario (the position and its main line) or the
        save (the game so far: the whole game the board was opened on, if any, then the line to
        the move shown); an existing file is replaced only when asked."""
        if self._tree() is None:
            return
        folder = _share_folder()
        suggest = str(folder / ("analysis.yaml" if kind == "scenario" else "analysis.json"))
        title = "Export the scenario" if kind == "scenario" else "Export the game so far as a save"
        self.modal = FileDialog(self.host.size, title, lambda: [], lambda path: self._write(kind, path, replace=False),
                                "Export", empty_text="Type the file to write below (a folder of your own is fine).",
                                hint=suggest)
        self.modal.field.text = suggest

    def _write(self, kind: str, path: str, replace: bool) -> str | None:
        tree = self._tree()
        if tree is None:
            return self.message
        target = _share_folder() / path if not os.path.isabs(os.path.expanduser(path)) else Path(path).expanduser()
        exists = os.path.lexists(target)
        if exists and not replace:
            self.modal = Confirm(self.host.size, "Replace the file?",
                                 f"{target.name} already exists. Replace it with this analysis?", "Replace",
                                 lambda: self._replaced(kind, str(target)))
            return None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if kind == "scenario":
                written = an.write_scenario(tree, target, "Analysis", replace=replace)
            else:
                written = an.write_save(tree, path=target, replace=replace)
        except (an.AnalysisError, OSError) as e:
            return str(e)
        if kind == "save":
            _game, kept, total = an.so_far(tree)
            if kept < total:                      # the real game drew otherwise: said, not hidden
                self.say(f"Written: {written.name}, the game and {kept} of this line's {total} moves (the "
                         "game's own draws differ from the board's after that).")
                return None
        self.say(f"Written: {written}")
        return None

    def _replaced(self, kind: str, path: str) -> None:
        why = self._write(kind, path, replace=True)
        if why:
            self.say(why, bad=True)

    def open_dialog(self) -> None:
        self.modal = FileDialog(self.host.size, "Open a scenario or a save", lambda: [], self.open_path,
                                "Open", hint="the path of a scenario (.yaml) or a save (.json)")


def _written_position(path: str | None = None, text: str | None = None):
    """The position a scenario file (or pasted text) writes with `position: empty`, unbuilt, or
    None when it is no such scenario (then the import's own refusal is what the player reads)."""
    if text is None and (path is None or str(path).lower().endswith(".json")):
        return None
    if text is not None and text.lstrip().startswith("{"):
        return None                               # a save: its refusal stands
    try:
        sc = loads(text, "pasted text") if text is not None else load(str(path))
        if (sc.setup or {}).get("position", "empty") != "empty":
            return None
        return an.from_written(sc.setup or {}, sc.board or {}, list(sc.tribes or []), sc.turn or {})
    except (ScenarioError, OSError, ValueError, TypeError, AttributeError):
        # from_written reads a file's sections as they are: a list where a mapping belongs, a
        # number where a list does (the import's own refusal then names them)
        return None


def _share_folder() -> Path:
    """Where exports go unless the player types another folder: the data folder's analysis/."""
    return Path(data_dir()) / "analysis"


