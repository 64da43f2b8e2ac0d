"""The payment tray: the Essences a Tribe Action will spend, proposed and changeable.

The proposal is the cheapest of the engine's legal payments for that move: no Herb discount
unless needed, no Corruption unless needed, the fewest cards, then the colours the pool holds most
of. (A turned Herb counts like a card, so it is used when it saves a Corruption Essence or is the
only way to pay.) The player moves cards between the pool and the tray (click or drag) and turns Herbs for
their discount; only a payment the engine lists is accepted, otherwise the engine's reason shows.
Confirm with the button or Enter, cancel with the button or Esc. Under the title the printed
price and the Hero's discount (engine.explain.price_words); beside each Herb what it takes off.
"""
from __future__ import annotations

from collections import Counter

import pygame

from faeriell.engine.card import back_of, colour_of
from faeriell.engine.costs import herb_color
from faeriell.engine.explain import price_words
from faeriell.ui.table import theme as T
from faeriell.ui.table.gestures import PAY_FIELDS

ORDER = {"red": 0, "yellow": 1, "blue": 2, "green": 3, "corruption": 4}


def colour(card: str) -> str:
    return colour_of(card)


def pay_key(pay, discounts) -> tuple:
    return tuple(sorted(colour(c) for c in (pay or ()))), tuple(sorted(discounts or ()))


def cheapest(actions, pool_counts: Counter):
    def key(a):
        pay = [colour(c) for c in (a.get("pay") or ())]
        disc = a.get("discounts") or ()
        # a turned Herb counts like a card given up, so a Herb is used only when it saves a
        # Corruption Essence (or is the only way to pay)
        return (len(pay) + len(disc), pay.count("corruption"), len(disc),
                -sum(pool_counts.get(c, 0) for c in pay), tuple(sorted(pay)))
    return min(actions, key=key)


def pick_cards(colours, pool: list[str]) -> list[str]:
    """Exact cards of the pool for a list of colours, keeping the Guardian backs the pool holds
    only once (a back is what moves a Guardian, R29)."""
    left = list(pool)
    backs = Counter(b for b in map(back_of, pool) if b)
    out = []
    for col in colours:
        cands = [c for c in left if colour(c) == col]
        if not cands:
            continue
        cands.sort(key=lambda c: -backs.get(back_of(c) or "", 0))
        card = cands[0]
        left.remove(card)
        out.append(card)
    return out


