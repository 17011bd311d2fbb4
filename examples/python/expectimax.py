#!/usr/bin/python3
"""Exact expectimax over a whole small game, through bellwether.spiel's explicit chance.

Every chance node is averaged over its outcomes with their exact probabilities
(state.chance_outcomes()); at a player's node the player takes the action with the highest expected
return for itself (max-n, ties to the lowest action id). The player sees the whole state here (it is the perfect-information value of the
game when every seat plays for itself); what it shows is that the chance nodes of explicit chance
are complete and exact: every node's probabilities sum to 1 and the root's values sum to 1 over
the seats.

    /usr/bin/python3 examples/python/expectimax.py [--game disguise] [--players 2] [--params JSON]
        [--deals 5] [--seed 0] [--max-nodes 2000000]
"""
import argparse
import json
import random
import sys
import time

import bellwether.spiel as pyspiel


class TooLarge(Exception):
    pass


class Expectimax:
    def __init__(self, max_nodes):
        self.max_nodes = max_nodes
        self.nodes = 0
        self.solved = {}

    @staticmethod
    def key(state):
        """A player's node by what every seat sees and the move number: with explicit chance nothing
        else is hidden (the piles' order is chance's, still to come), so equal keys are the same
        position reached by moves in another order."""
        seats = range(state.num_players())
        return state.move_number(), tuple(state.observation_string(seat) for seat in seats)

    def value(self, state):
        """The expected return of every seat from `state` on."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooLarge
        if state.is_terminal():
            return state.returns()
        if not state.is_chance_node():
            key = self.key(state)
            if key not in self.solved:
                self.solved[key] = self.choose(state)
            return self.solved[key]
        values = [0.0] * state.num_players()
        for outcome, probability in state.chance_outcomes():
            child = self.value(state.child(outcome))
            values = [v + probability * c for v, c in zip(values, child)]
        return values

    def choose(self, state):
        player = state.current_player()
        return max((self.value(state.child(action)) for action in state.legal_actions()),
                   key=lambda child: child[player])


# Sheep in Disguise cut down: 2 seats, four sheep types of four cards, no Action or Attack cards, no
# buying or Wild Flocks, one flock wins, at most 10 turns.
SMALL_DISGUISE = ('{"sheep": "viking:4, dad:4, sheep3:4, sheep4:4, sheep5:0, sheep6:0, sheep7:0, sheep8:0", '
                  '"actions": "nice_try:0, draw_2:0, steal:0, gimme:0, yoink:0, take_2:0, restock:0, yank:0, '
                  'dig:0, expose:0", "attacks": "pass_left:0, pass_right:0", "buying": false, '
                  '"wild_flocks": false, "target_flocks": 1, "turn_limit": 10}')


def dealt(game, seed):
    """The game's first player node, the set-up's chance outcomes drawn by their probabilities."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    return state


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--game", default="disguise", help="a game with explicit chance (default disguise)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--params", default=SMALL_DISGUISE, help="the game's parameters as JSON (default: a "
                        "small Sheep in Disguise, see SMALL_DISGUISE)")
    parser.add_argument("--deals", type=int, default=5, help="searches, each from a deal drawn at random "
                        "(0: one search from the root, the deal's chance nodes included)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-nodes", type=int, default=2_000_000, help="give up beyond this many nodes")
    args = parser.parse_args()
    try:
        game = pyspiel.load_game(args.game, {"players": args.players, "chance": "explicit",
                                             **json.loads(args.params)})
    except (ValueError, pyspiel.SpielError) as error:
        parser.error(str(error))
    print(f"{game}")
    starts = [("the root", game.new_initial_state())] if args.deals == 0 else \
        [(f"deal {seed}", dealt(game, seed)) for seed in range(args.seed, args.seed + args.deals)]
    for name, start in starts:
        search = Expectimax(args.max_nodes)
        started = time.process_time()
        try:
            values = search.value(start)
        except TooLarge:
            print(f"{name}: more than {args.max_nodes:,} nodes; give a smaller variant or --max-nodes")
            return 1
        spent = time.process_time() - started
        print(f"{name}: expected return per seat {[round(v, 4) for v in values]} (sum {sum(values):.6f}); "
              f"{search.nodes:,} nodes, {len(search.solved):,} positions, {spent:.1f} CPU-s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
