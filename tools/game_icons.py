#!/usr/bin/env python3
"""The game-icons.net icons the sprites use (CC BY 3.0), copied once into tools/icons/.

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python3 tools/game_icons.py package/icons.json     # writes tools/icons/*.svg + sprites/LICENSE-game-icons.md

Only the icons named in USED are copied, each as a small SVG whose paint is `currentColor`;
tools/make_sprites.py rasterizes them into the PNGs at bake time (pygame-ce reads SVG), so the
game needs neither npm nor the network. sprites/LICENSE-game-icons.md names every icon's author
(the folder it has in https://github.com/game-icons/icons).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICON_DIR = ROOT / "tools" / "icons"
LICENCE = ROOT / "sprites" / "LICENSE-game-icons.md"

AUTHORS = {
    "lorc": ("Lorc", "https://lorcblog.blogspot.com"),
    "delapouite": ("Delapouite", "https://delapouite.com"),
    "sbed": ("Sbed", "https://opengameart.org/content/95-game-icons"),
    "skoll": ("Skoll", "https://game-icons.net"),
    "caro-asercion": ("Caro Asercion", "https://game-icons.net"),
    "sparker": ("Sparker", "https://game-icons.net"),
    "darkzaitzev": ("DarkZaitzev", "https://game-icons.net"),
}

# icon -> (author folder, what it shows in the game)
USED = {
    "bear-face": ("sparker", "the Bear Guardian"),
    "boar": ("caro-asercion", "the Boar Guardian"),
    "owl": ("lorc", "the Owl Guardian"),
    "wolf-head": ("lorc", "the Wolf Guardian"),
    "deer-head": ("caro-asercion", "the Stag Guardian"),
    "frog": ("lorc", "the Toad Guardian"),
    "snake": ("lorc", "the Snake Guardian"),
    "turtle": ("lorc", "the Turtle Guardian"),
    "backpack": ("delapouite", "the Adventurer"),
    "crown": ("lorc", "the Chieftain"),
    "oak-leaf": ("delapouite", "the Druid"),
    "tribal-mask": ("lorc", "the Shaman"),
    "cowled": ("lorc", "the Shadow"),
    "thorny-vine": ("lorc", "the Corruption Sower"),
    "fire": ("sbed", "Vigor (red Essence)"),
    "sun": ("lorc", "Influence (yellow Essence)"),
    "water-drop": ("sbed", "Spirit (blue Essence)"),
    "linden-leaf": ("lorc", "Ley Lines (green Essence)"),
    "goo-skull": ("lorc", "Doom (Corruption Essence)"),
    "peaks": ("lorc", "Mountains"),
    "high-grass": ("delapouite", "Meadows"),
    "waves": ("lorc", "Rivers"),
    "pine-tree": ("lorc", "Forests"),
    "hut": ("delapouite", "Settlements"),
    "fire-bowl": ("lorc", "Beacons"),
    "totem": ("delapouite", "the Spiritual Totem"),
    "wheat": ("lorc", "the Harvest token"),
    "death-skull": ("sbed", "the Doom token"),
    "vortex": ("lorc", "Havoc tokens"),
    "tentacles-skull": ("lorc", "Corruption tokens"),
    "hooded-figure": ("darkzaitzev", "the Drifter"),
    "laurel-crown": ("lorc", "Achievement tokens"),
    "laurels": ("lorc", "Achievement tiles"),
    "gems": ("lorc", "Perks, Action gems"),
    "herbs-bundle": ("delapouite", "Heirloom Herbs"),
    "rune-stone": ("lorc", "Attunements"),
    "huts-village": ("delapouite", "the Shire, the Tribe Phase"),
    "lotus": ("lorc", "Purity"),
    "sparkles": ("delapouite", "Cleansing"),
    "scroll-unfurled": ("lorc", "Quests"),
    "wingfoot": ("lorc", "Swift"),
    "footsteps": ("skoll", "Pursuer"),
    "checked-shield": ("lorc", "Warden"),
    "open-book": ("lorc", "Mentor"),
    "cycle": ("lorc", "Exchanges"),
    "footprint": ("lorc", "Paths"),
    "dread-skull": ("lorc", "Dread"),
    "claw-slashes": ("lorc", "Ravage"),
    "fanged-skull": ("lorc", "Hunger"),
    "fire-breath": ("lorc", "Frenzy"),
    "broken-skull": ("lorc", "Ruin"),
    "evil-minion": ("lorc", "Summon"),
    "coins": ("delapouite", "Tithe"),
    "scythe": ("lorc", "Bitter Harvest"),
    "cauldron": ("lorc", "Dark Alchemy"),
    "swap-bag": ("lorc", "the bag, the Event Phase"),
    "crossed-swords": ("lorc", "the Hero Phase"),
}


def svg_text(body: str, width: int = 512, height: int = 512) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">{body}</svg>\n')


def extract(icons_json: Path) -> int:
    data = json.loads(Path(icons_json).read_text())
    icons, aliases = data["icons"], data.get("aliases", {})
    w, h = data.get("width", 512), data.get("height", 512)
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for name in USED:
        entry = icons.get(name) or icons.get(aliases.get(name, {}).get("parent", ""))
        if entry is None:
            raise SystemExit(f"{name}: not in {icons_json}")
        (ICON_DIR / f"{name}.svg").write_text(svg_text(entry["body"], entry.get("width", w), entry.get("height", h)))
    for stale in ICON_DIR.glob("*.svg"):
        if stale.stem not in USED:
            stale.unlink()
    write_licence()
    return len(USED)


def write_licence() -> None:
    lines = ["# Icons from game-icons.net", "",
             "The pictures on the cards, tiles and pieces are drawn from icons of https://game-icons.net,",
             "licensed under Creative Commons Attribution 3.0 (https://creativecommons.org/licenses/by/3.0/).",
             "They were taken from the npm package `@iconify-json/game-icons` (a copy of",
             "https://github.com/game-icons/icons) by `tools/game_icons.py`; `tools/icons/` holds the",
             "used icons unchanged, and `tools/make_sprites.py` recolours, outlines and combines them with",
             "shapes of its own into the sprites.", "", "| icon | author | shows |", "| --- | --- | --- |"]
    for name, (folder, shows) in sorted(USED.items()):
        who, url = AUTHORS[folder]
        lines.append(f"| {name} | [{who}]({url}) | {shows} |")
    LICENCE.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    print(f"{extract(Path(sys.argv[1]))} icons -> {ICON_DIR}")
