"""The island as the table draws it: the map, with the printed Guardian icons faded so they are
not mistaken for the Guardian pieces standing on the Regions."""
from __future__ import annotations

import pygame

from faeriell.ui.map_view import MapView

ICON_ALPHA = 95


class IslandView(MapView):
    def guardian_icon(self, area: str, t: float):
        icon = self.assets.scaled(f"guardian_{area}", max(16, round(40 * t))).copy()
        icon = pygame.transform.grayscale(icon)
        icon.set_alpha(ICON_ALPHA)
        return icon
