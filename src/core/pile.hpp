#pragma once
// Face-down piles of cards or tiles, shared by every game that has them.
// Convention: the top of a pile is back(), so drawing is pop_back() and costs
// nothing. A pile is a FixedVector, so a state holding piles stays a memcpy.
#include <cassert>
#include <cstddef>
#include <type_traits>

#include "core/chance.hpp"
#include "core/fixed_vector.hpp"
#include "core/rng.hpp"

namespace bw {

template <class T, std::size_t N>
using Pile = FixedVector<T, N>;

// Puts `copies` of `item` into the pile (building a deck from a card table).
template <class T, std::size_t N>
constexpr void add_copies(Pile<T, N>& pile, const T& item, int copies) {
  for (int i = 0; i < copies; ++i) pile.push_back(item);
}

// Takes the top item; the pile must not be empty. A draw is a chance event
// (core/chance.hpp): under a script it takes the item the script names.
template <class T, std::size_t N>
constexpr T draw_top(Pile<T, N>& pile) {
  assert(!pile.empty());
  if (!std::is_constant_evaluated())
    if (ChanceScript* script = chance_script()) [[unlikely]]
      script_draw(*script, pile);
  return pile.pop_back();
}

// The discard pile, shuffled, becomes the draw pile (under what is left of it,
// which is usually nothing); the discard pile is then empty.
template <class T, std::size_t N, std::size_t M>
constexpr void reshuffle_discards(Pile<T, M>& discards, Pile<T, N>& draw_pile, Rng& rng) {
  rng.shuffle(discards);
  Pile<T, N> rebuilt;
  for (const T& item : discards) rebuilt.push_back(item);
  for (const T& item : draw_pile) rebuilt.push_back(item);
  draw_pile = rebuilt;
  discards.clear();
}

// After a deal from a shuffled pool: the items of `pool` from index `first` on,
// in their order, become the pile (the top is the pool's last item).
template <class T, std::size_t N, std::size_t M>
constexpr void pile_from_rest(Pile<T, N>& pile, const Pile<T, M>& pool, std::size_t first) {
  pile.clear();
  for (std::size_t i = first; i < pool.size(); ++i) pile.push_back(pool[i]);
}

// Draws the top item, first turning the discards into a new draw pile when the
// draw pile is empty. Returns false when both are empty.
template <class T, std::size_t N, std::size_t M>
constexpr bool draw_with_reshuffle(Pile<T, N>& draw_pile, Pile<T, M>& discards, Rng& rng, T& drawn) {
  if (draw_pile.empty()) {
    if (discards.empty()) return false;
    reshuffle_discards(discards, draw_pile, rng);
  }
  drawn = draw_top(draw_pile);
  return true;
}

}  // namespace bw
