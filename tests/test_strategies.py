"""Playing strategies: the player's view hides what a player cannot see, the
built-in strategies play only legal moves to the end and reproducibly, a user's function
plays too, bad input is refused at the call, and ``estimate(player=...)`` is a loop over the
same deals as the solver's, whatever executor runs it."""

from __future__ import annotations

import dataclasses
import gc
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from itertools import islice

import pytest

from pyramide_widget import PRESETS, Card, Game, Move, MoveKind, Rules, solve
from pyramide_widget.analysis.estimation import deal_letters, estimate
from pyramide_widget.analysis.strategies import (
    STRATEGIES,
    Playout,
    careful_player,
    check_player,
    play_out,
    player_name,
)
from pyramide_widget.engine.player_view import PlayerView
from pyramide_widget.engine.position import Status

LETTERS = deal_letters(7, 6)


def walk(value: object, found: list[Card], depth: int = 0) -> None:
    """Every card reachable from a view's data (its rules aside: the deck is public knowledge)."""
    assert depth < 10
    if isinstance(value, Card):
        found.append(value)
    elif isinstance(value, Move):
        walk(value.cards, found, depth + 1)
    elif isinstance(value, (tuple, frozenset)):
        for item in value:
            walk(item, found, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name != "rules":
                walk(getattr(value, field.name), found, depth + 1)
    else:
        assert value is None or isinstance(value, (bool, int, str)), (
            f"unexpected {type(value).__name__} in the view"
        )


def never_shown(game: Game) -> set[Card]:
    """What the player has never seen: the cards no step of the game's record showed face up
    (in the visible pyramid, on a pile, in a face-up stock)."""
    shown: set[Card] = set()
    for _step, step_game in Game.replay_steps(game.record()):
        position = step_game.visible_position()
        shown.update(card for card in position.pyramid if card is not None)
        shown.update(card for pile in position.piles for card in pile)
        if step_game.rules.stock_face_up:
            shown.update(step_game.stock)
    return set(game.table.deck.cards()) - shown


def referents(view: PlayerView) -> list[object]:
    """Every object the view holds, through any attribute or container (the interpreter's own
    record of references), stopping at its rules, classes, modules and functions."""
    seen: dict[int, object] = {}
    todo: list[object] = [view]
    while todo:
        item = todo.pop()
        if id(item) in seen or item is view.rules or isinstance(item, type) or callable(item):
            continue
        seen[id(item)] = item
        todo.extend(gc.get_referents(item))
    return list(seen.values())


def games_along(letter: str, letters: str, steps: int = 40) -> list[Game]:
    """Copies of a game at several points of a random line of play."""
    game = Game.from_code(f"PY1-{letter}-{letters}")
    rng = random.Random(letters)
    points = []
    for step in range(steps):
        if game.is_over:
            break
        if step % 8 == 0:
            points.append(Game.replay(game.record()))
        game.play(rng.choice(game.legal_moves()))
    return points


@pytest.mark.parametrize("letter", list(PRESETS))
def test_the_view_reveals_no_card_the_player_never_saw(letter: str) -> None:
    """R3, R14: the stock is face down; §9 Face-down: face-down pyramid cards are unseen. The
    view holds none of the cards the game never showed, and names them as never seen."""
    checked_face_down = checked_hidden = False
    for game in games_along(letter, LETTERS[0]):
        view = game.player_view()
        found: list[Card] = []
        walk(view, found)
        hidden = never_shown(game)
        checked_hidden |= bool(hidden)
        assert not hidden & set(found)
        assert view.never_seen() == hidden
        held = referents(view)
        assert not any(isinstance(item, Game) for item in held)
        assert not hidden & {item for item in held if isinstance(item, Card)}
        assert view.stock is None and view.stock_count == len(game.stock)
        checked_face_down |= bool(view.face_down)
    table = PRESETS[letter].rules.table
    assert checked_hidden == bool(table.stock_size or table.face_down)  # Giza hides nothing
    assert checked_face_down == table.face_down


def test_the_view_shows_what_the_player_sees() -> None:
    for game in games_along("F", LETTERS[1]) + games_along("P", LETTERS[1]):
        view = game.player_view()
        visible = game.visible_position()
        assert view.pyramid == visible.pyramid and view.face_down == visible.face_down
        assert view.waste == game.waste and view.waste_fresh == game.waste_fresh
        assert view.legal_moves == tuple(game.legal_moves())
        assert view.recycles_left == game.recycles_left and view.rules == game.rules
        assert view.pyramid_left == game.pyramid_left
        assert sorted(view.removed) == sorted(c for m in game.history for c in m.cards)
        # What the player has not seen where it lies: the stock and the face-down cards.
        assert view.unseen() == frozenset(game.stock) | {
            game.position().pyramid[i] for i in visible.face_down
        }


def test_a_face_up_stock_is_in_the_view_in_order() -> None:
    """§9 stock_face_up: the player sees the stock, so the view shows it."""
    game = Game.from_code("PY1-X-" + LETTERS[2], rules=Rules(stock_face_up=True))
    game.play("draw")
    assert game.player_view().stock == game.stock


def test_the_view_is_frozen() -> None:
    view = Game.from_code("PY1-N-" + LETTERS[0]).player_view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.stock_count = 0  # type: ignore[misc]


class Checked:
    """A built-in strategy, checked on each call: what it chooses is a legal move."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls = 0

    def __call__(self, view: PlayerView, rng: random.Random) -> Move:
        move = STRATEGIES[self.name](view, rng)
        assert isinstance(move, Move) and move in view.legal_moves
        self.calls += 1
        return move


# The expert asks the solver at every decision: tests/test_expert.py plays it on fewer deals.
@pytest.mark.parametrize("name", [name for name in STRATEGIES if name != "expert"])
@pytest.mark.parametrize("letter", list(PRESETS))
def test_each_strategy_plays_legal_moves_to_the_end(name: str, letter: str) -> None:
    for letters in LETTERS[:3]:
        game = Game.from_code(f"PY1-{letter}-{letters}")
        checked = Checked(name)
        result = play_out(game, checked, seed=1)
        assert (
            checked.calls == game.moves + result.stalled and game.moves == result.moves > 0
        )  # a stall: the recycle chosen is not played
        assert result.removed == len(game.deal.pyramid) - game.pyramid_left
        if result.stalled:  # R15, unlimited passes: a pass removed nothing, and the game goes on
            assert game.status is Status.PLAYING and game.rules.recycles is None
            assert game.legal_moves()[-1] == Move.recycle()
        else:
            assert game.is_over and result.won == (game.status is Status.WON)


def test_a_strategy_wins_only_deals_the_solver_can_win() -> None:
    for letters in deal_letters(11, 30):
        for name in STRATEGIES:
            if play_out(Game.from_code("PY1-N-" + letters), name, seed=letters).won:
                assert solve(Game.from_code("PY1-N-" + letters)).winnable


def test_a_pass_that_removes_nothing_ends_the_playout() -> None:
    """R15: with unlimited passes, a player who only draws would go round for ever."""

    def only_draws(view: PlayerView, rng: random.Random) -> Move:
        return next(m for m in view.legal_moves if m.kind.value in ("draw", "recycle"))

    game = Game.from_code("PY1-N-" + LETTERS[0])
    result = play_out(game, only_draws)
    # every card drawn, the waste turned over, every card drawn again: the next recycle stops it
    draws = len(game.deal.stock) + len(game.deal.stock) + len(game.deal.waste)
    assert result == Playout(won=False, removed=0, moves=draws + 1, stalled=True)
    assert game.recycles_used == 1 and game.history[-1] == Move.draw() and not game.stock


@pytest.mark.parametrize("name", list(STRATEGIES))
def test_a_strategy_plays_the_same_game_from_the_same_seed(name: str) -> None:
    def actions(seed: int) -> tuple[str, ...]:
        game = Game.from_code("PY1-E-" + LETTERS[3])
        play_out(game, name, seed=seed)
        return game.actions

    assert actions(5) == actions(5)
    if name == "random":
        assert len({actions(seed) for seed in range(4)}) > 1


def last_move(view: PlayerView, rng: random.Random) -> str:
    """A user's strategy, in notation: the last legal move (draw or recycle when there is one)."""
    return str(view.legal_moves[-1])


def test_a_user_function_plays() -> None:
    game = Game.from_code("PY1-N-" + LETTERS[4])
    result = play_out(game, last_move)
    assert game.history[0] == Move.draw() and result.moves == game.moves
    assert player_name(last_move) == "last_move" and player_name(careful_player) == "careful"


def groups_first_in_notation(view: PlayerView, rng: random.Random) -> str:
    """A user's strategy for Tut's Tomb, in notation: a group of three or more when one can go."""
    groups = [move for move in view.legal_moves if move.kind is MoveKind.GROUP]
    return str(groups[0] if groups else view.legal_moves[0])


def test_a_tuts_tomb_group_in_notation_is_read_under_the_games_table() -> None:
    # Before, the move text was read without groups: '2♠+10♥+A♠' was refused as a bad pair.
    game = Game.from_code("PY1-U-AAAAAAS")
    result = play_out(game, groups_first_in_notation)
    groups = [move for move in game.history if move.kind is MoveKind.GROUP]
    assert groups and all(len(move.cards) >= 3 for move in groups)
    assert result.moves == game.moves
    # elsewhere a group is still no move
    with pytest.raises(ValueError, match=r"returned '2♠\+10♥\+A♠'.*Tut's Tomb's"):
        play_out(Game.from_code("PY1-N-AAAAAAS"), lambda view, rng: "2♠+10♥+A♠")


def test_bad_players_are_refused_at_the_call() -> None:
    with pytest.raises(ValueError, match=r"unknown strategy 'best'.*'random', 'greedy', 'careful'"):
        estimate("N", deals=5, player="best")
    with pytest.raises(TypeError, match="player must be a strategy name"):
        estimate("N", deals=5, player=3)
    with pytest.raises(TypeError, match="player must be a strategy name"):
        check_player(None)
    with pytest.raises(TypeError, match="game must be a Game"):
        play_out("PY1-N-AAAAAAS", "greedy")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed must be"):
        play_out(Game.from_code("PY1-N-AAAAAAS"), "greedy", seed=1.5)  # type: ignore[arg-type]
    with (
        ProcessPoolExecutor(max_workers=1) as pool,
        pytest.raises(TypeError, match="does not pickle"),
    ):
        estimate("N", deals=5, player=lambda view, rng: view.legal_moves[0], executor=pool)


def test_a_strategy_that_chooses_badly_is_stopped_saying_why() -> None:
    game = Game.from_code("PY1-N-" + LETTERS[0])
    with pytest.raises(
        ValueError, match=r"strategy .*chose recycle, not a legal move in PY1-N-.*legal: .*draw"
    ):
        play_out(game, lambda view, rng: Move.recycle())
    assert game.moves == 0  # nothing was played
    with pytest.raises(TypeError, match="must return a Move or its notation, got int 7"):
        play_out(game, lambda view, rng: 7)
    with pytest.raises(ValueError, match="returned 'pass'"):
        play_out(game, lambda view, rng: "pass")


@pytest.mark.parametrize("name", list(STRATEGIES))
def test_estimate_with_a_player_is_a_loop_over_the_solvers_deals(name: str) -> None:
    """The deals are the solver's (same seed); a deal's random source is seeded '{seed}:{letters}'."""
    seed, deals = 3, 12
    played = estimate("F", deals=deals, seed=seed, player=name, executor="serial")
    solved = estimate("F", deals=deals, seed=seed, executor="serial")
    assert played.codes == solved.codes and played.player == name and solved.player is None
    results = [
        play_out(Game.from_code(f"PY1-F-{letters}"), name, seed=f"{seed}:{letters}")
        for letters in islice(deal_letters(seed, deals), deals)
    ]
    assert [(o.winnable, o.max_removed, o.nodes) for o in played.outcomes] == [
        (r.won, r.removed, r.moves) for r in results
    ]
    assert played.won == sum(r.won for r in results)
    assert all(
        not o.winnable or s.winnable for o, s in zip(played.outcomes, solved.outcomes, strict=True)
    )
    assert f"player={name!r}" in repr(played) and f"played by {name}" in played.summary()
    assert played.to_dict()["player"] == name and "player" not in solved.to_dict()


def test_the_pool_gives_what_one_process_gives() -> None:
    serial = estimate("N", deals=40, seed=9, player="random", executor="serial")
    pooled = estimate(
        "N", deals=40, seed=9, player="random", chunk_size=3
    )  # the default process pool
    assert pooled.outcomes == serial.outcomes and pooled.won == serial.won
    with ThreadPoolExecutor(2) as threads:  # a user's unpicklable function is fine in threads
        threaded = estimate(
            "N",
            deals=40,
            seed=9,
            player=lambda v, r: STRATEGIES["random"](v, r),
            executor=threads,
            chunk_size=3,
        )
    assert threaded.outcomes == serial.outcomes


def test_a_function_the_workers_cannot_import_plays_in_this_process() -> None:
    """A notebook's function (here a lambda) cannot reach the default pool's workers."""
    serial = estimate("N", deals=10, seed=4, player=last_move, executor="serial")
    assert (
        estimate("N", deals=10, seed=4, player=lambda v, r: last_move(v, r)).outcomes
        == serial.outcomes
    )
