"""The island under the pieces: the shared MapView, with the printed Guardian icons faded so they
read as the board's Area marks and do not pass for the Guardian meeples standing on Regions."""
from __future__ import annotations

import pygame

from faeriell.ui.map_view import INK, LABEL_MAX_SCALE, MapView, _outlined_text

ICON_ALPHA = 95


class IslandView(MapView):
    def _draw_labels(self, surf, s, P):
        guardians = getattr(self.catalog, "guardians", None) or {}
        t = min(s, LABEL_MAX_SCALE)
        big = pygame.font.Font(None, max(12, round(30 * t)))
        small = pygame.font.Font(None, max(10, round(19 * t)))
        for area, pos in self.board.guardian_icons.items():
            icon = self.assets.scaled(f"guardian_{area}", max(16, round(40 * t))).copy()
            icon = pygame.transform.grayscale(icon)
            icon.set_alpha(ICON_ALPHA)
            c = P(pos)
            surf.blit(icon, icon.get_rect(center=(round(c[0]), round(c[1]))))
        for area, pos in self.board.area_labels.items():
            name = area.replace("-", " ").title()
            title = _outlined_text(big, name.upper(), (255, 250, 236), INK, max(1, round(2 * t)))
            c = P(pos)
            rect = title.get_rect(center=(round(c[0]), round(c[1])))
            surf.blit(title, rect)
            guardian = (guardians.get(area) or {}).get("name")
            if guardian:
                sub = _outlined_text(small, guardian, (250, 232, 170), INK, max(1, round(1.5 * t)))
                surf.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.bottom - round(3 * t))))
