"""Playing turns at the table with the mouse: real MOUSEBUTTONDOWN / MOUSEMOTION / MOUSEBUTTONUP
events through the TableScene, checked against the engine's state."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import Action  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402
from faeriell.ui.table import anim  # noqa: E402
from faeriell.ui.table.keys import AchievementTile, AttuneFree, BeaconPiece, Button, GuardianPiece, HarvestToken, HerbUp, HeroSlot, NodeSpot, PerkUp, PhaseTile, QuestCard, QuestDeck, RegionSpot, SlotToken, SupplyBeacon, SupplySettlement, TotemPiece, TribeBoard, TribeSmall, WheelSpace  # noqa: E402
from faeriell.engine.card import colour_of, parse  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def two_tribes(turn, p1=None, board=None):
    t1 = {"settlements": ["bear-mountain", "bear-river"],
          "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["red", "red", "blue"]}
    t1.update(p1 or {})
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    return position({}, board or {}, [t1, t2], turn)


def test_tribe_phase_tile_settlement_and_end_phase():
    t = Table(two_tribes({"player": 1, "phase": None}))
    assert t.state.phase is None
    t.click(PhaseTile(0, "tribe"))                                      # choose the Tribe Phase tile
    assert t.state.phase == "tribe"
    legal = t.session.legal_of("build_settlement")
    region = legal[0]["region"]
    t.drag(SupplySettlement(0), RegionSpot(region))               # drag a Settlement onto a Region
    assert t.scene.tray_layer.tray is not None, t.scene.message
    assert t.state.tribes[0].settlements == ["bear-mountain", "bear-river"]   # not before confirming
    t.key(pygame.K_RETURN)                                              # confirm the proposed payment
    tr = t.state.tribes[0]
    assert region in tr.settlements
    assert sorted(colour_of(c) for c in tr.essences) == ["blue"]     # two red paid: cheapest, one colour
    t.click(Button("end_phase"))
    assert t.state.phase is None and t.state.active == 1
    assert "tribe" in t.state.tribes[0].phases_done


def test_payment_tray_can_be_changed_and_refuses_a_wrong_payment():
    t = Table(two_tribes({"player": 1, "phase": "tribe"}, {"essences": ["red", "red", "blue", "blue"]}))
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.drag(SupplySettlement(0), RegionSpot(region))
    tray = t.scene.tray_layer.tray
    assert sorted(colour_of(c) for c in tray.tray) in (["blue", "blue"], ["red", "red"])
    # swap one card for the other colour: two colours are refused, with the engine's reason
    first = next(r for r, it in tray.rects if it[0] == "tray")
    t.click(first.center)
    other = "red" if colour_of(tray.tray[0]) == "blue" else "blue"
    r = next(r for r, it in tray.rects if it[0] == "pool" and colour_of(it[1]) == other)
    t.click(r.center)
    assert tray.matched() is None
    before = to_dict(t.state)
    t.key(pygame.K_RETURN)
    assert to_dict(t.state) == before
    assert "one colour" in (t.scene.message or ""), t.scene.message
    # drag the odd card back to the pool and a matching one into the tray, then confirm
    odd = next(r for r, it in tray.rects if it[0] == "tray" and colour_of(it[1]) == other)
    t.drag(odd.center, tray.pool_row.center)
    keep = colour_of(tray.tray[0])
    r = next(r for r, it in tray.rects if it[0] == "pool" and colour_of(it[1]) == keep)
    t.drag(r.center, tray.tray_row.center)
    assert tray.matched() is not None
    t.click(tray.confirm_rect.center)
    assert region in t.state.tribes[0].settlements
    assert t.scene.tray_layer.tray is None


def test_forbidden_drop_changes_nothing_and_says_why():
    t = Table(two_tribes({"player": 1, "phase": "tribe"}))
    far = "toad-river"
    assert not t.session.legal_of("build_settlement", region=far)
    before = to_dict(t.state)
    t.drag(SupplySettlement(0), RegionSpot(far))
    assert to_dict(t.state) == before
    assert t.scene.tray_layer.tray is None
    reason = t.session.why_not(Action("build_settlement", region=far, pay=("red", "red")))
    # where it landed (the Region's printed name), then the engine's reason
    assert reason and t.scene.message == "That is the Toad's River: " + t.scene.words.plain(reason)


def test_pieces_glow_only_on_legal_places_while_dragging():
    t = Table(two_tribes({"player": 1, "phase": "tribe"}))
    a = t.pos(SupplySettlement(0))
    t.move(a)
    t.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    t.frame()
    t.move((a[0] + 30, a[1] - 30), buttons=(1, 0, 0))
    t.frame()
    drag = t.scene.drag_layer.drag
    assert drag is not None and drag.grip == SupplySettlement(0)
    legal = {RegionSpot(x["region"]) for x in t.session.legal_of("build_settlement")}
    assert drag.targets == legal
    ok = next(iter(legal))
    t.move(t.pos(ok), buttons=(1, 0, 0))
    t.frame()
    assert t.scene.drag_layer.drag.hover == ok and t.scene.drag_layer.drag.hover_ok
    t.move(t.pos(RegionSpot("toad-river")), buttons=(1, 0, 0))
    t.frame()
    assert t.scene.drag_layer.drag.hover == RegionSpot("toad-river") and not t.scene.drag_layer.drag.hover_ok
    t.key(pygame.K_ESCAPE)                        # Esc drops nothing
    assert t.scene.drag_layer.drag is None


def test_event_phase_draft_button_then_harvest_token():
    board = {"bag": ["red@owl", "blue@toad"], "harvest": "bear"}
    t = Table(two_tribes({"player": 1, "phase": None}, board=board))
    t.click(PhaseTile(0, "event"))
    assert t.state.phase == "event"
    t.click(Button("draft"))
    assert t.game.under("owl") == "red"
    assert t.state.event_step == "beacons"
    start = t.state.harvest
    steps = 2
    target = WheelSpace((start + steps) % 12)
    t.drag(HarvestToken(), target)
    while t.state.pending is not None and t.session.acting == 0 and t.scene.decision.choice is not None:
        t.choose(t.session.legal()[0])
    assert t.state.harvest == (start + steps) % 12
    assert "event" in t.state.tribes[0].phases_done


def test_hero_phase_drag_a_hero_along_the_paths():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    hero = t.state.tribes[0].heroes["druid"]
    start, gems = hero.node, hero.gems
    to = t.session.legal_of("move_hero", hero="druid")[-1]["to"]
    t.drag(HeroSlot(0, "druid"), NodeSpot(to))
    hero = t.state.tribes[0].heroes["druid"]
    assert hero.node == to != start
    assert hero.gems == gems - 1
    # a node too far away: refused with the engine's reason
    far = max(t.game.rules.board.node_dist[to].items(), key=lambda kv: kv[1])[0]
    before = to_dict(t.state)
    t.drag(HeroSlot(0, "druid"), NodeSpot(far))
    assert to_dict(t.state) == before
    why = t.scene.words.plain(t.session.why_not(Action("move_hero", hero="druid", to=far)))
    assert t.scene.message == f"That is {t.scene.words.node(far)}: {why}"


def test_click_to_pick_up_then_click_to_drop():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    to = t.session.legal_of("move_hero", hero="druid")[0]["to"]
    t.click(HeroSlot(0, "druid"))
    assert t.scene.drag_layer.drag is not None and t.scene.drag_layer.drag.sticky
    t.click(NodeSpot(to))
    assert t.state.tribes[0].heroes["druid"].node == to


def test_level_up_perk_onto_hero_then_choose_the_discard():
    board = {"perk_piles": [["swift"], ["quester"], ["cleanser"], ["pursuer"]]}
    t = Table(two_tribes({"player": 1, "phase": "tribe"}, {"essences": ["green", "green"]}, board))
    t.drag(PerkUp("swift"), HeroSlot(0, "druid"))
    ch = t.scene.decision.choice
    assert ch is not None and {o.spot for o in ch.options} == {PerkUp(p) for p in ("quester", "cleanser", "pursuer")}
    t.click(PerkUp("cleanser"))            # the discard chosen by a click on its tile
    assert t.scene.tray_layer.tray is not None
    t.key(pygame.K_RETURN)
    assert t.state.tribes[0].heroes["druid"].perks == ["swift"]
    assert [p[0] for p in t.state.perk_piles if p] == ["quester", "pursuer"] or \
        "cleanser" in t.state.perk_piles[2]


def test_corruption_event_is_a_choice_bar():
    board = {"bag": ["corruption@owl"], "doom": 2}
    t = Table(two_tribes({"player": 1, "phase": "event"}, board=board))
    t.click(Button("draft"))
    assert t.state.pending and t.state.pending["kind"] == "corruption"
    ch = t.scene.decision.choice
    assert ch is not None and not ch.cancellable
    ignore = next(o for o in ch.options if o.actions[0].get("choice") == "ignore")
    t.click(next(r for r, o in ch.rects if o is ignore).center)
    assert t.state.doom == 3 and t.game.under("owl") == "corruption"


def test_hotseat_curtain_covers_the_table_until_clicked():
    g = two_tribes({"player": 1, "phase": "tribe"})
    g.state.tribes[1].essences.append(g.state.tribes[0].essences.pop())   # player 2 holds a card too
    t = Table(g, curtain=True)
    t.click(Button("end_phase"))
    assert t.session.acting == 1
    assert t.scene.curtain_layer.tribe == 1
    before = to_dict(t.state)
    t.click((600, 400))                           # the click lifts the curtain, nothing else
    assert t.scene.curtain_layer.tribe is None and to_dict(t.state) == before
    # player 2 sees only the colours of player 1's cards (R4)
    assert t.scene.viewer == 1


def test_no_curtain_when_the_next_player_holds_no_secret():
    """The curtain hides a hand only when there is one to hide (issue 13 item 8)."""
    t = Table(two_tribes({"player": 1, "phase": "tribe"}), curtain=True)
    assert not t.state.tribes[1].essences
    t.click(Button("end_phase"))
    assert t.session.acting == 1 and t.scene.curtain_layer.tribe is None and t.scene.viewer == 1


def test_bot_move_animates_without_blocking():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    a = t.session.legal_of("move_hero", hero="druid")[0]
    assert t.session.apply(a) is None
    anim.show_bot_move(t.scene, a)
    t.frame()
    assert t.scene.flights, "no animation started"
    f = t.scene.flights[0]
    # while it flies, the landing place is covered with the table as it was before the move
    assert f.sprite is not None and f.cover is not None
    landing = t.scene.base.subsurface(pygame.Rect(f.cover_at, f.cover.get_size()))
    assert pygame.image.tobytes(landing, "RGB") != pygame.image.tobytes(f.cover, "RGB"), \
        "the Hero is drawn at its destination on the new table; the cover hides it"
    t.click(HeroSlot(0, "druid"))                 # input still works during the animation
    assert t.scene.drag_layer.drag is not None


def test_a_phase_tile_can_also_be_dragged_onto_the_island():
    t = Table(two_tribes({"player": 1, "phase": None}))
    t.drag(PhaseTile(0, "hero"), t.scene.layout.map.center)
    assert t.state.phase == "hero"


def test_tooltips_name_what_is_under_the_mouse():
    t = Table(two_tribes({"player": 1, "phase": None}))
    from faeriell.ui.table.tooltips import tip
    assert tip(PerkUp(t.state.perk_piles[0][0]), t.scene.painted)[1][0]        # the YAML text
    assert "Bear" in tip(RegionSpot("bear-river"), t.scene.painted)[0]
    t.move(t.pos(AchievementTile("purity")))
    t.frame()
    t.scene.update(1000)
    t.frame()
    assert t.scene.board.hover_key == AchievementTile("purity")


def test_hero_solves_a_menace_dropped_on_the_guardian_or_its_region():
    board = {"guardians": {"toad": "toad-river", "owl": "owl-river"}, "under": {"toad": "blue", "owl": "green"}}
    tribes = [{"settlements": ["bear-mountain", "bear-river"],
               "heroes": {"shaman": {"node": {"near": "toad-river"}}, "druid": {"node": {"near": "owl-river"}}}},
              {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"adventurer": {"node": {"near": "wolf-river"}}}}]
    t = Table(position({}, board, tribes, {"player": 1, "phase": "hero"}))
    t.drag(HeroSlot(0, "shaman"), GuardianPiece("toad"))
    assert t.game.under("toad") is None and t.state.tribes[0].solved["blue"] == 1
    t.drag(HeroSlot(0, "druid"), RegionSpot("owl-river"))            # the Region works too
    assert t.game.under("owl") is None and t.state.tribes[0].solved["green"] == 1


def test_quest_from_the_deck_to_the_hero_then_to_its_guardian():
    board = {"guardians": {"owl": "owl-forest"}, "decks": {"green": ["green@owl", "green@bear"]}}
    tribes = [{"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "owl-forest"}}}},
              {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    t = Table(position({}, board, tribes, {"player": 1, "phase": "hero"}))
    t.drag(QuestDeck("green"), HeroSlot(0, "druid"))
    assert t.state.tribes[0].heroes["druid"].quests == [parse("green@owl")]
    t.drag(QuestCard(0, "druid", "green@owl"), GuardianPiece("owl"))
    assert t.state.tribes[0].heroes["druid"].quests == []
    assert parse("green@owl") in t.state.tribes[0].essences


def test_beacon_with_the_chieftain_discount_and_a_beacon_solve():
    # the starting tip: a red Beacon paid with one red and one yellow (R15, R19, R20)
    tribes = [{"settlements": ["owl-river", "toad-forest"], "heroes": {"chieftain": {"node": {"near": "owl-river"}}},
               "essences": ["red", "yellow"]},
              {"settlements": ["wolf-meadow", "boar-mountain"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    t = Table(position({}, {"guardians": {"owl": "owl-forest"}, "under": {"owl": "red"}, "bag": ["blue@toad"]},
                       tribes, {"player": 1, "phase": "tribe"}))
    t.drag(SupplyBeacon("red"), RegionSpot("owl-river"))
    tray = t.scene.tray_layer.tray
    assert tray is not None and sorted(colour_of(c) for c in tray.tray) == ["red", "yellow"]
    t.click(tray.confirm_rect.center)
    assert t.state.tribes[0].beacons == {"owl-river": "red"}
    t.click(Button("end_phase"))
    # next turn of player 1 is after player 2's; give player 2 a quick Tribe Phase
    t.click(PhaseTile(1, "tribe"))
    t.click(Button("end_phase"))
    t.click(PhaseTile(0, "event"))
    t.click(Button("draft"))
    t.drag(BeaconPiece("owl-river"), GuardianPiece("owl"))
    assert t.game.under("owl") is None and t.state.tribes[0].solved["red"] == 1


def test_claim_drag_a_token_onto_the_achievement_and_choose_the_payment():
    tribes = [{"settlements": ["owl-river", "toad-forest"], "beacons": {"owl-river": "red"},
               "heroes": {"chieftain": {"node": {"near": "owl-river"}}}, "essences": ["yellow", "red"]},
              {"settlements": ["wolf-meadow", "boar-mountain"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    t = Table(position({}, {}, tribes, {"player": 1, "phase": "tribe"}))
    t.drag(TotemPiece(), RegionSpot("owl-river"))
    t.key(pygame.K_RETURN)
    assert t.state.pending and t.state.pending["kind"] == "claim"
    assert AchievementTile("totem") in t.scene.index.aims
    t.drag(SlotToken(0, "red"), AchievementTile("totem"))
    ch = t.scene.decision.choice
    assert ch is not None and len(ch.options) == 2            # pay the red Essence, or Doom +1
    doom = next(o for o in ch.options if o.actions[0].get("pay") == "doom")
    t.click(next(r for r, o in ch.rects if o is doom).center)
    assert "totem" in t.state.tribes[0].achievements and t.state.doom == 1


def test_gather_a_herb_and_attune_by_dragging_cards_into_the_tribe():
    board = {"herbs_up": ["herb-red", "herb-meadow", "herb-druid"]}
    tribes = [{"settlements": ["boar-mountain", "boar-river"], "heroes": {"shaman": {"node": {"near": "boar-forest"}}},
               "essences": ["green", "red", "blue", "blue", "yellow", "green"]},
              {"settlements": ["wolf-meadow", "wolf-mountain"], "heroes": {"druid": {"node": {"near": "wolf-river"}}}}]
    t = Table(position({}, board, tribes, {"player": 1, "phase": "tribe"}))
    t.drag(HerbUp("herb-red"), TribeBoard(0))
    t.click(HerbUp("herb-druid"))                         # the other face-up Herb to discard
    assert t.scene.tray_layer.tray is not None
    t.key(pygame.K_RETURN)
    assert t.state.tribes[0].herbs == ["herb-red"] and "herb-druid" in t.state.herb_discard
    t.drag(AttuneFree("boar"), TribeBoard(0))
    t.key(pygame.K_RETURN)
    assert t.state.tribes[0].attunements == ["boar"]


def test_undo_button_takes_a_move_back_and_shows_only_when_something_can_be_undone():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    before = to_dict(t.state)
    assert t.scene.spot(Button("undo")) is None, "nothing played yet: no Undo button"
    to = t.session.legal_of("move_hero", hero="druid")[0]["to"]
    t.drag(HeroSlot(0, "druid"), NodeSpot(to))
    assert t.state.tribes[0].heroes["druid"].node == to
    assert t.scene.spot(Button("undo")) is not None
    t.click(Button("undo"))
    assert to_dict(t.state)["tribes"] == before["tribes"]
    assert t.scene.spot(Button("undo")) is None, "back at the start: no Undo button"


def test_clicking_another_tribes_small_board_shows_it_large_without_its_secrets():
    g = two_tribes({"player": 1, "phase": "hero"})
    g.state.tribes[1].heroes["shaman"].quests.append(g.state.decks["blue"].pop())
    secret = g.state.tribes[1].heroes["shaman"].quests[0]
    g.invalidate_legal()
    t = Table(g)
    assert t.scene.spot(TribeBoard(0)) is not None and t.scene.spot(TribeSmall(1)) is not None
    t.click(TribeSmall(1))                     # a real click on player 2's small board
    assert t.scene.board.peek == 1
    assert t.scene.spot(TribeBoard(1)) is not None, "player 2's board is the large one now"
    assert t.scene.spot(QuestCard(1, "shaman", "?")) is not None, "a Quest card shows its back"
    assert t.scene.spot(QuestCard(1, "shaman", secret)) is None
    assert t.scene.spot(TribeSmall(0)) is not None, "yours waits among the small ones"
    t.click(TribeSmall(0))                     # back to the board of whoever acts
    assert t.scene.board.peek is None and t.scene.spot(TribeBoard(0)) is not None
    t.click(TribeSmall(1))
    to = t.session.legal_of("move_hero", hero="druid")[0]["to"]
    t.session.apply(t.session.legal_of("move_hero", hero="druid", to=to)[0])
    t.frame()
    assert t.scene.board.peek is None, "after a move the acting tribe's board shows again"
