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
from pygame_gui.core.utility import get_default_manager, set_default_manager
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UITextEntryLine

from faeriell.content import rules_reference as ref
from faeriell.ui.text import draw_text, font_path, point_font, scaled
from faeriell.ui.theme import ACCENT, BG, MUTED, TEXT
from faeriell.ui.backdrop import draw_backdrop
from faeriell.ui.scene import Host, Scene


def _font(size: int) -> dict:
    """pygame_gui's font block: the game's own Noto Sans files (text.FONT_DIR), not the copy
    pygame_gui carries, at the player's Text size (text.scaled, as every font of the game)."""
    block = {"name": "faeriell_sans", "size": str(scaled(size))}
    regular, bold = font_path(False), font_path(True)
    if regular and bold:
        block.update(regular_path=regular, bold_path=bold, italic_path=regular, bold_italic_path=bold)
    else:
        block["name"] = "noto_sans"
    return block


LIST_FONT, TEXT_FONT = 17, 18      # design px: the controls and list, the section's text


def list_font_size() -> int:
    return int(_font(LIST_FONT)["size"])


# The kinds of pygame_gui element this panel shows words on. pygame_gui takes a font only from an
# element's own theme block (its "defaults" block reads colours alone): without a block of its
# own a kind keeps pygame_gui's 14 px font at every Text size. A scroll bar's arrows are no
# words: pygame_gui writes them as "▲" "▼" in its own symbol font (the game's font has no such
# glyph), so the screen empties them and draws its own (scroll_arrows, draw_arrow).
WORDED_ELEMENTS = ("button", "text_entry_line", "selection_list", "label")


def row_height() -> int:
    """A line of the list, the search field's and the Back button's text line, with room."""
    return point_font(list_font_size()).get_linesize() + 6


def theme() -> dict:
    """The panel's pygame_gui theme (built when the screen opens: the Text size may have changed)."""
    th: dict = {
        "defaults": {
            "colours": {"normal_bg": "#20263a", "hovered_bg": "#3a4260", "selected_bg": "#46648c",
                        "active_bg": "#46648c", "dark_bg": "#202636", "normal_text": "#ece2c8",
                        "hovered_text": "#ffffff", "selected_text": "#ffffff", "normal_border": "#464e64",
                        "link_text": "#deb054", "link_hover": "#f0c870", "text_cursor": "#ece2c8"},
        },
    }
    for kind in WORDED_ELEMENTS:
        th[kind] = {"font": _font(LIST_FONT)}
    th["selection_list"]["misc"] = {"list_item_height": str(row_height())}
    th["selection_list.@selection_list_item"] = {"font": _font(LIST_FONT),
                                                 "misc": {"text_horiz_alignment": "left",
                                                          "text_horiz_alignment_padding": "8"}}
    th["text_box"] = {"font": _font(TEXT_FONT)}
    return th


# The panel's pygame_gui manager, kept for the next build at the same size and theme (the screen
# opened again): a manager per build loaded its fonts anew each time, and they stayed open until
# the garbage collector found the old one. One screen of rules is open at a time, so the one kept
# is never in use by another. At a new size or Text size one manager is built and the old one is
# retired, not rebuilt: it used to be emptied with clear_and_reset, which builds a new root panel
# on it (a second manager's build on such an open), and pygame_gui held the first manager made
# for good as its default one, so its fonts never closed.
_PANEL: dict = {}


def panel_manager(size, th: dict) -> pygame_gui.UIManager:
    """A manager for the panel at `size` with theme `th`, emptied (clear_and_reset) when it is
    the one kept; else a new one, its fonts preloaded, the old one retired."""
    key = (tuple(size), repr(th))
    manager = _PANEL.get(key)
    if manager is not None:
        manager.clear_and_reset()           # the last build's elements go; its fonts stay loaded
        return manager
    if _PANEL:
        for old in _PANEL.values():
            _retire(old)
        _PANEL.clear()
        gc.collect()                  # a manager and its elements hold one another: only a full
        #                               collection frees them, and closes their font files now
    manager = pygame_gui.UIManager(tuple(size), th)
    manager.preload_fonts(preloads(th))
    _PANEL[key] = manager
    return manager


def _retire(manager: pygame_gui.UIManager) -> None:
    """A manager no longer used: its elements killed (nothing new built on it), and pygame_gui's
    hold on it as the default manager let go (every element here names its manager)."""
    root = manager.get_root_container()
    if root is not None:
        root.kill()
    if get_default_manager() is manager:
        set_default_manager(None)


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


def scroll_arrows(*scrolled) -> list:
    """(button, up?) of the arrow buttons of the scroll bars of `scrolled` (the list, the text),
    those shown now (pygame_gui builds a bar when the content overflows, and again at each
    rebuild), their own symbol emptied."""
    out = []
    for element in scrolled:
        bar = getattr(element, "scroll_bar", None)
        if bar is None or not bar.alive():
            continue
        for button, up in ((bar.top_button, True), (bar.bottom_button, False)):
            if button is None or not button.alive():
                continue
            if button.text:
                button.set_text("")
            out.append((button, up))
    return out


