"""The rules at hand (scene "rules"): the rules reference in our own words, searchable.

    a search field     the list of sections (by chapter, or what the search found)
                       the chosen section's text, scrolling

Opened with F1 at the table, from the "?" of a tooltip, from "Rule" on a refused move (at the
section of that move) and from the start screen. The text is data/rules/reference.yaml. The panel
is the game's own widgets (a TextField, a ScrollList with a scroll bar, a TextView that wraps and
scrolls, a Button), as every other screen. Esc or Back returns.
"""
from __future__ import annotations

import pygame

from faeriell.content import rules_reference as ref
from faeriell.ui.controls import Button
from faeriell.ui.text_field import TextField
from faeriell.ui.scrolling import ScrollBar, ScrollList, TextView
from faeriell.ui.text import draw_text, point_font, scaled
from faeriell.ui.theme import ACCENT, BG, MUTED
from faeriell.ui.backdrop import draw_backdrop
from faeriell.ui.scene import Host, Scene

# The screen's text sizes in px (points: fonts open at 72 dpi), after the Text size: the controls
# and the list, the section's text. They are the sizes the screen has always had, larger than the
# menus' design sizes (text.font): a page of rules is read, not glanced at.
LIST_FONT, TEXT_FONT = 17, 18


def list_font_size() -> int:
    return scaled(LIST_FONT)


def list_face(bold: bool = False) -> pygame.font.Font:
    """The font of the search field, the list and Back (the shared Font: no new file handle)."""
    return point_font(list_font_size(), bold)


def text_face(bold: bool = False) -> pygame.font.Font:
    return point_font(scaled(TEXT_FONT), bold)


def row_height() -> int:
    """A line of the list, the search field's and the Back button's text line, with room."""
    return list_face().get_linesize() + 6


def section_blocks(section: ref.Section) -> list[tuple[str, str]]:
    """A section as TextView blocks: its title (bold), its chapter (muted), its paragraphs with
    their "- " lines as bullets (a line that does not start so goes on the sentence before)."""
    out = [("title", section.title), ("note", section.group), ("gap", "")]
    for para in section.paragraphs():
        lines: list[list[str]] = []
        for line in para.splitlines():
            line = line.strip()
            if line.startswith("- "):
                lines.append(["bullet", line[2:]])
            elif lines:
                lines[-1][1] += " " + line
            else:
                lines.append(["para", line])
        out += [(style, text) for style, text in lines]
        out.append(("gap", ""))
    return out


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
        # the panels keep a minimum size (room to wrap a word): in a tiny window they run off the
        # edge rather than shrink to nothing
        list_w = self._list_width(w)
        top, gap, row = 70, 8, row_height()
        field_h = max(36, row + 8)                   # the search field and Back grow with the text
        back_w = max(140, list_face().size("Back")[0] + 48)
        back_h = max(40, row + 12)
        back_y = max(top, h - 16 - back_h)
        bottom = max(top + field_h + gap + 120, back_y - 14)      # the list's and the text's lower edge
        text_w = max(320, w - 48 - list_w)
        self.search = TextField(pygame.Rect(16, top, list_w, field_h), self.query, on_change=self.set_query,
                                placeholder="Search the rules", face=list_face, id="search")
        list_top = top + field_h + gap
        self.list = ScrollList(pygame.Rect(16, list_top, list_w, bottom - list_top), self._list_items(),
                               on_select=self.open, row=row, face=list_face, id="sections",
                               empty_text="No section says that")
        self.list.select(self.current.id)
        self.text = TextView(pygame.Rect(32 + list_w, top, text_w, bottom - top), section_blocks(self.current),
                             face=text_face, id="text")
        self.back_button = Button(pygame.Rect(max(16, w - 16 - back_w), back_y, back_w, back_h), "Back",
                                  on_click=self.back, face=list_face, id="back")
        self.widgets = [self.search, self.list, self.text, self.back_button]

    def _list_items(self) -> list[tuple[str, str]]:
        """The list's rows as ScrollList items: (section id, the line shown)."""
        return [(sid, label) for label, sid in self._items()]

    def _list_width(self, w: int) -> int:
        """The list as wide as its longest line whole ("Event Phase: Beacons and the Totem solve
        Menaces" was cut), up to half the window; when the lines with their chapter cannot fit
        there (a large Text size in a small window), the list says the titles alone, still in the
        chapters' order. Sets `with_groups`."""
        font = list_face()
        pad = 2 * 8 + 4 + ScrollBar.WIDTH + 2 + 8     # the text's padding, the row's inset, the bar, a margin
        grouped = max(font.size(f"{s.group}: {s.title}")[0] for s in self.sections) + pad
        self.with_groups = grouped <= w // 2
        need = grouped if self.with_groups else max(font.size(s.title)[0] for s in self.sections) + pad
        return max(160, min(360, w // 3), min(need, w // 2))

    def find(self, wid: str):
        return next((w for w in self.widgets if w.id == wid), None)

    def screen_rect(self, wid: str) -> pygame.Rect | None:
        """Where the widget `wid` is on screen (tests click the very field a person would)."""
        w = self.find(wid)
        return None if w is None else w.rect

    def open(self, section_id: str) -> None:
        s = ref.section_by_id(section_id, self.sections)
        if s is not None and s is not self.current:
            self.current = s
            self.text.set_blocks(section_blocks(s))

    def set_query(self, text: str) -> None:
        self.query = text
        self.list.set_items(self._list_items())
        self.list.scroll = 0
        if self.shown and self.current not in self.shown:
            self.open(self.shown[0].id)
        self.list.select(self.current.id)

    def step(self, d: int) -> None:
        """The next (d=1) or previous section of the list, opened and selected in place (the
        panel is not built again: the search and the list's scroll stay)."""
        ids = [item[0] for item in self.list.items]
        if not ids:
            return
        k = ids.index(self.current.id) + d if self.current.id in ids else 0
        self.open(ids[max(0, min(len(ids) - 1, k))])
        self.list.select(self.current.id)

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
        changed = False
        for w in self.widgets:
            changed |= bool(w.handle(ev))
        return changed or ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                      pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.TEXTINPUT)

    def resize(self, size) -> None:
        if tuple(size) != self.size:
            self.size = tuple(size)
            self._build()

    def settings_changed(self) -> None:
        self._build()             # a new Text size: the rows, fields and Back measured again

    def draw(self, surf) -> None:
        w, _ = self.size
        surf.fill(BG)
        draw_backdrop(surf)
        draw_text(surf, "The rules of Sons of Faeriell", (16, 18), 36, ACCENT)
        draw_text(surf, "In our own words. Up/Down: the sections. Esc returns.", (w - 16, 30), 18, MUTED,
                  anchor="topright")
        for widget in self.widgets:
            widget.draw(surf)
