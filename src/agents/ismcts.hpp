#pragma once
// Information-set Monte Carlo tree search, single observer (Cowling, Powley &
// Whitehouse 2012): every iteration samples a world consistent with what the
// acting seat knows (determinize), descends one shared tree by UCB over the
// actions available in that world, expands one node, plays the game out and
// backs up each seat's share of the win. Generic over the Game concept; the
// tree lives in a pool reused from move to move, so an iteration allocates
// nothing once the pool has grown.
#include <bitset>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <vector>

#include "agents/random_agent.hpp"
#include "core/game.hpp"

namespace bw {

struct IsmctsConfig {
  int iterations = 1000;  // per move, when ms == 0
  int ms = 0;             // time budget per move instead of iterations
  double c = 0.7;         // UCB exploration constant
  bool heuristic_rollout = false;
};

// Rewards in [0, 1]: a sole winner gets 1, k joint winners 1/k each.
template <Game S>
Scores win_shares(const S& state) {
  Scores shares{};
  PlayerList winners = state.winners();
  for (Player p : winners) shares[p] = 1.0 / static_cast<double>(winners.size());
  return shares;
}

template <Game S, class RolloutPolicy>
class Ismcts {
 public:
  explicit Ismcts(IsmctsConfig config, RolloutPolicy rollout = {}) : config_(config), rollout_(rollout) {}

  Action choose(const S& root_state, Rng& rng) {
    const Player me = root_state.current_player();
    nodes_.clear();
    nodes_.push_back(Node{});
    auto start = std::chrono::steady_clock::now();
    for (int i = 0;; ++i) {
      if (config_.ms > 0) {
        if ((i & 63) == 0 && std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(config_.ms)) break;
      } else if (i >= config_.iterations) {
        break;
      }
      iterate(root_state, me, rng);
    }
    // The most visited root action that is legal in the real state.
    ActionList legal;
    root_state.legal_actions(legal);
    Action best = legal[0];
    std::uint32_t best_visits = 0;
    for (std::uint32_t child = nodes_[0].first_child; child != kNone; child = nodes_[child].next_sibling)
      if (nodes_[child].visits > best_visits && legal.contains(nodes_[child].action)) {
        best_visits = nodes_[child].visits;
        best = nodes_[child].action;
      }
    iterations_done_ = nodes_[0].visits;
    return best;
  }

  std::uint32_t last_iterations() const { return iterations_done_; }
  std::size_t tree_size() const { return nodes_.size(); }

  // Visit counts of the root's children after choose(): for root-parallel merging.
  template <class Fn>
  void for_each_root_child(Fn&& fn) const {
    for (std::uint32_t child = nodes_[0].first_child; child != kNone; child = nodes_[child].next_sibling)
      fn(nodes_[child].action, nodes_[child].visits);
  }

 private:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  struct Node {
    Action action = 0;
    Player mover = 0;  // who chose `action`
    std::uint32_t first_child = kNone, next_sibling = kNone;
    std::uint32_t visits = 0, available = 0;
    double reward = 0;  // summed win share of `mover`
  };

  void iterate(const S& root_state, Player me, Rng& rng) {
    S state = root_state;
    state.determinize(me, rng);
    path_.clear();
    path_.push_back(0);
    std::uint32_t node = 0;
    ActionList legal;
    while (!state.is_terminal()) {
      state.legal_actions(legal);
      std::bitset<S::kNumDistinctActions> untried;
      for (Action a : legal) untried.set(a);
      std::uint32_t best = kNone;
      double best_value = -1;
      for (std::uint32_t child = nodes_[node].first_child; child != kNone; child = nodes_[child].next_sibling) {
        Node& c = nodes_[child];
        if (!untried.test(c.action)) continue;  // not available in this world
        untried.reset(c.action);
        ++c.available;
        double value = c.reward / c.visits + config_.c * std::sqrt(std::log(static_cast<double>(c.available)) / c.visits);
        if (value > best_value) {
          best_value = value;
          best = child;
        }
      }
      if (untried.any()) {  // expand one action never tried in this node
        std::uint32_t count = static_cast<std::uint32_t>(untried.count());
        std::uint32_t pick = rng.below(count);
        Action chosen = 0;
        for (Action a : legal)
          if (untried.test(a) && pick-- == 0) {
            chosen = a;
            break;
          }
        Node fresh;
        fresh.action = chosen;
        fresh.mover = state.current_player();
        fresh.available = 1;
        fresh.next_sibling = nodes_[node].first_child;
        auto index = static_cast<std::uint32_t>(nodes_.size());
        nodes_.push_back(fresh);
        nodes_[node].first_child = index;
        state.apply(chosen);
        path_.push_back(index);
        break;
      }
      state.apply(nodes_[best].action);
      node = best;
      path_.push_back(node);
    }
    while (!state.is_terminal()) state.apply(rollout_(state, rng));
    Scores shares = win_shares(state);
    ++nodes_[0].visits;
    for (std::size_t i = 1; i < path_.size(); ++i) {
      Node& n = nodes_[path_[i]];
      ++n.visits;
      n.reward += shares[n.mover];
    }
  }

  IsmctsConfig config_;
  RolloutPolicy rollout_;
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> path_;
  std::uint32_t iterations_done_ = 0;
};

struct RandomRollout {
  template <Game S>
  Action operator()(const S& state, Rng& rng) const {
    return random_action(state, rng);
  }
};

}  // namespace bw
