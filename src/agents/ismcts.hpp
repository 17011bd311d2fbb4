#pragma once
// Information-set Monte Carlo tree search, single observer (Cowling, Powley &
// Whitehouse 2012): every iteration samples a world consistent with what the
// acting seat knows (determinize), descends one shared tree by UCB over the
// actions available in that world, expands one node, plays the game out and
// backs up each seat's share of the win. Generic over the Game concept; the
// tree lives in a pool reused from move to move, so an iteration allocates
// nothing once the pool has grown.
#include <algorithm>
#include <atomic>
#include <bitset>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "agents/heuristic_agent.hpp"
#include "core/game.hpp"
#include "core/game_hooks.hpp"

namespace bw {

struct IsmctsConfig {
  int iterations = 1000;  // per move, when ms == 0 (shared among the threads)
  int ms = 0;             // time budget per move instead of iterations
  double c = 0.7;         // UCB exploration constant
  bool heuristic_rollout = false;
  int threads = 1;            // root parallelism: one tree per thread, root visits summed
  bool reuse_tree = true;     // keep the subtree when the seat decides again right after itself
  bool strict_reuse = false;  // ... but only when its action showed it nothing new (see reusable_child)
  // Progressive bias toward the game's heuristic move in each world: tried
  // first when a node expands, and worth `bias` / (visits + 1) extra in UCB,
  // so a small budget plays at least the heuristic and a large one overrules it.
  double bias = 1.0;
  // Play-outs stop after this many actions (0: at the end of the game) and
  // the position is scored by the game's position_value(): for games whose
  // play-outs run thousands of actions.
  int horizon = 0;
  // Play-outs take a uniformly random legal action instead of the policy's
  // with this probability: a deterministic heuristic play-out sees one future
  // per world, a little noise lets it average over the plausible ones.
  double epsilon = 0;
  // Reward = (1 - score_weight) * win share + score_weight * where the seat's
  // score sits between the lowest and the highest (0..1): with four seats a
  // win share alone is 0 in most play-outs and tells a good loss from a bad one
  // only by chance.
  double score_weight = 0;
  // Inside the tree another seat plays its heuristic move outright with this
  // probability instead of choosing by UCB: the tree's opponents otherwise
  // choose with the sampled world's cards in view, as no real player can.
  double opponent_model = 0;
  // The tree grows at most this many decisions deep (0: no limit); below, the
  // play-out policy decides. The tree merges every outcome of a blind draw or a
  // revealed tile into one node, so a decision planned there cannot react to
  // what turned up, while the play-out policy sees it.
  int depth = 0;
  // First-play urgency: an action never tried at a node is expanded only when
  // no tried one scores at least this in UCB (0: every action is tried once
  // before any is tried twice). Bye-Bye stops lead to a dozen zoo placements
  // in a row, each with up to 16 choices; trying them all first makes that
  // line look random and worse than it is.
  double first_play_urgency = 0;
  // The seat's own actions lead to one child per outcome it could see
  // (private_outcome: the card a blind draw turned up), so a decision planned
  // below a draw reacts to the card as the play-out policy does. Needs the
  // game's private_outcome(); without it the option changes nothing.
  bool branch_on_outcomes = false;
  // Set by a front that thinks for others (the server), never by a spec: a
  // ceiling on any search's time whatever its budget (0: none), and a flag
  // that ends every search at once (shutdown). Both are looked at every 64
  // iterations, so an iteration-limited search without them runs unchanged.
  int max_ms = 0;
  const std::atomic<bool>* stop = nullptr;
};

// One root action as a finished search saw it: how often it was tried and
// the acting seat's mean reward after it (shown by `play --think`).
struct ConsideredAction {
  Action action = 0;
  std::uint64_t visits = 0;
  double mean_reward = 0;
};

// Rewards in [0, 1]: a sole winner gets 1, k joint winners 1/k each.
inline Scores shares_among(const PlayerList& winners) {
  Scores shares{};
  for (Player p : winners) shares[p] = 1.0 / static_cast<double>(winners.size());
  return shares;
}

template <Game S>
Scores win_shares(const S& state) {
  return shares_among(state.winners());
}

// A play-out cut short: the game's own estimate of each seat's win share
// (found by argument-dependent lookup), else the leaders on score share it.
template <Game S>
Scores estimated_shares(const S& state) {
  if constexpr (HasPositionValue<S>) {
    return position_value(state);
  } else {
    Scores scores = state.scores();
    double best = scores[0];
    for (int p = 1; p < state.num_players(); ++p) best = std::max(best, scores[p]);
    PlayerList leaders;
    for (Player p = 0; p < state.num_players(); ++p)
      if (scores[p] == best) leaders.push_back(p);
    return shares_among(leaders);
  }
}

template <Game S, class RolloutPolicy>
class Ismcts {
 public:
  explicit Ismcts(IsmctsConfig config, RolloutPolicy rollout = {}) : config_(config), rollout_(rollout) {}

