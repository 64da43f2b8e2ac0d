"""The island as the table draws it: the map, with the printed Guardian icons faded so they are
not mistaken for the Guardian pieces standing on the Regions."""
from __future__ import annotations

import pygame

from faeriell.ui.map_view import MAX_ZOOM_LEVEL, ZOOM_STEP, MapView

ICON_ALPHA = 95


class IslandView(MapView):
    def guardian_icon(self, area: str, t: float):
        icon = self.assets.scaled(f"guardian_{area}", max(16, round(40 * t))).copy()
        icon = pygame.transform.grayscale(icon)
        icon.set_alpha(ICON_ALPHA)
        return icon

    fitted_view: tuple | None = None      # (zoom level, offset) of the last fit_island

    def fit_island(self, board) -> None:
        """Zoom so the island (not the sea around it) fills the map area, centred."""
        self.fit()
        xs = [x for r in board.regions.values() for x, _ in r.polygon]
        ys = [y for r in board.regions.values() for _, y in r.polygon]
        if not xs:
            return
        for x, y in board.area_labels.values():      # the Area names sit on the shore
            xs += [x - 40, x + 40]
            ys += [y - 14, y + 30]
        pad = 16
        x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
        vp = self.viewport
        best = 0
        for lvl in range(MAX_ZOOM_LEVEL + 1):
            s = self.fit_scale * ZOOM_STEP ** lvl
            if (x1 - x0) * s <= vp.w and (y1 - y0) * s <= vp.h:
                best = lvl
        c = ((x0 + x1) / 2, (y0 + y1) / 2)
        if best:
            self.zoom_at(self.map_to_screen(c), best)
        sc = self.map_to_screen(c)
        self.pan_by(vp.centerx - sc[0], vp.centery - sc[1])
        self.fitted_view = (self.zoom_level, self.offset)

    def is_fitted(self) -> bool:
        """The view is still the one fit_island chose (Home's view)."""
        return (self.zoom_level, self.offset) == self.fitted_view

    def region_point(self, board, region: str) -> tuple[int, int]:
        """A Region's pole on screen."""
        x, y = self.map_to_screen(board.regions[region].center)
        return round(x), round(y)
