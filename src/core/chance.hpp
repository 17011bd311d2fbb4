#pragma once
// Explicit chance (bellwether.spiel's chance="explicit"). While a
// ChanceScript is installed on this thread, each chance event of the rules (a
// card drawn from a pile, a card taken at random from a hand, a seat picked at
// random) is recorded with every outcome it could have had and its weight, and
// the first events take the outcomes the script lists instead of the pile's
// shuffled order or the generator. Without a script (always, outside the
// Python module's explicit mode) the events draw and pick as they always did,
// so sampled play, records and seeds are unchanged.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/rng.hpp"

namespace bw {

struct ChanceScript {
  // One event: each (outcome, weight) it could have given; the weights are
  // counts of equally likely cards or seats.
  using Event = std::vector<std::pair<int, int>>;
  std::vector<int> forced;  // the outcomes of the first events, in order
  std::size_t used = 0;     // how many of them have been taken
  std::vector<Event> events;
};

// The script installed on this thread, or nullptr: one thread-local load on
// every draw, which is all sampled play pays.
inline thread_local ChanceScript* installed_chance_script = nullptr;
inline ChanceScript* chance_script() { return installed_chance_script; }

// Installs `script` on this thread for the guard's lifetime.
class ScriptedChance {
 public:
  explicit ScriptedChance(ChanceScript& script) : previous_(installed_chance_script) {
    installed_chance_script = &script;
  }
  ~ScriptedChance() { installed_chance_script = previous_; }
  ScriptedChance(const ScriptedChance&) = delete;
  ScriptedChance& operator=(const ScriptedChance&) = delete;

 private:
  ChanceScript* previous_;
};

// Records an event with these outcomes; returns the forced outcome, or -1
// when the script has none left (the caller then samples as usual). Throws
// BadParameter when the forced outcome is not one of them.
int chance_event(ChanceScript& script, ChanceScript::Event outcomes);

[[noreturn]] void throw_no_such_outcome(int forced);

// A seat or an index picked uniformly from [0, n): the chance event of
// rng.below(n) where the rules pick at random.
[[gnu::cold, gnu::noinline]] inline int scripted_below(ChanceScript& script, std::uint32_t n) {
  ChanceScript::Event outcomes;
  for (std::uint32_t i = 0; i < n; ++i) outcomes.emplace_back(static_cast<int>(i), 1);
  return chance_event(script, std::move(outcomes));
}

inline std::uint32_t chance_below(Rng& rng, std::uint32_t n) {
  if (ChanceScript* script = chance_script()) [[unlikely]] {
    const int forced = scripted_below(*script, n);
    if (forced >= 0) return static_cast<std::uint32_t>(forced);
  }
  return rng.below(n);
}

// A kind taken at random from a hand of these counts, weighted by them.
template <class Counts>
[[gnu::cold, gnu::noinline]] int scripted_kind(ChanceScript& script, const Counts& counts) {
  ChanceScript::Event outcomes;
  for (std::size_t kind = 0; kind < counts.size(); ++kind)
    if (counts[kind] > 0) outcomes.emplace_back(static_cast<int>(kind), counts[kind]);
  return chance_event(script, std::move(outcomes));
}

// The item a scripted draw from `items` must take: records the pile's
// composition, then moves an item equal to the forced outcome to the back
// (the top), where the draw takes it. Throws BadParameter when the pile holds
// no such item.
// (Cold and out of line: sampled play only tests chance_script().)
template <class Items>
[[gnu::cold, gnu::noinline]] void script_draw(ChanceScript& script, Items& items) {
  ChanceScript::Event composition;
  for (const auto& item : items) {
    const int value = static_cast<int>(item);
    auto it = composition.begin();
    while (it != composition.end() && it->first < value) ++it;
    if (it != composition.end() && it->first == value) ++it->second;
    else composition.insert(it, {value, 1});
  }
  const int forced = chance_event(script, std::move(composition));
  if (forced < 0) return;
  for (std::size_t i = items.size(); i-- > 0;)
    if (static_cast<int>(items[i]) == forced) {
      std::swap(items[i], items[items.size() - 1]);
      return;
    }
  throw_no_such_outcome(forced);  // chance_event checked it: unreachable
}

}  // namespace bw