  // Tells the search what was played since its last decision, so it knows
  // when its own subtree still describes the position (see reusable_child).
  void observe(Action action, Player actor) {
    ++actions_since_choice_;
    last_observed_ = {action, actor};
  }
  // A new game: nothing of the old tree applies.
  void new_game() { actions_since_choice_ = -1; }

  Action choose(const S& root_state, Rng& rng) {
    const Player me = root_state.current_player();
    ActionList legal;
    root_state.legal_actions(legal);
    if (legal.size() == 1) {  // nothing to think about (a Nice Try window without a Nice Try in hand)
      iterations_done_ = 0;
      actions_since_choice_ = -1;  // the tree was not rooted here: do not reuse it next time
      return legal[0];
    }
    std::uint32_t kept = reusable_child(root_state, me);
    if (kept != kNone) {
      root_ = kept;
      reused_visits_ = nodes_[root_].visits;
    } else {
      nodes_.clear();
      nodes_.push_back(Node{});
      root_ = 0;
      reused_visits_ = 0;
    }
    auto start = std::chrono::steady_clock::now();
    const int time_limit = config_.ms > 0 && config_.max_ms > 0 ? std::min(config_.ms, config_.max_ms)
                                                                : std::max(config_.ms, config_.max_ms);
    for (int i = 0;; ++i) {
      if (config_.ms == 0 && i >= config_.iterations) break;
      if ((i & 63) == 0) {
        if (config_.stop && config_.stop->load(std::memory_order_relaxed)) break;
        if (time_limit > 0 && std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(time_limit)) break;
      }
      iterate(root_state, me, rng);
    }
    // The most visited root action that is legal in the real state. A root
    // kept from the move before may also hold other seats' children (worlds
    // where the draw was a Black Sheep and the turn passed): they are not ours.
    root_mover_ = me;
    Action best = legal[0];
    std::uint32_t best_visits = 0;
    for (std::uint32_t child = nodes_[root_].first_child; child != kNone; child = nodes_[child].next_sibling)
      if (nodes_[child].mover == me && nodes_[child].visits > best_visits && legal.contains(nodes_[child].action)) {
        best_visits = nodes_[child].visits;
        best = nodes_[child].action;
      }
    iterations_done_ = nodes_[root_].visits - reused_visits_;
    last_choice_ = {best, me};
    if (config_.strict_reuse) last_root_state_ = root_state;
    actions_since_choice_ = 0;
    return best;
  }

  std::uint32_t last_iterations() const { return iterations_done_; }   // run by the last choose()
  std::uint32_t last_reused_visits() const { return reused_visits_; }  // inherited from the move before
  std::size_t tree_size() const { return nodes_.size(); }

  // The root's children after choose(): action, visits and summed reward of
  // the seat that chose, for root-parallel merging and for showing a decision.
  template <class Fn>
  void for_each_root_child(Fn&& fn) const {
    if (nodes_.empty()) return;  // no search yet (only forced moves so far)
    for (std::uint32_t child = nodes_[root_].first_child; child != kNone; child = nodes_[child].next_sibling)
      if (nodes_[child].mover == root_mover_) fn(nodes_[child].action, nodes_[child].visits, nodes_[child].reward);
  }

 private:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  struct Node {
    Action action = 0;
    Player mover = 0;  // who chose `action`
    std::uint32_t first_child = kNone, next_sibling = kNone;
    std::uint32_t visits = 0, available = 0;
    std::uint32_t outcome = 0;  // an outcome node's private_outcome key (fills the padding before reward)
    double reward = 0;          // summed win share of `mover`
  };
  static constexpr Player kOutcomeNode = -100;  // mover of a node that stands for one outcome of its parent action

  struct Played {
    Action action = 0;
    Player actor = kTerminal;
  };

