"""The heuristic Dante's Inferno bot: go down corner by corner, collect on good numbers, fight
only at good odds, put demons on opponents and trade what it has spare for what it lacks.

It reads only the seat's view (the board, tokens, demons, resources, the roll, the open
offers) and chooses one of the listed legal actions, like a client. Its rules of thumb:

- **Going in** (``next_circle``, Y+R+G) comes first whenever it is listed: the match is scored
  by the deepest token. Onto a demon only when the fight at the start of the next turn is
  likely enough won (two dice against the circle's target, :data:`FIGHT_ODDS`), or when this
  is the last turn of a capped match (the fight never comes).
- **The runner**: its deepest token (closest to a corner on ties) walks toward the nearest
  corner of its circle with the turn's free step, and with paid steps only when it reaches the
  corner and can still pay Y+R+G to go in. The other tokens stay where they collect.
- **Collecting**: setup tokens and new tokens (``new_token``, Y+B+R, while the match has
  :data:`NEW_TOKEN_ROUNDS` rounds left) go on the entry space whose tile pays most often, one
  per colour where it can; a collecting token spends an unused free step on a neighbouring tile
  that earns it more (odds times what the colour is worth to it now); the good token goes on
  its own tiles, the bad one on opponents'; the doubles bonus is the resource it values most.
- **Demons**: the free demon move first takes a demon off the square one of its tokens goes
  in to (or stands on); after a 7 the demon goes on an opponent's token (the deepest) and never
  on its own or where it goes in; an unused demon move puts one on an opponent.
- **Rolls**: a fight roll is re-rolled (Y+R+B+G) only when the beaten fight can still be won
  with one die (:data:`REROLL_ODDS`); Lucifer's whenever it can still be won; a resource roll
  only when the expected extra income pays the price.
- **Trades**: resources are valued with diminishing returns (Y, R, G above B: going in needs
  them). An offer to it is accepted when it gains value and rejected otherwise; as the active
  player it makes a listed offer that gains value, at most once per partner per turn, and
  then always ends its turn (``end_turn``) once nothing else pays.

It keeps no state a move depends on except the offers it made this turn (a bot made fresh for
every move, as in the worker, still offers only when a coin toss says so, so a partner who
keeps saying no cannot hold the turn).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from inferno_rules import Action
from inferno_rules.games.dantes_inferno.board import (
    C9,
    NOWHERE,
    POSITION,
    RESOURCES,
    TARGET,
    TILES,
    YIELD,
    circle_of,
    inward,
    is_corner,
    parse_cell,
    parse_space,
    ring_of,
    side,
)

from .base import require_legal

#: Going in onto a demon needs at least these odds of winning the fight that follows.
FIGHT_ODDS: Final = 0.4
#: A beaten fight roll is re-rolled when one die gives at least these odds.
REROLL_ODDS: Final = 1 / 3
#: A new token is worth its price while at least this many rounds remain.
NEW_TOKEN_ROUNDS: Final = 4
#: A new token while the seat has fewer than this many in play.
WANTED_TOKENS: Final = 4
#: What one unit of each resource is worth (the first unit; each more is worth DIMINISH less).
WORTH: Final = {"Y": 3.0, "R": 3.0, "B": 2.0, "G": 3.0}
DIMINISH: Final = 0.6
#: A trade is made or accepted only when it gains at least this much value.
TRADE_GAIN: Final = 0.3
#: Chance that a bot without memory of this turn makes an offer (bounds a turn of refusals).
OFFER_CHANCE: Final = 0.5
#: A collecting token steps to a neighbouring tile that earns at least this much more a roll.
SHIFT_GAIN: Final = 0.02
#: Price of a re-roll in resources, and of every paid action.
REROLL_PRICE: Final = 4
NEXT_COST: Final = {"Y": 1, "R": 1, "G": 1}


def chance_of(total: int) -> float:
    """The chance that two dice show ``total``."""
    return max(0, 6 - abs(total - 7)) / 36 if 2 <= total <= 12 else 0.0


def win_odds(target: int) -> float:
    """The chance that two dice reach ``target``."""
    return sum(chance_of(t) for t in range(target, 13))


def one_die_odds(keep: int, target: int) -> float:
    """The chance that re-rolling one die, keeping the other at ``keep``, reaches ``target``."""
    return sum(1 for face in range(1, 7) if keep + face >= target) / 6


def worth(amounts: Mapping[str, int]) -> float:
    """The value of a pile of resources, each more unit of a kind worth less than the last."""
    return sum(WORTH[r] * (1 - DIMINISH ** amounts.get(r, 0)) / (1 - DIMINISH) for r in RESOURCES)


def after_trade(
    mine: Mapping[str, int], gain: Mapping[str, int], lose: Mapping[str, int]
) -> dict[str, int]:
    return {r: mine.get(r, 0) + gain.get(r, 0) - lose.get(r, 0) for r in RESOURCES}


def can_pay(mine: Mapping[str, int], cost: Mapping[str, int]) -> bool:
    return all(mine.get(r, 0) >= n for r, n in cost.items())


def corner_distance(space: int) -> int:
    """Steps along its circle from ``space`` to the nearest corner of that circle."""
    if space == C9:
        return 0
    cell = space // 2
    s = side(ring_of(cell))
    p = POSITION[cell] % s
    return min(p, s - p)


class Board:
    """What the bot reads off a view: tiles, tokens, demons, the good and bad tokens."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seat = int(view.get("seat", view.get("active", 0)))
        self.tiles: dict[int, str] = {}
        self.down: set[int] = set()
        for placed in view.get("tiles", ()):
            cell = parse_cell(placed["position"])
            self.tiles[cell] = placed["tile"]
            if not placed["face_up"]:
                self.down.add(cell)
        self.tokens = [[parse_space(s) for s in seat] for seat in view.get("tokens", ())]
        self.owner = {s: seat for seat, spaces in enumerate(self.tokens) for s in spaces}
        self.demons = {parse_space(s) for s in view.get("demons", ())}
        self.good = parse_cell(view.get("good")) if view.get("good") else NOWHERE
        self.bad = parse_cell(view.get("bad")) if view.get("bad") else NOWHERE
        self.mine: dict[str, int] = dict(view.get("resources", [{}] * (self.seat + 1))[self.seat])

    def gain(self, cell: int, total: int, good: int | None = None, bad: int | None = None) -> int:
        """What one token on ``cell`` collects on a roll of ``total``."""
        tile = self.tiles.get(cell, "")
        if not tile or cell in self.down:
            return 0
        _, colour, outer, inner = TILES[tile]
        if not colour or total not in (outer, inner):
            return 0
        amount = YIELD[ring_of(cell)]
        if cell == (self.good if good is None else good):
            amount *= 2
        if cell == (self.bad if bad is None else bad):
            amount = 0
        return amount

    def income(self, cell: int) -> float:
        """Expected resources per roll for one token on ``cell``."""
        return sum(chance_of(t) * self.gain(cell, t) for t in range(2, 13))

    def income_of(self, seat: int, good: int | None = None, bad: int | None = None) -> float:
        return sum(
            chance_of(t) * self.gain(s // 2, t, good, bad)
            for s in self.tokens[seat]
            if s != C9
            for t in range(2, 13)
        )

    def colour(self, cell: int) -> str:
        tile = self.tiles.get(cell, "")
        return TILES[tile][1] if tile else ""

    def runner(self) -> int:
        """The seat's deepest token, the closest to a corner among equals (NOWHERE: none)."""
        mine = self.tokens[self.seat] if self.seat < len(self.tokens) else []
        if not mine:
            return NOWHERE
        return max(mine, key=lambda s: (circle_of(s), -corner_distance(s), -s))


class DantesInfernoHeuristic:
    name = "heuristic"

    def __init__(self) -> None:
        # (round, active seat) -> partners offered to this turn.
        self._offered: dict[tuple[int, int], set[int]] = {}

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        require_legal(self.name, legal)
        board = Board(view)
        phase = view.get("phase")
        if phase == "placing":
            return self.best(legal, lambda a: self.entry_score(board, a.arg))
        if phase == "fight":
            return self.best(legal, lambda a: circle_of(parse_space(a.arg)))
        if phase == "roll":
            return self.roll(view, board, legal)
        if phase == "choose":
            return self.forced_choice(view, board, legal)
        if phase == "main":
            return self.main(view, board, legal, rng)
        return legal[0]

    @staticmethod
    def best(legal: Sequence[Action], score: Callable[[Action], float]) -> Action:
        """The legal action with the highest score (the first listed among equals)."""
        return max(enumerate(legal), key=lambda pair: (score(pair[1]), -pair[0]))[1]

    # ------------------------------------------------------------------ placing
    def entry_score(self, board: Board, name: object) -> float:
        """An entry space: how often its tile pays, the colours going in needs, a corner near."""
        space = parse_space(name)
        cell = space // 2
        score = 10 * board.income(cell)
        if board.colour(cell) in NEXT_COST and board.mine.get(board.colour(cell), 0) == 0:
            score += 0.5
        if board.colour(cell) in NEXT_COST:
            score += 0.3
        if corner_distance(space) == 1:
            score += 0.4
        # One collector per colour: a colour its tokens already collect is worth less.
        same = sum(
            1 for s in board.tokens[board.seat] if board.colour(s // 2) == board.colour(cell)
        )
        return score - 0.6 * same

    # ------------------------------------------------------------------ rolls
    def roll(self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]) -> Action:
        accept = Action("accept", None)
        roll = view.get("roll") or {}
        dice = list(roll.get("dice", (0, 0)))
        rerolls = [a for a in legal if a.kind == "reroll"]
        if not rerolls or accept not in legal or len(dice) != 2:
            return accept if accept in legal else legal[0]
        kind = roll.get("kind")
        if kind in ("fight", "lucifer"):
            space = parse_space(roll.get("space"))
            target = TARGET[circle_of(space)] if space != NOWHERE else TARGET[9]
            if sum(dice) >= target:
                return accept
            die = 0 if dice[0] <= dice[1] else 1
            odds = one_die_odds(dice[1 - die], target)
            if odds > 0 and (kind == "lucifer" or odds >= REROLL_ODDS):
                return Action("reroll", die)
            return accept
        # The resource roll: re-roll a die only when the expected extra income pays its price.
        now = self.my_gain(board, sum(dice))
        best_die, best_gain = -1, float(REROLL_PRICE)
        for die in (0, 1):
            keep = dice[1 - die]
            expected = sum(self.my_gain(board, keep + face) for face in range(1, 7)) / 6
            if expected - now > best_gain:
                best_die, best_gain = die, expected - now
        return Action("reroll", best_die) if best_die >= 0 else accept

    @staticmethod
    def my_gain(board: Board, total: int) -> int:
        if total == 7:
            return 0
        return sum(board.gain(s // 2, total) for s in board.tokens[board.seat] if s != C9)

    # ------------------------------------------------------------------ forced choices
    def forced_choice(
        self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]
    ) -> Action:
        choice = view.get("choice")
        if choice == "demon":
            return self.best(legal, lambda a: self.demon_square(board, parse_space(a.arg)))
        if choice == "bonus":
            return self.best(legal, lambda a: worth(after_trade(board.mine, {a.arg: 1}, {})))
        if choice == "token":
            return self.best(legal, lambda a: self.good_bad(board, a.arg))
        if choice == "retreat":
            return self.best(legal, lambda a: self.retreat_square(board, parse_space(a.arg)))
        return legal[0]

    def demon_square(self, board: Board, space: int) -> float:
        """A demon goes on the deepest opponent token, never on its own, nor where it goes in."""
        owner = board.owner.get(space)
        if owner == board.seat:
            return -100.0
        if owner is not None:
            return 10.0 + circle_of(space)
        for mine in board.tokens[board.seat]:
            if inward(mine) == space or (is_corner(mine // 2) and mine // 2 == space // 2):
                return -10.0
        for seat, spaces in enumerate(board.tokens):
            if seat != board.seat and any(inward(s) == space for s in spaces):
                return 5.0 + circle_of(space)
        return -circle_of(space) / 10

    def good_bad(self, board: Board, arg: object) -> float:
        """The good token on its own paying tiles, the bad one on the opponents'."""
        which, where = arg if isinstance(arg, list) else ("", "")
        cell = parse_cell(where)
        mine = board.income_of(board.seat)
        others = sum(board.income_of(s) for s in range(len(board.tokens)) if s != board.seat)
        if which == "good":
            mine_after = board.income_of(board.seat, good=cell)
            others_after = sum(
                board.income_of(s, good=cell) for s in range(len(board.tokens)) if s != board.seat
            )
        else:
            mine_after = board.income_of(board.seat, bad=cell)
            others_after = sum(
                board.income_of(s, bad=cell) for s in range(len(board.tokens)) if s != board.seat
            )
        return (mine_after - mine) - 0.3 * (others_after - others)

    def retreat_square(self, board: Board, space: int) -> float:
        """Among equally close squares: no demon there, and a free way in."""
        score = 0.0
        if space in board.demons:
            score -= 2
        ahead = inward(space)
        if ahead != NOWHERE and ahead in board.demons:
            score -= 1
        if ahead != NOWHERE and ahead in board.owner:
            score -= 1
        return score

    # ------------------------------------------------------------------ the MAIN step
    def main(
        self,
        view: Mapping[str, Any],
        board: Board,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        answer = self.answer_offer(view, board, legal)
        if answer is not None:
            return answer
        if view.get("active") != board.seat:
            return Action("pass", None) if Action("pass", None) in legal else legal[0]
        for step in (
            self.clear_the_way,
            self.go_in,
            self.walk,
            self.new_token,
            self.shift,
            self.move_demon,
            self.push,
        ):
            action = step(view, board, legal)
            if action is not None:
                return action
        offer = self.offer(view, board, legal, rng)
        if offer is not None:
            return offer
        end = Action("end_turn", None)
        return end if end in legal else legal[0]

    def answer_offer(
        self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]
    ) -> Action | None:
        """Accept an offer to this seat that gains value; reject the others."""
        for offer in view.get("offers", ()):
            if offer.get("to") != board.seat:
                continue
            ident = offer.get("id")
            after = after_trade(board.mine, offer.get("give", {}), offer.get("get", {}))
            accept = Action("accept", ident)
            if accept in legal and worth(after) - worth(board.mine) >= TRADE_GAIN:
                return accept
            reject = Action("reject", ident)
            if reject in legal:
                return reject
        return None

    @staticmethod
    def last_turn(view: Mapping[str, Any]) -> bool:
        """Whether this is the seat's last turn of a capped match: every seat has one turn a
        round, so in the last round no fight of its own follows."""
        cap = int(view.get("round_cap") or 0)
        return bool(cap) and int(view.get("round", 0)) >= cap

    def go_in(
        self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]
    ) -> Action | None:
        """The deepest ``next_circle`` whose demon, if any, is beaten often enough."""
        best: tuple[int, Action] | None = None
        for action in legal:
            if action.kind != "next_circle":
                continue
            frm = parse_space(action.arg)
            to = inward(frm)
            risky = to in board.demons and win_odds(TARGET[circle_of(to)]) < FIGHT_ODDS
            if risky and not self.last_turn(view):
                continue
            if best is None or circle_of(to) > best[0]:
                best = (circle_of(to), action)
        return best[1] if best else None

    def walk(self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]) -> Action | None:
        """The runner steps toward its circle's nearest corner: the free step, or paid steps
        that reach the corner with Y+R+G still in hand."""
        runner = board.runner()
        if runner == NOWHERE or corner_distance(runner) == 0:
            return None
        free = not view.get("free_step_used")
        best: tuple[int, Action] | None = None
        for action in legal:
            if action.kind != "move" or not isinstance(action.arg, list):
                continue
            path = [parse_space(s) for s in action.arg]
            if path[0] != runner:
                continue
            end = path[-1]
            if corner_distance(end) >= corner_distance(runner):
                continue
            paid = len(path) - 1 - (1 if free else 0)
            reaches = corner_distance(end) == 0 and self.still_goes_in(board.mine, paid)
            if paid > 0 and not reaches:
                continue
            if end in board.demons and win_odds(TARGET[circle_of(end)]) < FIGHT_ODDS:
                continue
            key = -corner_distance(end) * 10 - paid
            if best is None or key > best[0]:
                best = (key, action)
        return best[1] if best else None

    def shift(
        self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]
    ) -> Action | None:
        """A collecting token uses an unused free step to a tile that pays it more (its numbers'
        odds, times what that tile's resource is worth to the seat now)."""
        if view.get("free_step_used"):
            return None
        runner = board.runner()
        best: tuple[float, Action] | None = None
        for action in legal:
            if action.kind != "move" or not isinstance(action.arg, list) or len(action.arg) != 2:
                continue
            frm, to = (parse_space(s) for s in action.arg)
            if frm == runner or is_corner(to // 2) or to in board.demons:
                continue
            gain = self.earning(board, to // 2) - self.earning(board, frm // 2)
            if gain > SHIFT_GAIN and (best is None or gain > best[0]):
                best = (gain, action)
        return best[1] if best else None

    @staticmethod
    def earning(board: Board, cell: int) -> float:
        """What one token on ``cell`` earns a roll, in the value of its resource to the seat."""
        colour = board.colour(cell)
        if not colour:
            return 0.0
        return board.income(cell) * WORTH[colour] * DIMINISH ** board.mine.get(colour, 0)

    @staticmethod
    def still_goes_in(mine: Mapping[str, int], paid: int) -> bool:
        """Whether paying ``paid`` steps (each from the kind held most) leaves Y+R+G."""
        left = {r: mine.get(r, 0) for r in RESOURCES}
        for _ in range(paid):
            most = max(RESOURCES, key=lambda r: (left[r], -RESOURCES.index(r)))
            if left[most] <= 0:
                return False
            left[most] -= 1
        return can_pay(left, NEXT_COST)

    def new_token(
        self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]
    ) -> Action | None:
        """A new collecting token early in the match, unless Y+R+G would go in now."""
        options = [a for a in legal if a.kind == "new_token"]
        if not options or len(board.tokens[board.seat]) >= WANTED_TOKENS:
            return None
        cap = int(view.get("round_cap") or 0)
        if cap and cap - int(view.get("round", 0)) < NEW_TOKEN_ROUNDS:
            return None
        return self.best(options, lambda a: self.entry_score(board, a.arg))

    def clear_the_way(
        self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]
    ) -> Action | None:
        """The free demon move takes a demon off the square a token of its own goes in to
        (or stands on), to a square that is neither."""
        mine = set(board.tokens[board.seat]) if board.seat < len(board.tokens) else set()
        ahead = {inward(s) for s in mine if corner_distance(s) == 0} - {NOWHERE}
        for action in legal:
            if action.kind != "move_demon" or not isinstance(action.arg, list):
                continue
            frm, to = (parse_space(s) for s in action.arg)
            if (frm in ahead or frm in mine) and to not in ahead and to not in mine:
                return action
        return None

    def move_demon(
        self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]
    ) -> Action | None:
        """The free demon move: onto an opponent's token, or off one of its own."""
        best: tuple[float, Action] | None = None
        for action in legal:
            if action.kind != "move_demon" or not isinstance(action.arg, list):
                continue
            frm, to = (parse_space(s) for s in action.arg)
            score = 0.0
            if board.owner.get(frm) == board.seat:
                score += 5 + circle_of(frm)
            owner = board.owner.get(to)
            if owner == board.seat:
                score -= 100
            elif owner is not None:
                score += 3 + circle_of(to)
            if score > 0 and (best is None or score > best[0]):
                best = (score, action)
        return best[1] if best else None

    def push(self, view: Mapping[str, Any], board: Board, legal: Sequence[Action]) -> Action | None:
        """With spare B, push an opponent's token off the corner it would go in from."""
        if board.mine.get("B", 0) < 2:
            return None
        for action in legal:
            if action.kind != "push" or not isinstance(action.arg, list):
                continue
            frm = parse_space(action.arg[0])
            if corner_distance(frm) == 0 and circle_of(frm) >= 1:
                return action
        return None

    def offer(
        self,
        view: Mapping[str, Any],
        board: Board,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action | None:
        """A listed offer that gains value, to a partner not asked yet this turn."""
        turn = (int(view.get("round", 0)), int(view.get("active", 0)))
        if turn not in self._offered:
            self._offered = {turn: set()}
            remembered = False
        else:
            remembered = True
        asked = self._offered[turn]
        resources = view.get("resources", ())
        for action in legal:
            if action.kind != "offer" or not isinstance(action.arg, dict):
                continue
            partner = action.arg.get("to")
            if partner in asked or not isinstance(partner, int):
                continue
            if any(
                o.get("from") == board.seat and o.get("to") == partner
                for o in view.get("offers", ())
            ):
                continue
            give, get = action.arg.get("give", {}), action.arg.get("get", {})
            if not give or not get:
                continue
            gain = worth(after_trade(board.mine, get, give)) - worth(board.mine)
            theirs = dict(resources[partner]) if partner < len(resources) else {}
            if not can_pay(theirs, get):
                continue  # they could not accept it
            their_gain = worth(after_trade(theirs, give, get)) - worth(theirs)
            if gain < TRADE_GAIN or their_gain < 0:
                continue
            asked.add(partner)
            if not remembered and rng.random() >= OFFER_CHANCE:
                # No memory of this turn (a fresh bot, or its first look): one coin toss a
                # look, so a partner who always says no holds the turn for one more offer on
                # average, never forever.
                asked.update(range(int(view.get("players", 0))))
                return None
            return action
        return None