def draw_arrow(surf, rect: pygame.Rect, up: bool, colour) -> None:
    """A scroll arrow as the table's column draws its own: a filled chevron, centred."""
    d = max(3, min(rect.w, rect.h) // 4)
    cx, cy = rect.center
    sign = -1 if up else 1
    pts = [(cx, cy + sign * d), (cx - d - 1, cy - sign * (d - 1)), (cx + d + 1, cy - sign * (d - 1))]
    pygame.draw.polygon(surf, colour, pts)


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
        self.with_groups = True           # the list's lines say their chapter (_list_width)
        self._build()

    # ---- what is shown ------------------------------------------------------------------------
    def _items(self) -> list[tuple[str, str]]:
        found = ref.search(self.query, self.sections)
        self.shown = found
        if self.query.strip() or not self.with_groups:
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
        list_w = self._list_width(w)
        top, gap, row = 70, 8, row_height()
        field_h = max(36, row + 8)                   # the search field and Back grow with the text
        back_w = max(140, point_font(list_font_size()).size("Back")[0] + 48)
        back_h = max(40, row + 12)
        back_y = max(top, h - 16 - back_h)
        bottom = max(top + field_h + gap + 120, back_y - 14)      # the list's and the text's lower edge
        text_w = max(320, w - 48 - list_w)
        self.search = UITextEntryLine(pygame.Rect(16, top, list_w, field_h), self.manager,
                                      placeholder_text="Search the rules", initial_text=self.query or None)
        list_top = top + field_h + gap
        self.list = UISelectionList(pygame.Rect(16, list_top, list_w, bottom - list_top), self._items(),
                                    self.manager, default_selection=self._selection_of(self.current))
        self.text = UITextBox(section_html(self.current), pygame.Rect(32 + list_w, top, text_w, bottom - top),
                              self.manager)
        self.back_button = UIButton(pygame.Rect(max(16, w - 16 - back_w), back_y, back_w, back_h), "Back",
                                    self.manager)

    def _list_width(self, w: int) -> int:
        """The list as wide as its longest line whole ("Event Phase: Beacons and the Totem solve
        Menaces" was cut), up to half the window; when the lines with their chapter cannot fit
        there (a large Text size in a small window), the list says the titles alone, still in the
        chapters' order. Sets `with_groups`."""
        font = point_font(list_font_size())         # the shared Font of that size (no new file handle)
        pad = 2 * 8 + 24 + 8                          # the text's padding, the scroll bar, a margin
        grouped = max(font.size(f"{s.group}: {s.title}")[0] for s in self.sections) + pad
        self.with_groups = grouped <= w // 2
        need = grouped if self.with_groups else max(font.size(s.title)[0] for s in self.sections) + pad
        return max(160, min(360, w // 3), min(need, w // 2))

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
        """The next (d=1) or previous section of the list, opened and selected in place (the
        panel is not built again: the search and the list's scroll stay)."""
        ids = [item["object_id"] for item in self.list.item_list]
        if not ids:
            return
        k = ids.index(self.current.id) + d if self.current.id in ids else 0
        self.open(ids[max(0, min(len(ids) - 1, k))])
        self._select(self.current.id)

    def _select(self, sid: str) -> None:
        """The list's line of section `sid` selected (the others not), scrolled into view."""
        items = self.list.item_list
        for item in items:
            on = item["object_id"] == sid
            if on != item["selected"]:
                item["selected"] = on
                button = item["button_element"]
                if button is not None:
                    button.select() if on else button.unselect()
        bar = self.list.scroll_bar
        if bar is None or not items:
            return
        row = self.list.list_item_height
        at = next(i for i, item in enumerate(items) if item["selected"]) * row
        view = self.list.list_and_scroll_bar_container.relative_rect.height
        total = row * len(items)
        top = bar.start_percentage * total
        if at < top or at + row > top + view:       # out of sight: scroll so it shows
            top = at if at < top else at + row - view
            bar.set_scroll_from_start_percentage(max(0.0, min(1.0, top / total)))

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
        scroll_arrows(self.list, self.text)       # a bar built anew: its symbols emptied before it is drawn
        return True         # the text cursor blinks and scrolling eases

    def resize(self, size) -> None:
        if tuple(size) != self.size:
            self.size = tuple(size)
            self._build()

    def draw(self, surf) -> None:
        w, _ = self.size
        surf.fill(BG)
        draw_backdrop(surf)
        draw_text(surf, "The rules of Sons of Faeriell", (16, 18), 36, ACCENT)
        draw_text(surf, "In our own words. Up/Down: the sections. Esc returns.", (w - 16, 30), 18, MUTED,
                  anchor="topright")
        arrows = scroll_arrows(self.list, self.text)
        self.manager.draw_ui(surf)
        for button, up in arrows:
            colour = (255, 255, 255) if button.hovered else TEXT if button.is_enabled else MUTED
            draw_arrow(surf, button.rect, up, colour)
