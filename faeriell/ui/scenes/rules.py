"""The rules at hand (scene "rules"): the rules reference in our own words, searchable.

    a search field     the list of sections (by chapter, or what the search found)
                       the chosen section's text, scrolling

Opened with F1 at the table, from the "?" of a tooltip, from "Rule" on a refused move (at the
section of that move) and from the start screen. The text is data/rules/reference.yaml. The panel
is pygame_gui's (a text box that wraps and scrolls, a text entry, a selection list): this screen is
its own, so the table's frame time does not pay for it. Esc or Back returns.
"""
from __future__ import annotations

import gc
import html

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UITextEntryLine

from faeriell.content import rules_reference as ref
from faeriell.ui import widgets as W
from faeriell.ui.backdrop import draw_backdrop
from faeriell.ui.scene import Host, Scene


def _font(size: int) -> dict:
    """pygame_gui's font block: the game's own Noto Sans files (widgets.FONT_DIR), not the copy
    pygame_gui carries, at the player's Text size."""
    block = {"name": "faeriell_sans", "size": str(max(10, round(size * W.text_scale())))}
    regular, bold = W.font_path(False), W.font_path(True)
    if regular and bold:
        block.update(regular_path=regular, bold_path=bold, italic_path=regular, bold_italic_path=bold)
    else:
        block["name"] = "noto_sans"
    return block


def list_font_size() -> int:
    return int(_font(17)["size"])


def theme() -> dict:
    """The panel's pygame_gui theme (built when the screen opens: the Text size may have changed)."""
    return {
        "defaults": {
            "colours": {"normal_bg": "#20263a", "hovered_bg": "#3a4260", "selected_bg": "#46648c",
                        "active_bg": "#46648c", "dark_bg": "#202636", "normal_text": "#ece2c8",
                        "hovered_text": "#ffffff", "selected_text": "#ffffff", "normal_border": "#464e64",
                        "link_text": "#deb054", "link_hover": "#f0c870", "text_cursor": "#ece2c8"},
            "font": _font(17),
        },
        "selection_list.@selection_list_item": {"misc": {"text_horiz_alignment": "left",
                                                          "text_horiz_alignment_padding": "8"}},
        "text_box": {"font": _font(18)},
    }


# The panel's pygame_gui manager, kept for the next build at the same size and theme (a section
# stepped to, the screen opened again): a manager per build loaded its fonts anew each time, and
# they stayed open until the garbage collector found the old one. One screen of rules is open at
# a time, so the one kept is never in use by another.
_PANEL: dict = {}


def panel_manager(size, th: dict) -> pygame_gui.UIManager:
    """A manager for the panel at `size` with theme `th`, emptied (clear_and_reset) when it is
    the one kept; else a new one, its fonts preloaded."""
    key = (tuple(size), repr(th))
    manager = _PANEL.get(key)
    if manager is not None:
        manager.clear_and_reset()           # its fonts stay loaded
        return manager
    manager = pygame_gui.UIManager(tuple(size), th)       # pygame_gui's default manager from now
    manager.preload_fonts(preloads(th))
    if _PANEL:                    # another size or Text size: the old one goes, and its fonts'
        for old in _PANEL.values():   # files close now: a manager and its elements hold one
            old.clear_and_reset()     # another, so only a full collection frees them (a rare
        _PANEL.clear()                # one: the panel at a new size or Text size)
        gc.collect()
    _PANEL[key] = manager
    return manager


def preloads(th: dict) -> list[dict]:
    """The fonts the panel draws beyond its theme's own blocks (which pygame_gui loads itself):
    the bold of the text box (a section's title), so no font is loaded in the middle of a frame
    (pygame_gui warns "Finding font ... that is not already loaded")."""
    body = th["text_box"]["font"]
    return [{"name": body["name"], "point_size": int(body["size"]), "style": "bold", "antialiased": "1"}]


def section_html(section: ref.Section) -> str:
    """A section as the text box's markup: its title (bold, at the text's own size: html's
    `size=5` was 18 px at every Text size, a font the panel had not loaded), paragraphs, bullets
    as lines."""
    parts = [f"<b>{html.escape(section.title)}</b>",
             f"<font color='#a0988c'>{html.escape(section.group)}</font>", ""]
    for para in section.paragraphs():
        lines: list[str] = []
        for line in para.splitlines():
            line = line.strip()
            if line.startswith("- "):
                lines.append("  \u2022 " + html.escape(line[2:]))
            elif lines:
                lines[-1] += " " + html.escape(line)       # a wrapped line goes on its sentence
            else:
                lines.append(html.escape(line))
        parts.append("<br>".join(lines))
        parts.append("")
    return "<br>".join(parts)


