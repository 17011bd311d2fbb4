#pragma once
// Root-parallel ISMCTS: each thread grows its own tree from the same position
// with its own random stream; the root visit counts are summed and the most
// visited legal action is played. The iteration budget is shared among the
// threads (a time budget applies to each), and the streams are drawn from the
// caller's generator before any thread starts, so an iteration-limited search
// chooses the same move whatever the scheduling.
#include <algorithm>
#include <array>
#include <thread>
#include <vector>

#include "agents/ismcts.hpp"
#include "core/threads.hpp"

namespace bw {

template <Game S, class RolloutPolicy>
class RootParallelIsmcts {
 public:
  explicit RootParallelIsmcts(IsmctsConfig config) {
    const int threads = std::max(1, config.threads);
    IsmctsConfig each = config;
    each.threads = 1;
    for (int t = 0; t < threads; ++t) {
      // Split the budget so that threads=N costs the same work as threads=1.
      each.iterations = config.iterations / threads + (t < config.iterations % threads ? 1 : 0);
      searches_.emplace_back(each);
    }
  }

  void observe(Action action, Player actor) {
    for (auto& search : searches_) search.observe(action, actor);
  }
  void new_game() {
    for (auto& search : searches_) search.new_game();
  }

  Action choose(const S& state, Rng& rng) {
    ActionList legal;
    state.legal_actions(legal);
    // A forced move needs no threads, and each search must still hear of it
    // (its tree was not rooted here, so it must not be reused next time).
    if (searches_.size() == 1 || legal.size() == 1) {
      for (std::size_t t = 1; t < searches_.size(); ++t) searches_[t].choose(state, rng);
      return searches_[0].choose(state, rng);
    }
    std::vector<Rng> streams;
    streams.reserve(searches_.size());
    for (std::size_t t = 0; t < searches_.size(); ++t) streams.emplace_back(rng.next64(), t);
    {
      std::vector<std::jthread> workers;
      for (std::size_t t = 1; t < searches_.size(); ++t)
        workers.push_back(start_thread([&, t] { searches_[t].choose(state, streams[t]); }));
      searches_[0].choose(state, streams[0]);
    }
    const RootTotals totals = root_totals();
    Action best = legal[0];
    std::uint64_t best_visits = 0;
    for (Action action : legal)
      if (totals.visits[action] > best_visits) {
        best_visits = totals.visits[action];
        best = action;
      }
    return best;
  }

  // The last decision's root actions, most visited first, the threads'
  // trees summed; empty when the move was forced (nothing was searched).
  std::vector<ConsideredAction> last_considered() const {
    if (last_iterations() == 0) return {};
    const RootTotals totals = root_totals();
    std::vector<ConsideredAction> considered;
    for (std::size_t a = 0; a < totals.visits.size(); ++a)
      if (totals.visits[a] > 0)
        considered.push_back(
            {static_cast<Action>(a), totals.visits[a], totals.reward[a] / static_cast<double>(totals.visits[a])});
    // Most visited first, ties by action id (std::sort: stable_sort's buffer is deprecated under clang 19).
    std::sort(considered.begin(), considered.end(), [](const ConsideredAction& x, const ConsideredAction& y) {
      return x.visits != y.visits ? x.visits > y.visits : x.action < y.action;
    });
    return considered;
  }

  std::uint32_t last_iterations() const {
    std::uint32_t total = 0;
    for (const auto& search : searches_) total += search.last_iterations();
    return total;
  }

 private:
  // Each root action's visits and summed reward over the threads' trees.
  struct RootTotals {
    std::array<std::uint64_t, S::kNumDistinctActions> visits{};
    std::array<double, S::kNumDistinctActions> reward{};
  };
  RootTotals root_totals() const {
    RootTotals totals;
    for (const auto& search : searches_)
      search.for_each_root_child([&](Action action, std::uint32_t n, double sum) {
        totals.visits[action] += n;
        totals.reward[action] += sum;
      });
    return totals;
  }

  std::vector<Ismcts<S, RolloutPolicy>> searches_;
};

}  // namespace bw
