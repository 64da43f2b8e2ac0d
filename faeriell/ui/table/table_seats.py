"""The table screen's Players and bots (Esc menu): pick a seat, then who plays it from now on, a
person or a bot of any level; the game goes on from the move it is at, and its saves reopen the
same way (storage.seats)."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

from faeriell.storage.seats import remember_seats
from faeriell.ui.bot_driver import BOT_DESCRIPTIONS, BOT_LABELS, BOT_LEVELS
from faeriell.ui.dialogs import Menu


def level_name(level: str) -> str:
    """'Expert' for the expert level (its start-screen label says '(thinks)' beside it)."""
    return BOT_LABELS.get(level, level).split(" (")[0]


class TableSeats:
    """One table screen's seats dialog. `dialogs` is the screen's dialog layer (its `dialog` is
    the open one), `flash(text, error=)` the table's message line."""

    def __init__(self, session, host, dialogs, flash: Callable[..., None]):
        self.session = session
        self.host = host
        self.dialogs = dialogs
        self.flash = flash

    def seat_label(self, i: int) -> str:
        g = self.session.game
        tid = g.state.tribes[i].id
        name = str((g.rules.catalog.tribes.get(tid) or {}).get("name") or tid.capitalize())
        seat = self.session.seats[i]
        who = "a person" if seat == "human" else f"the {level_name(seat)} bot"
        return f"Player {i + 1} · {name}: {who}"

    def open_seats(self) -> None:
        """Esc menu > Players and bots: pick a seat, then who plays it from now on."""
        items: list[tuple[str, str, Callable[[], None]]] = [
            (f"seat{i + 1}", self.seat_label(i), partial(self.open_seat, i))
            for i in range(len(self.session.seats))]
        items.append(("resume", "Back to the game", lambda: None))
        self.dialogs.dialog = Menu(self.host.size, items, title="Players and bots", width=460,
                                   note="Hand any seat to a person or a bot; the game goes on from this move.")

    def open_seat(self, i: int) -> None:
        seat = self.session.seats[i]
        items: list[tuple[str, str, Callable[[], None]]] = [
            ("human", "A person plays it" + ("  (now)" if seat == "human" else ""),
             lambda: self.set_seat(i, "human"))]
        for level in BOT_LEVELS:
            items.append((level, f"{level_name(level)} bot" + ("  (now)" if seat == level else ""),
                          partial(self.set_seat, i, level)))
        items.append(("back", "Back", self.open_seats))
        self.dialogs.dialog = Menu(self.host.size, items, title=self.seat_label(i).split(":")[0], width=420,
                                   note=BOT_DESCRIPTIONS.get(seat, "A person makes this seat's moves at this screen."))

    def set_seat(self, i: int, level: str) -> None:
        why = self.session.set_seat(i, level)
        if why:
            self.flash(why, error=True)
            return
        remember_seats(self.session.game, self.session.seats)     # its saves reopen the same way
        self.flash(self.seat_label(i).replace(": ", " is now played by ", 1) + ".")