class RulesScene(Scene):
    def __init__(self, host: Host, topic: str | None = None, kind: str | None = None, query: str = "",
                 back=None):
        """`topic`: a section id to open; `kind`: an action kind (opens the rule behind a refused
        move); `back`: the screen to return to (else the start screen)."""
        self.host = host
        self.back_scene = back
        self.size = host.size
        self.sections = ref.reference()
        first = ref.section_by_id(topic) if topic else None
        if first is None and kind:
            first = ref.section_for_kind(kind)
        self.current: ref.Section = first or self.sections[0]
        self.query = query
        self.shown: list[ref.Section] = []
        self._build()

    # ---- what is shown ------------------------------------------------------------------------
    def _items(self) -> list[tuple[str, str]]:
        found = ref.search(self.query, self.sections)
        self.shown = found
        if self.query.strip():
            return [(s.title, s.id) for s in found]
        out = []
        for group in ref.groups(self.sections):
            for s in found:
                if s.group == group:
                    out.append((f"{group}: {s.title}", s.id))
        return out

    def _build(self) -> None:
        w, h = self.size
        th = theme()
        self.manager = panel_manager((w, h), th)
        # pygame_gui needs room to wrap a word: in a tiny window the panels keep a minimum size
        # and run off the edge rather than shrink to nothing
        list_w = max(160, min(360, w // 3), min(self._list_need(), w * 45 // 100))
        top = 70
        text_w, text_h = max(320, w - 48 - list_w), max(160, h - top - 70)
        self.search = UITextEntryLine(pygame.Rect(16, top, list_w, 36), self.manager,
                                      placeholder_text="Search the rules", initial_text=self.query or None)
        self.list = UISelectionList(pygame.Rect(16, top + 44, list_w, max(120, h - top - 44 - 70)), self._items(),
                                    self.manager, default_selection=self._selection_of(self.current))
        self.text = UITextBox(section_html(self.current), pygame.Rect(32 + list_w, top, text_w, text_h),
                              self.manager)
        self.back_button = UIButton(pygame.Rect(max(16, w - 156), max(top, h - 56), 140, 40), "Back", self.manager)

    def _list_need(self) -> int:
        """The list's width for its longest line whole ("Event Phase: Beacons and the Totem
        solve Menaces" was cut): the text at the list's font, its padding, the scroll bar."""
        font = W.point_font(list_font_size())         # the shared Font of that size (no new file handle)
        widest = max(font.size(f"{s.group}: {s.title}")[0] for s in self.sections)
        return widest + 2 * 8 + 24 + 8

    def _selection_of(self, section):
        for label, sid in self._items():
            if sid == section.id:
                return (label, sid)
        return None

    def open(self, section_id: str) -> None:
        s = ref.section_by_id(section_id, self.sections)
        if s is not None and s is not self.current:
            self.current = s
            self.text.set_text(section_html(s))

    def set_query(self, text: str) -> None:
        self.query = text
        items = self._items()
        self.list.set_item_list(items)
        if self.shown and self.current not in self.shown:
            self.open(self.shown[0].id)

    def step(self, d: int) -> None:
        """The next (d=1) or previous section of the list, opened and selected."""
        ids = [sid for _, sid in self._items()]
        if not ids:
            return
        k = ids.index(self.current.id) + d if self.current.id in ids else 0
        self.open(ids[max(0, min(len(ids) - 1, k))])
        self._build()                      # the list shows the new selection (and keeps the search)

    def back(self) -> None:
        if self.back_scene is not None:
            self.host.show(self.back_scene)
        else:
            self.host.go("start")

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.back()
            return True
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_UP, pygame.K_DOWN):
            self.step(1 if ev.key == pygame.K_DOWN else -1)     # the sections without the mouse
            return True
        consumed = self.manager.process_events(ev)
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and ev.ui_element is self.search:
            self.set_query(ev.text)
        elif ev.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and ev.ui_element is self.list:
            sid = self.list.get_single_selection(include_object_id=True)
            if isinstance(sid, tuple):
                sid = sid[1]
            if sid:
                self.open(sid)
        elif ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element is self.back_button:
            self.back()
        return True if consumed or ev.type >= pygame.USEREVENT else ev.type in (
            pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
            pygame.KEYDOWN, pygame.TEXTINPUT)

    def update(self, dt_ms: int) -> bool:
        self.manager.update(dt_ms / 1000.0)
        return True         # the text cursor blinks and scrolling eases

    def resize(self, size) -> None:
        if tuple(size) != self.size:
            self.size = tuple(size)
            self._build()

    def draw(self, surf) -> None:
        w, _ = self.size
        surf.fill(W.BG)
        draw_backdrop(surf)
        W.draw_text(surf, "The rules of Sons of Faeriell", (16, 18), 36, W.ACCENT)
        W.draw_text(surf, "In our own words. Up/Down: the sections. Esc returns.", (w - 16, 30), 18, W.MUTED,
                    anchor="topright")
        self.manager.draw_ui(surf)