  // The subtree below the action this seat played last is still its tree when
  // nothing but that action happened since and the seat decides again (Bye-Bye
  // draws, zoo placements, multi-step choices). A blind draw between the two
  // decisions was folded into that node's statistics by determinization, as
  // everywhere in a single-observer tree: they average over every card it could
  // have been. `strict_reuse` refuses that case (the seat now knows the card);
  // measured, it plays Bye-Bye worse (docs/agents.md). After anybody else's
  // move the tree is rebuilt: their action may carry hidden choices.
  std::uint32_t reusable_child(const S& now, Player me) const {
    if (!config_.reuse_tree || actions_since_choice_ != 1 || nodes_.empty()) return kNone;
    if (last_choice_.actor != me || last_observed_.actor != me || last_observed_.action != last_choice_.action)
      return kNone;
    if (nodes_.size() > kMaxPoolBeforeReset) return kNone;  // old roots are not reclaimed: start afresh now and then
    const bool exact = HasPrivateOutcome<S> && config_.branch_on_outcomes;  // the outcome's own subtree is kept
    if (config_.strict_reuse && !exact && (!last_root_state_ || !revealed_nothing(now, me))) return kNone;
    for (std::uint32_t child = nodes_[root_].first_child; child != kNone; child = nodes_[child].next_sibling) {
      if (nodes_[child].action != last_choice_.action || nodes_[child].mover != me) continue;
      if (nodes_[child].visits == 0) return kNone;
      if constexpr (HasPrivateOutcome<S>)
        if (config_.branch_on_outcomes) {  // exactly the outcome that came true, if the tree saw it
          const std::uint32_t key = private_outcome(now, me);
          for (std::uint32_t seen = nodes_[child].first_child; seen != kNone; seen = nodes_[seen].next_sibling)
            if (nodes_[seen].outcome == key && nodes_[seen].visits > 0) return seen;
          return kNone;
        }
      return child;
    }
    return kNone;
  }

  // Whether the last action's outcome was the same in every world the seat
  // thought possible: replayed in a few sampled worlds, it must leave the
  // seat seeing exactly what it sees now. The probe streams are fixed, so the
  // answer depends only on what the seat knows.
  bool revealed_nothing(const S& now, Player me) const {
    const auto seen = now.observation(me);
    for (std::uint64_t probe = 0; probe < kRevealProbes; ++probe) {
      S world = *last_root_state_;
      Rng probe_rng(probe, 0x5eed);
      world.determinize(me, probe_rng);
      world.apply(last_choice_.action);
      if (!(world.observation(me) == seen)) return false;
    }
    return true;
  }

  // One iteration: a world the seat cannot tell from the real one, a walk
  // down the tree to one new node, a play-out from there, and its result
  // backed up along the path.
  void iterate(const S& root_state, Player me, Rng& rng) {
    S state = root_state;
    state.determinize(me, rng);
    descend(state, me, rng);
    play_out(state, rng);
    Scores shares = state.is_terminal() ? win_shares(state) : estimated_shares(state);
    if (config_.score_weight > 0) blend_scores(state, shares);
    back_up(shares);
  }

  // Selection and expansion: from the root, the best child available in this
  // world until a node has an action never tried here, which gets a child of
  // its own; `state` follows, and path_ lists the nodes passed.
  void descend(S& state, Player me, Rng& rng) {
    path_.clear();
    path_.push_back(root_);
    std::uint32_t node = root_;
    ActionList legal;
    const auto opponent_threshold = static_cast<std::uint32_t>(config_.opponent_model * 65536.0);
    Player last_mover = kTerminal;
    Action last_action = kNoAction;
    while (!state.is_terminal() && (config_.depth == 0 || path_.size() <= static_cast<std::size_t>(config_.depth))) {
      // Children are (mover, action) pairs: after a chance event the same
      // action id may be another seat's choice (a Black Sheep ends the turn),
      // and each seat's statistics must stay its own.
      const Player mover = state.current_player();
      if constexpr (has_heuristic<S>)
        if (mover != me && opponent_threshold > 0 && (rng.next() & 0xffffu) < opponent_threshold) {
          last_mover = mover;
          last_action = heuristic_action(state, rng);
          state.apply(last_action);
          continue;
        }
      if constexpr (HasSearchActions<S>) search_actions(state, mover == last_mover ? last_action : kNoAction, legal);
      else state.legal_actions(legal);
      std::bitset<S::kNumDistinctActions> untried;
      for (Action a : legal) untried.set(a);
      last_mover = mover;
      Action favoured = kNoAction;  // a game without a heuristic has nothing to favour
      if constexpr (has_heuristic<S>)
        if (config_.bias > 0) favoured = heuristic_action(state, rng);
      const Selected best = select_child(node, mover, favoured, untried);
      const bool expand = untried.any() && (config_.first_play_urgency <= 0 || best.child == kNone ||
                                            best.value < config_.first_play_urgency);
      if (expand) {
        const std::uint32_t fresh = expand_child(node, mover, favoured, legal, untried, rng);
        state.apply(nodes_[fresh].action);
        path_.push_back(fresh);
        break;
      }
      last_action = nodes_[best.child].action;
      state.apply(last_action);
      node = best.child;
      path_.push_back(node);
      if constexpr (HasPrivateOutcome<S>)
        if (config_.branch_on_outcomes && mover == me) {
          node = outcome_child(node, private_outcome(state, me));
          ++nodes_[node].visits;
        }
    }
  }