class Tray:
    def __init__(self, session, actions, words, title: str):
        self.session = session
        self.actions = list(actions)
        self.key = self.actions[0].without(*PAY_FIELDS)
        self.words = words
        self.title = title
        g = session.game
        self.i = g.acting
        self.pool_all = list(g.state.tribes[self.i].essences)
        self.legal = {pay_key(a.get("pay"), a.get("discounts")): a for a in self.actions}
        # One entry per Herb card: a tribe may hold two copies of a colour Herb (R24).
        most: dict = {}
        for a in self.actions:
            for h, n in Counter(a.get("discounts") or ()).items():
                most[h] = max(most.get(h, 0), n)
        self.herbs = [f"{h}#{k}" for h in sorted(most) for k in range(most[h])]
        best = cheapest(self.actions, Counter(colour(c) for c in self.pool_all))
        self.tray = pick_cards([colour(c) for c in (best.get("pay") or ())], self.pool_all)
        self.discounts = list(best.get("discounts") or ())
        # the printed price and the Hero's discount, so what is paid can be followed (R14-R19)
        self.price = words.plain(price_words(g, self.i, self.key))
        self.herb_off = {h.split("#")[0]: herb_color(g, h.split("#")[0]) for h in self.herbs}
        self.rects: list = []          # (rect, ("tray"|"pool"|"herb", item))
        self.confirm_rect: pygame.Rect | None = None      # (all these: where the last frame drew them)
        self.cancel_rect: pygame.Rect | None = None
        self.panel_rect: pygame.Rect | None = None
        self.tray_row: pygame.Rect | None = None
        self.pool_row: pygame.Rect | None = None
        self._press: tuple | None = None             # (pos, (row, item))
        self.drag_item: tuple | None = None          # (row, item) being dragged
        self.mouse = (0, 0)
        self.focus: tuple[str, str, int] | None = None   # (row, item, twin) the keyboard is on (Tab / arrows; Space moves it)

    # ---- state -----------------------------------------------------------------------------
    @property
    def pool(self) -> list[str]:
        left = list(self.pool_all)
        for c in self.tray:
            left.remove(c)
        return left

    def action(self):
        return self.key.replace(pay=tuple(self.tray), discounts=tuple(self.discounts) or None)

    def matched(self):
        return self.legal.get(pay_key(self.tray, self.discounts))

    def reason(self) -> str | None:
        if self.matched() is not None:
            return None
        why = self.session.why_not(self.action())
        return self.words.plain(why) if why else "That payment is not one the rules allow here."

    def move(self, row: str, item: str) -> None:
        if row == "tray" and item in self.tray:
            self.tray.remove(item)
        elif row == "pool" and item in self.pool:
            self.tray.append(item)
        elif row == "herb":
            hb, k = item.split("#")
            if int(k) < self.discounts.count(hb):
                self.discounts.remove(hb)
            else:
                self.discounts.append(hb)
            self.rebalance()

    def rebalance(self) -> None:
        """After a Herb is turned (or turned back) the cards on the tray may no longer pay: take
        the engine's listed payment with these Herbs that keeps most of the tray's cards."""
        if self.matched() is not None:
            return
        herbs = tuple(sorted(self.discounts))
        fits = [a for a in self.actions if tuple(sorted(a.get("discounts") or ())) == herbs]
        if not fits:
            return
        have = Counter(colour(c) for c in self.tray)
        pool_counts = Counter(colour(c) for c in self.pool_all)

        def kept(a):
            want = Counter(colour(c) for c in (a.get("pay") or ()))
            return sum((want & have).values())
        most = max(kept(a) for a in fits)
        best = cheapest([a for a in fits if kept(a) == most], pool_counts)
        self.tray = pick_cards([colour(c) for c in (best.get("pay") or ())], self.pool_all)

    # ---- the keyboard ------------------------------------------------------------------------
    def items(self) -> list[tuple[str, str, int]]:
        """Every card and Herb of the tray in reading order: to pay, the pool, the Herbs. Two
        cards alike are told apart by their place among their twins (the third value)."""
        pool = sorted(self.pool, key=lambda c: (ORDER.get(colour(c), 9), c))
        out: list[tuple[str, str, int]] = []
        for row, cards in (("tray", self.tray), ("pool", pool), ("herb", self.herbs)):
            seen: Counter = Counter()
            for c in cards:
                out.append((row, c, seen[c]))
                seen[c] += 1
        return out

    def step_focus(self, d: int) -> None:
        items = self.items()
        if not items:
            self.focus = None
            return
        f = self.focus
        k = items.index(f) + d if f is not None and f in items else (0 if d > 0 else -1)
        self.focus = items[k % len(items)]

    def toggle_focus(self) -> bool:
        """Move the card in focus to the other row, or turn the Herb in focus (Space)."""
        if self.focus is None or self.focus not in self.items():
            self.step_focus(1)
            return self.focus is not None
        row, item, _ = self.focus
        self.move(row, item)
        for other in ("pool", "tray"):
            if other != row and row != "herb":
                twins = [it for it in self.items() if it[0] == other and it[1] == item]
                if twins:
                    self.focus = twins[-1]
        return True

    def focus_words(self) -> str:
        if self.focus is None:
            return ""
        row, item, _ = self.focus
        if row == "herb":
            hb, k = item.split("#")
            used = int(k) < self.discounts.count(hb)
            return f"{self.words.herb(hb)}: {'turned for its discount' if used else 'not turned'} (Space turns it)"
        card = self.words.card(item)
        if row == "tray":
            return f"To pay: {card} (Space puts it back in your pool; Enter confirms)"
        return f"Your pool: {card} (Space puts it on the tray; Enter confirms)"

    # ---- input -----------------------------------------------------------------------------
    def _item_at(self, pos):
        for r, it in reversed(self.rects):
            if r.collidepoint(pos):
                return it
        return None

    def press(self, pos) -> str | None:
        """'confirm', 'cancel', or None (handled inside)."""
        self.mouse = pos
        if self.confirm_rect and self.confirm_rect.collidepoint(pos):
            return "confirm"
        if self.cancel_rect and self.cancel_rect.collidepoint(pos):
            return "cancel"
        it = self._item_at(pos)
        if it is not None:
            self._press = (pos, it)
        return None

    def motion(self, pos) -> bool:
        self.mouse = pos
        if self._press and self.drag_item is None:
            (x, y), it = self._press
            if abs(pos[0] - x) + abs(pos[1] - y) > 4 and it[0] in ("tray", "pool"):
                self.drag_item = it
        return self.drag_item is not None

    def release(self, pos) -> None:
        self.mouse = pos
        if self._press is None:
            return
        (x, y), it = self._press
        self._press = None
        if self.drag_item is not None:
            row, item = self.drag_item
            self.drag_item = None
            over = "tray" if self.tray_row and self.tray_row.collidepoint(pos) else \
                "pool" if self.pool_row and self.pool_row.collidepoint(pos) else None
            if over is not None and over != row:
                self.move(row, item)
            return
        self.move(*it)

    # ---- drawing ---------------------------------------------------------------------------
    def draw(self, surf, p, area: pygame.Rect) -> None:
        P = p.P
        w = min(area.w - P(16), P(640))
        h = (P(240) if self.herbs else P(200)) + P(16)   # the buttons below the pool row, not on its cards
        r = pygame.Rect(0, 0, w, h)
        r.midbottom = (area.centerx, area.bottom - P(8))
        self.panel_rect = r
        shadow = pygame.Surface(r.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 100))
        surf.blit(shadow, r.move(P(4), P(5)))
        T.panel(surf, r, (40, 36, 46), T.GOLD, P(8), 2)
        x0 = r.x + P(12)
        surf.blit(T.fitted(self.title, p.fs(17), w - P(24), T.GOLD, True), (x0, r.y + P(8)))
        surf.blit(T.fitted(self.price, p.fs(13), w - P(24), T.INK_DIM), (x0, r.y + P(30)))
        self.rects = []
        ch = P(52)
        cw = round(ch * 60 / 84)
        y = r.y + P(48)
        own = p.viewer == self.i
        # the tray
        self.tray_row = pygame.Rect(x0 + P(90), y, w - P(114), ch + P(8))
        surf.blit(T.text("To pay", p.fs(14), T.INK, True), (x0, y + P(20)))
        pygame.draw.rect(surf, (28, 24, 30), self.tray_row, border_radius=6)
        pygame.draw.rect(surf, T.GLOW if self.matched() else T.BAD, self.tray_row, 1, border_radius=6)
        self._row(surf, p, self.tray_row, "tray", self.tray, cw, ch, own)
        if not self.tray:
            surf.blit(T.text("nothing (free)" if self.matched() else "click or drag Essences here",
                             p.fs(13), T.INK_FAINT), (self.tray_row.x + P(10), self.tray_row.centery - P(6)))
        y += ch + P(14)
        self.pool_row = pygame.Rect(x0 + P(90), y, w - P(114), ch + P(8))
        surf.blit(T.text("Your pool", p.fs(14), T.INK, True), (x0, y + P(20)))
        pygame.draw.rect(surf, (28, 24, 30), self.pool_row, border_radius=6)
        self._row(surf, p, self.pool_row, "pool", sorted(self.pool, key=lambda c: (ORDER.get(colour(c), 9), c)), cw, ch, own)
        y += ch + P(14)
        if self.herbs:
            self._herb_row(surf, p, x0, y)
            y += P(40)
        self._status(surf, p, r, x0, y)
        self._marks(surf, p, cw, ch, own)

    def _herb_row(self, surf, p, x0: int, y: int) -> None:
        """The Herbs that may be turned for a discount, each with what it takes off."""
        P = p.P
        surf.blit(T.text("Herbs", p.fs(14), T.INK, True), (x0, y + P(10)))
        hx = x0 + P(90)
        for card in self.herbs:
            hb, k = card.split("#")
            img = p.spr(f"herb_{hb}", P(34))
            used = int(k) < self.discounts.count(hb)
            if used:
                img = T.rotated(img, 90)
            rr = img.get_rect(topleft=(hx, y))
            surf.blit(img, rr)
            if used:
                pygame.draw.rect(surf, T.GLOW, rr.inflate(4, 4), 2, border_radius=4)
            self.rects.append((rr, ("herb", card)))
            off = self.herb_off.get(hb)
            lab = T.text(("turned: " if used else "turn for a discount: ") + self.words.herb(hb)
                         + (f" (1 {self.words.color(off)} off)" if off else ""), p.fs(12), T.INK_DIM)
            surf.blit(lab, (rr.right + P(6), y + P(10)))
            hx = rr.right + lab.get_width() + P(18)

    def _status(self, surf, p, r: pygame.Rect, x0: int, y: int) -> None:
        """What the tray pays (or why it cannot), and Confirm and Cancel."""
        P = p.P
        w = r.w
        # status and buttons
        why = self.reason()
        if why is None:
            msg, col = f"Pay {self.words.pay(self.tray)}" + (
                f" and turn {', '.join(self.words.herb(h) for h in self.discounts)}" if self.discounts else "") + \
                "  -  Enter to confirm", T.GOOD
        else:
            msg, col = why, T.BAD
        lines = T.wrap(msg, p.fs(13), w - P(230))[:2]
        for k, line in enumerate(lines):
            surf.blit(T.text(line, p.fs(13), col), (x0, y + P(6) + k * P(14)))
        self.cancel_rect = pygame.Rect(r.right - P(100), r.bottom - P(36), P(88), P(26))
        self.confirm_rect = pygame.Rect(self.cancel_rect.x - P(106), self.cancel_rect.y, P(98), P(26))
        ok = why is None
        T.panel(surf, self.confirm_rect, T.BUTTON_HI if ok else T.BUTTON_OFF, T.GLOW if ok else T.PANEL_EDGE, P(5), 1)
        T.panel(surf, self.cancel_rect, T.BUTTON, T.PANEL_EDGE, P(5), 1)
        for rr, s in ((self.confirm_rect, "Confirm"), (self.cancel_rect, "Cancel")):
            img = T.text(s, p.fs(15), T.INK if (ok or s == "Cancel") else T.INK_FAINT, True)
            surf.blit(img, img.get_rect(center=rr.center))

    def _marks(self, surf, p, cw: int, ch: int, own: bool) -> None:
        """The keyboard's ring and the card being dragged, over the rest."""
        P = p.P
        seen: Counter = Counter()
        for rr, it in self.rects:           # the keyboard's card or Herb (twins told apart)
            n = seen[it]
            seen[it] += 1
            if (*it, n) == self.focus:
                pygame.draw.rect(surf, T.FOCUS, rr.inflate(P(6), P(6)), max(2, P(3)), border_radius=P(5))
        if self.drag_item is not None:
            row, item = self.drag_item
            rr = pygame.Rect(0, 0, cw, ch)
            rr.center = self.mouse
            p.card(surf, item, rr, own)

    def _row(self, surf, p, row, name, cards, cw, ch, own) -> None:
        P = p.P
        step = cw + P(5)
        if len(cards) * step > row.w - P(8):
            step = max(P(10), (row.w - P(8) - cw) // max(1, len(cards) - 1))
        for k, c in enumerate(cards):
            rr = pygame.Rect(row.x + P(5) + k * step, row.y + P(4), cw, ch)
            if self.drag_item == (name, c):
                pygame.draw.rect(surf, (70, 64, 72), rr, 1, border_radius=4)
            else:
                p.card(surf, c, rr, own, seen_w=cw if k == len(cards) - 1 else min(cw, step))
            self.rects.append((rr if k == len(cards) - 1 else pygame.Rect(rr.x, rr.y, step, rr.h), (name, c)))
