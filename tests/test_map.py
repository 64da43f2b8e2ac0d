"""The island map (R1): maps/faeriell.tmx and the loader that derives the Board graph from it."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from faeriell.content.map_loader import (AREAS, TERRAINS, MapError, analyse_map, default_board,
                                         default_map_path, load_board, main)

ROOT = Path(__file__).resolve().parent.parent
MAP = Path(default_map_path())
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"


@pytest.fixture(scope="module")
def board():
    return default_board()


@pytest.fixture(scope="module")
def map_text():
    return MAP.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the real map (R1)

def test_map_file_is_the_repository_map():
    assert MAP == ROOT / "maps" / "faeriell.tmx" and MAP.exists()


def test_regions_follow_r1_ids(board):
    assert len(board.regions) == 32
    assert set(board.areas) == set(AREAS)
    for area, members in board.areas.items():
        assert sorted(members) == sorted(f"{area}-{t}" for t in TERRAINS)
    for rid, r in board.regions.items():
        assert rid == f"{r.area}-{r.terrain}"


def test_nodes_join_three_or_four_regions_with_r1_ids(board):
    assert len(board.nodes) == 53
    seen = set()
    for nid, n in board.nodes.items():
        assert len(n.regions) in (3, 4)
        assert list(n.regions) == sorted(n.regions)
        assert nid == "+".join(n.regions)
        assert frozenset(n.regions) not in seen
        seen.add(frozenset(n.regions))
    four = [n for n in board.nodes.values() if len(n.regions) == 4]
    # The crossroads at the centre of the island, where four Areas meet.
    assert [n.id for n in four] == ["bear-forest+owl-meadow+snake-river+toad-mountain"]


def test_paths(board):
    assert len(board.paths) == 76
    for p in board.paths:
        assert p.nodes == tuple(sorted(p.nodes)) and p.nodes[0] != p.nodes[1]
        assert p.regions == tuple(sorted(p.regions))
        # Both Regions of a Path meet at both of its Nodes.
        for nid in p.nodes:
            assert set(p.regions) <= set(board.nodes[nid].regions)
        assert p.points[0] == board.nodes[p.nodes[0]].pos
        assert p.points[-1] == board.nodes[p.nodes[1]].pos
    assert len({frozenset(p.nodes) for p in board.paths}) == len(board.paths)


def test_every_region_touches_several_nodes(board):
    for rid, nodes in board.region_nodes.items():
        assert len(nodes) >= 4, rid      # R1 asks for 2; the map gives every Region 4 to 6


def test_areas_contiguous_and_mostly_adjacent(board):
    for area, members in board.areas.items():
        pairs = {frozenset((a, b)) for a in members for b in board.region_adj[a] if b in members}
        assert len(pairs) == 5, area     # every pair but one shares a Path
        seen, todo = {members[0]}, [members[0]]
        while todo:
            for nb in board.region_adj[todo.pop()]:
                if nb in members and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        assert seen == set(members), area


def test_node_graph_connected_and_distances_symmetric(board):
    ids = list(board.nodes)
    for a in ids:
        assert set(board.node_dist[a]) == set(ids)
        assert board.node_dist[a][a] == 0
        for b in ids:
            assert board.node_dist[a][b] == board.node_dist[b][a]
        for b in board.node_adj[a]:
            assert board.node_dist[a][b] == 1
    assert max(max(d.values()) for d in board.node_dist.values()) == 16


def test_region_graph_connected(board):
    seen, todo = {"bear-river"}, ["bear-river"]
    while todo:
        for nb in board.region_adj[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    assert seen == set(board.regions)


def test_sample_adjacencies(board):
    assert board.region_adj["bear-meadow"] == {"bear-forest", "bear-mountain", "bear-river", "stag-forest"}
    assert board.region_adj["owl-forest"] == {"bear-river", "owl-meadow", "owl-mountain", "owl-river"}
    assert board.region_adj["wolf-river"] == {"boar-meadow", "wolf-forest", "wolf-meadow", "wolf-mountain"}
    # Meeting at a Node only is not adjacency (R1): bear-meadow and owl-forest meet on the north coast.
    node = "bear-meadow+bear-river+owl-forest"       # the example Node id of SCENARIOS.md
    assert node in board.nodes
    assert "owl-forest" not in board.region_adj["bear-meadow"]
    assert set(board.node_adj[node]) == {"bear-forest+bear-meadow+bear-river",
                                         "bear-river+owl-forest+owl-meadow"}
    assert board.path_regions(node, "bear-river+owl-forest+owl-meadow") == ("bear-river", "owl-forest")
    assert board.path_regions(node, "bear-forest+owl-meadow+snake-river+toad-mountain") is None
    # Bear and toad meet only at the crossroads, without a Path between them.
    assert not any(board.regions[r].area == "toad" for b in board.areas["bear"] for r in board.region_adj[b])
    assert board.region_adj["stag-mountain"] & board.region_adj["turtle-river"] == {"turtle-forest"}


def test_no_border_without_a_path():
    # Every pair of Regions that share a border also share a Path: where two coastal Regions meet
    # on the coast, a third Region reaches the same point, so it is a Node.
    assert analyse_map(str(MAP)).border_without_path == []


def test_each_terrain_is_never_next_to_itself(board):
    for p in board.paths:
        a, b = p.regions
        assert board.regions[a].terrain != board.regions[b].terrain
    for n in board.nodes.values():
        terrains = [board.regions[r].terrain for r in n.regions]
        assert len(set(terrains)) == len(terrains)


def _point_in(poly, x, y):
    inside = False
    for i in range(len(poly)):
        (x0, y0), (x1, y1) = poly[i - 1], poly[i]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _cross(p1, p2, p3, p4):
    def o(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return o(p3, p4, p1) * o(p3, p4, p2) < 0 and o(p1, p2, p3) * o(p1, p2, p4) < 0


def test_geometry_is_clean(board):
    for rid, r in board.regions.items():
        poly = r.polygon
        assert all(float(x).is_integer() and float(y).is_integer() for x, y in poly), rid
        n = len(poly)
        for i in range(n):
            for j in range(i + 2, n):
                if i == 0 and j == n - 1:
                    continue
                assert not _cross(poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n]), rid
        assert _point_in(poly, *r.center), rid
    for area in AREAS:
        x, y = board.area_labels[area]
        assert 0 <= x <= 1280 and 0 <= y <= 960
        sx, sy = board.guardian_icons[area]
        assert any(_point_in(board.regions[r].polygon, sx, sy) for r in board.areas[area]), area


def test_default_board_is_cached_and_any_cwd_works(tmp_path, monkeypatch):
    assert default_board() is default_board()
    monkeypatch.chdir(tmp_path)
    b = load_board()            # "maps/faeriell.tmx" from another directory
    assert set(b.nodes) == set(default_board().nodes)


def test_summary_cli(capsys):
    assert main([str(MAP)]) == 0
    out = capsys.readouterr().out
    assert "regions: 32 in 8 areas" in out and "nodes:   53" in out and "paths:   76" in out
    assert "border pairs without a Path: 0" in out


def test_module_runs_as_script(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    ok = subprocess.run([sys.executable, "-m", "faeriell.content.map_loader"], cwd=tmp_path, env=env,
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert "paths:   76" in ok.stdout
    bad = tmp_path / "bad.tmx"
    bad.write_text(MAP.read_text().replace('name="bear-river"', 'name="bear-rivers"'))
    res = subprocess.run([sys.executable, "-m", "faeriell.content.map_loader", str(bad)], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=60)
    assert res.returncode == 1 and "bear-rivers" in res.stderr


# --------------------------------------------------------------------------- broken variants of the real map

def _object(text: str, name: str) -> tuple[int, str]:
    """(object id, the whole <object> element) of the region named `name`."""
    m = re.search(rf'  <object id="(\d+)" name="{re.escape(name)}" type="region".*?</object>\n', text, re.S)
    assert m, name
    return int(m.group(1)), m.group(0)


def _broken(tmp_path, text: str) -> str:
    path = tmp_path / "broken.tmx"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _error(path: str, **kw) -> str:
    with pytest.raises(MapError) as exc:
        load_board(path, **kw) if kw else load_board(path)
    msg = str(exc.value)
    assert msg.startswith(path + ":"), msg
    return msg


def test_renamed_region(tmp_path, map_text):
    oid, _ = _object(map_text, "bear-river")
    msg = _error(_broken(tmp_path, map_text.replace('name="bear-river"', 'name="bear-brook"')))
    assert f"'bear-brook' (id {oid})" in msg and "must be 'bear-river'" in msg


def test_terrain_changed_to_another_terrain(tmp_path, map_text):
    oid, obj = _object(map_text, "owl-river")
    bad = obj.replace('name="terrain" value="river"', 'name="terrain" value="forest"')
    msg = _error(_broken(tmp_path, map_text.replace(obj, bad)))
    assert f"'owl-river' (id {oid})" in msg and "must be 'owl-forest'" in msg


def test_unknown_terrain(tmp_path, map_text):
    oid, obj = _object(map_text, "owl-river")
    bad = obj.replace('value="river"', 'value="swamp"').replace('name="owl-river"', 'name="owl-swamp"')
    msg = _error(_broken(tmp_path, map_text.replace(obj, bad)))
    assert f"'owl-swamp' (id {oid})" in msg and "unknown terrain 'swamp'" in msg


def test_unknown_area(tmp_path, map_text):
    oid, obj = _object(map_text, "toad-meadow")
    bad = obj.replace('value="toad"', 'value="frog"').replace('name="toad-meadow"', 'name="frog-meadow"')
    msg = _error(_broken(tmp_path, map_text.replace(obj, bad)))
    assert f"'frog-meadow' (id {oid})" in msg and "unknown area 'frog'" in msg


def test_missing_property(tmp_path, map_text):
    oid, obj = _object(map_text, "wolf-forest")
    bad = re.sub(r'    <property name="area" value="wolf"/>\n', "", obj)
    msg = _error(_broken(tmp_path, map_text.replace(obj, bad)))
    assert f"'wolf-forest' (id {oid})" in msg and "missing property 'area'" in msg


def test_duplicate_region(tmp_path, map_text):
    first, _ = _object(map_text, "bear-meadow")
    oid, obj = _object(map_text, "bear-river")
    bad = obj.replace('name="bear-river"', 'name="bear-meadow"').replace('value="river"', 'value="meadow"')
    msg = _error(_broken(tmp_path, map_text.replace(obj, bad)))
    assert f"'bear-meadow' (id {max(first, oid)})" in msg and "duplicate Region id" in msg
    assert f"object id {min(first, oid)}" in msg


def test_deleted_region(tmp_path, map_text):
    _, obj = _object(map_text, "snake-forest")
    msg = _error(_broken(tmp_path, map_text.replace(obj, "")))
    assert "Area 'snake' must have exactly 4 Regions" in msg and "snake-forest" in msg


def test_not_a_polygon(tmp_path, map_text):
    oid, obj = _object(map_text, "boar-river")
    msg = _error(_broken(tmp_path, map_text.replace(obj, obj.replace("<polygon ", "<polyline "))))
    assert f"'boar-river' (id {oid})" in msg and "not a polygon" in msg


def test_moved_vertex_breaks_shared_border(tmp_path, map_text):
    oid, obj = _object(map_text, "stag-meadow")
    m = re.search(r'<polygon points="([^"]+)"', obj)
    pts = m.group(1).split()
    x, y = map(int, pts[3].split(","))          # a bend inside a border, not a Node
    pts[3] = f"{x + 3},{y + 2}"
    bad = obj.replace(m.group(1), " ".join(pts))
    msg = _error(_broken(tmp_path, map_text.replace(obj, bad)))
    assert f"region 'stag-meadow' (object id {oid})" in msg
    assert "gap or overlap" in msg or "do not match" in msg


def test_overlapping_region(tmp_path, map_text):
    # turtle-forest drawn a second time on top of turtle-meadow (under turtle-meadow's name).
    oid, meadow = _object(map_text, "turtle-meadow")
    _, forest = _object(map_text, "turtle-forest")
    geometry = re.search(r' x="[^"]+" y="[^"]+">.*?<polygon points="[^"]+"/>', forest, re.S).group(0)
    bad = re.sub(r' x="[^"]+" y="[^"]+">.*?<polygon points="[^"]+"/>', lambda _: geometry.replace(
        'value="forest"', 'value="meadow"'), meadow, flags=re.S)
    msg = _error(_broken(tmp_path, map_text.replace(meadow, bad)))
    assert "overlapping" in msg and f"region 'turtle-meadow' (object id {oid})" in msg


def test_unknown_label_area(tmp_path, map_text):
    m = re.search(r'<object id="(\d+)" name="owl" type="guardian-icon"(.*?)</object>', map_text, re.S)
    bad = m.group(0).replace('value="owl"', 'value="eagle"')
    msg = _error(_broken(tmp_path, map_text.replace(m.group(0), bad)))
    assert f"label object 'owl' (id {m.group(1)})" in msg and "unknown area 'eagle'" in msg


def test_unknown_label_type_and_missing_label(tmp_path, map_text):
    m = re.search(r'<object id="(\d+)" name="snake" type="area-label"(.*?)</object>', map_text, re.S)
    msg = _error(_broken(tmp_path, map_text.replace(m.group(0), m.group(0).replace("area-label", "name"))))
    assert f"label object 'snake' (id {m.group(1)})" in msg and "type must be" in msg
    msg = _error(_broken(tmp_path, map_text.replace(m.group(0), "")))
    assert "no area-label object for Area(s) snake" in msg


def test_missing_regions_group_and_unreadable_file(tmp_path, map_text):
    msg = _error(_broken(tmp_path, map_text.replace('name="regions"', 'name="areas"')))
    assert "no object group 'regions'" in msg
    msg = _error(_broken(tmp_path, map_text[: len(map_text) // 2]))
    assert "not a readable Tiled map" in msg
    with pytest.raises(MapError, match="no such map file"):
        load_board(str(tmp_path / "nowhere.tmx"))


# ------------------------------------------------------------------ small fixture maps, one invariant each

def test_tiny_fixture_is_valid():
    b = load_board(str(FIXTURES / "tiny_valid.tmx"), full_island=False)
    assert set(b.regions) == {f"bear-{t}" for t in TERRAINS}
    assert sorted(b.nodes) == ["bear-forest+bear-meadow+bear-mountain", "bear-forest+bear-meadow+bear-river",
                               "bear-forest+bear-mountain+bear-river"]
    assert len(b.paths) == 3
    assert b.region_adj["bear-forest"] == {"bear-meadow", "bear-mountain", "bear-river"}
    # As a game map it is incomplete.
    with pytest.raises(MapError, match="Area 'bear' must have exactly 4 Regions|Area 'stag'"):
        load_board(str(FIXTURES / "tiny_valid.tmx"))


@pytest.mark.parametrize("name, expected, obj", [
    ("five_regions_node.tmx", r"a Node at \(150, 150\) joins 5 Regions",
     "region 'stag-mountain' (object id 5)"),
    ("same_regions_twice.tmx", "two Nodes join the same Regions", "region 'bear-river' (object id 3)"),
    ("one_node.tmx", "touches 1 Node", "region 'bear-meadow' (object id 2)"),
    ("area_split.tmx", "Area 'bear' is not contiguous", "region 'bear-mountain' (object id 1)"),
    ("node_graph_split.tmx", "the Node/Path graph is not connected", "stag-forest+stag-meadow+stag-mountain"),
    ("two_islands.tmx", "not one piece", "region 'stag-meadow' (object id 6)"),
])
def test_broken_fixture(name, expected, obj):
    path = str(FIXTURES / name)
    msg = _error(path, full_island=False)
    assert re.search(expected, msg), msg
    assert obj in msg


# --------------------------------------------------------------------------- Tiled itself

@pytest.mark.skipif(shutil.which("tmxrasterizer") is None,
                    reason="tmxrasterizer (Debian package tiled) not installed")
def test_tmxrasterizer_renders_the_map(tmp_path):
    out = tmp_path / "map.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    res = subprocess.run(["tmxrasterizer", str(MAP), str(out)], env=env, capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 960)
    # Sea in the corner, land in the middle.
    sea, land = img.get_at((8, 8)), img.get_at((640, 480))
    assert sea.b > sea.g and land.g > land.b