  struct Selected {
    std::uint32_t child;
    double value;
  };
  // UCB1 over the children of `node` that `mover` may play in this world
  // (each is taken off `untried` and counts one more availability), with the
  // heuristic's favoured action raised by `bias`.
  Selected select_child(std::uint32_t node, Player mover, Action favoured,
                        std::bitset<S::kNumDistinctActions>& untried) {
    Selected best{kNone, -1};
    for (std::uint32_t child = nodes_[node].first_child; child != kNone; child = nodes_[child].next_sibling) {
      Node& c = nodes_[child];
      if (c.mover != mover || !untried.test(c.action)) continue;  // not available in this world
      untried.reset(c.action);
      ++c.available;
      double value = c.reward / c.visits + config_.c * std::sqrt(std::log(static_cast<double>(c.available)) / c.visits);
      if (c.action == favoured) value += config_.bias / (c.visits + 1);
      if (value > best.value) best = {child, value};
    }
    return best;
  }

  // A child of `node` for one action never tried there: the favoured one if
  // it is untried, else one drawn at random in `legal`'s order.
  std::uint32_t expand_child(std::uint32_t node, Player mover, Action favoured, const ActionList& legal,
                             const std::bitset<S::kNumDistinctActions>& untried, Rng& rng) {
    Action chosen = favoured;
    if (favoured == kNoAction || !untried.test(favoured)) {
      std::uint32_t pick = rng.below(static_cast<std::uint32_t>(untried.count()));
      for (Action a : legal)
        if (untried.test(a) && pick-- == 0) {
          chosen = a;
          break;
        }
    }
    Node fresh;
    fresh.action = chosen;
    fresh.mover = mover;
    fresh.available = 1;
    fresh.next_sibling = nodes_[node].first_child;
    auto index = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(fresh);
    nodes_[node].first_child = index;
    return index;
  }

  // The play-out: the rollout policy (or, with probability epsilon, a random
  // action) to the end or to the horizon.
  void play_out(S& state, Rng& rng) {
    const auto epsilon_threshold = static_cast<std::uint32_t>(config_.epsilon * 65536.0);
    for (int step = 0; !state.is_terminal() && (config_.horizon == 0 || step < config_.horizon); ++step) {
      if (epsilon_threshold > 0 && (rng.next() & 0xffffu) < epsilon_threshold) state.apply(random_action(state, rng));
      else state.apply(rollout_(state, rng));
    }
  }

  // Each node on the path gains a visit and its mover's share of the result.
  void back_up(const Scores& shares) {
    ++nodes_[root_].visits;
    for (std::size_t i = 1; i < path_.size(); ++i) {
      Node& n = nodes_[path_[i]];
      ++n.visits;
      n.reward += shares[n.mover];
    }
  }

  // The child of `action_node` for one outcome the seat saw, made on first sight.
  std::uint32_t outcome_child(std::uint32_t action_node, std::uint32_t key) {
    for (std::uint32_t child = nodes_[action_node].first_child; child != kNone; child = nodes_[child].next_sibling)
      if (nodes_[child].outcome == key) return child;
    Node fresh;
    fresh.mover = kOutcomeNode;
    fresh.outcome = key;
    fresh.next_sibling = nodes_[action_node].first_child;
    auto index = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(fresh);
    nodes_[action_node].first_child = index;
    return index;
  }

  void blend_scores(const S& state, Scores& shares) const {
    const Scores scores = state.scores();
    const int n = state.num_players();
    double low = scores[0], high = scores[0];
    for (int p = 1; p < n; ++p) {
      low = std::min(low, scores[p]);
      high = std::max(high, scores[p]);
    }
    const double w = config_.score_weight;
    for (int p = 0; p < n; ++p) {
      const double place = high > low ? (scores[p] - low) / (high - low) : 0.5;
      shares[p] = (1 - w) * shares[p] + w * place;
    }
  }

  static constexpr std::size_t kMaxPoolBeforeReset = 1u << 22;
  static constexpr std::uint64_t kRevealProbes = 4;

  IsmctsConfig config_;
  RolloutPolicy rollout_;
  std::uint32_t root_ = 0;
  Player root_mover_ = 0;  // the seat whose decision the root is
  std::uint32_t reused_visits_ = 0;
  Played last_choice_, last_observed_;
  std::optional<S> last_root_state_;  // the position of the last choice, to test what its action revealed
  int actions_since_choice_ = -1;     // -1: no decision yet in this game
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> path_;
  std::uint32_t iterations_done_ = 0;
};

}  // namespace bw
