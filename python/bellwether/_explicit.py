"""bellwether.spiel's states with explicit chance (load_game(..., {"chance": "explicit"})).

The engine draws a card, takes one at random from a hand or picks the start seat inside its rules
code. Under a chance script (core/chance.hpp) each such event is recorded with its outcomes and
their weights, and the first ones take outcomes given from outside. A state here runs the next
step under a script with the outcomes chosen so far: while the step meets a chance event that has
no outcome yet, the state is a chance node offering that event's outcomes; when it meets none, the
step is done. So the deal is a row of chance nodes before the first turn, and an action that draws
is followed by one chance node per card drawn, before its effects are seen. Outcome ids are card
kinds (for a draw or a card taken from a hand) or seats (for the start seat)."""
from __future__ import annotations

from typing import List, Optional, Tuple

from . import _bellwether as _native
from .spiel import CHANCE, ActionsAndProbs, Game, IllegalAction, SpielError, State, _action_id, _InfoLines, _player_id

Outcomes = List[Tuple[int, int]]  # (outcome, weight) of one chance event


class ExplicitState(State):
    """A State whose chance events are chance nodes (see the module's text)."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed, _deal=False)  # dealt once the set-up's chance nodes are played
        self._pending: Optional[int] = None  # the player action waiting for its chance outcomes
        self._pending_player = CHANCE
        self._forced: List[int] = []  # outcomes of the pending step's chance events so far
        self._event: Optional[Outcomes] = None  # the chance event to decide now
        self._kept_from_start: List[int] = []  # seats whose information state starts at the deal
        self._step()

    # -- the step in progress
    def _step(self) -> None:
        """Runs the pending step (the set-up, or the pending action) with the outcomes chosen so far:
        a chance node when it meets an event beyond them, else the step is done."""
        game = self._game
        if self._native is None:
            native, events = _native._new_game_scripted(game._id, game._players, game._native_params(), self._seed,
                                                        self._forced)
        else:
            native = self._native.clone()
            assert self._pending is not None
            events = _native._apply_scripted(native, self._pending, self._forced)
        if len(events) > len(self._forced):
            self._event = [(int(outcome), int(weight)) for outcome, weight in events[len(self._forced)]]
            return
        setting_up = self._native is None
        self._native, self._event, self._forced = native, None, []
        if setting_up:
            for seat in self._kept_from_start:
                self._info_lines[seat] = _InfoLines(None, native.observation_text(seat))
        else:
            assert self._pending is not None
            action, player, self._pending = self._pending, self._pending_player, None
            self._seen(action, player)

    # -- whose turn
    def is_chance_node(self) -> bool:
        return self._event is not None

    def is_player_node(self) -> bool:
        return not self.is_chance_node() and not self.is_terminal()

    def current_player(self) -> int:
        return CHANCE if self.is_chance_node() else super().current_player()

    def is_terminal(self) -> bool:
        return self._event is None and super().is_terminal()

    # -- moves
    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """At a chance node, its outcomes (for CHANCE or no player named); else State's."""
        if self._event is not None:
            return sorted(o for o, _ in self._event) if player is None or _player_id(player) == CHANCE else []
        return super().legal_actions(player)

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        if self._event is None:
            return super().legal_actions_mask(player)
        mask = [0] * self._game.max_chance_outcomes()
        for outcome in self.legal_actions(player):
            mask[outcome] = 1
        return mask

    def chance_outcomes(self) -> ActionsAndProbs:
        """Each outcome of the chance event to decide now, with its exact probability (its weight,
        a count of equally likely cards or seats, over their sum)."""
        if self._event is None:
            raise SpielError("not a chance node: chance_outcomes() is asked where current_player() is CHANCE")
        total = sum(weight for _, weight in self._event)
        return [(outcome, weight / total) for outcome, weight in sorted(self._event)]

    def apply_action(self, action: int) -> None:
        """A chance outcome at a chance node, else a player's action (as State.apply_action)."""
        action = _action_id(action)
        if self._event is not None:
            if all(action != outcome for outcome, _ in self._event):
                raise IllegalAction(f"{action} is not an outcome of this chance node "
                                    f"(legal: {', '.join(str(o) for o in self.legal_actions())})")
            self._history.append(action)
            self._actors.append(CHANCE)
            self._forced.append(action)
            self._step()
            return
        if self.is_terminal():
            raise IllegalAction(f"the game is over: action {action} cannot be played")
        if action not in self._native.legal_actions():
            raise IllegalAction(f"action {action} is not legal now")
        self._pending, self._pending_player = action, self._native.current_player
        self._history.append(action)
        self._actors.append(self._pending_player)
        self._step()

    def returns(self) -> List[float]:
        return [0.0] * self.num_players() if self._native is None else super().returns()

    # -- what a seat knows
    def _viewer(self, player: Optional[int]) -> int:
        if self._native is None:
            raise SpielError("nothing is dealt yet: the state is a chance node of the set-up")
        if player is None and self._event is not None:
            raise SpielError("a chance node: name the player whose view you want")
        return super()._viewer(player)

    def _replayed_lines(self, seat: int) -> _InfoLines:
        replay = ExplicitState(self._game, self._seed)
        if replay._native is None:
            replay._kept_from_start = [seat]
        else:  # no chance event in the set-up: the deal is already seen
            replay._info_lines[seat] = _InfoLines(None, replay._native.observation_text(seat))
        for action in self._history:
            replay.apply_action(action)
        return replay._info_lines[seat]

    def resample_from_infostate(self, player_id: int, probability_sampler: object = None, *,
                                seed: Optional[int] = None) -> State:
        raise SpielError("resample_from_infostate is for sampled chance: with explicit chance, walk the "
                         "chance nodes instead (or load the game without chance='explicit')")

    # -- copies
    def clone(self) -> State:
        copy = super().clone()
        assert isinstance(copy, ExplicitState)
        copy._forced = list(self._forced)
        copy._kept_from_start = list(self._kept_from_start)
        return copy

    def __str__(self) -> str:
        if self._native is None:
            return f"(dealing: {len(self._history)} chance outcomes so far)"
        return super().__str__()
