#pragma once
// Hands kept as a count per card kind (cards of one kind are interchangeable),
// and what each seat can prove about the other hands: the bookkeeping every
// game with hidden hands of counted cards needs for its observation and its
// determinize(), written once.
#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/chance.hpp"
#include "core/rng.hpp"
#include "core/types.hpp"

namespace bw {

template <std::size_t Kinds>
using KindCounts = std::array<std::uint8_t, Kinds>;

// Sum of per-kind counts. Hand sizes are read on every legal_actions() call,
// so this sums eight counts per multiply instead of one per add: the top byte
// of word * 0x0101...01 is the sum of the word's bytes, exact while the sum
// stays below 256 (no game has 256 cards).
template <std::size_t N>
[[gnu::always_inline]] inline int count_total(const KindCounts<N>& counts) {
  static_assert(N <= 24);
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  int sum = 0;
  for (std::size_t word = 0; word + 8 <= N; word += 8) {
    std::uint64_t bytes;
    std::memcpy(&bytes, counts.data() + word, 8);
    sum += static_cast<int>((bytes * kOnes) >> 56);
  }
  if constexpr (N % 8 != 0) {
    // The last kinds: the word ending at the last count, shifted right past
    // the counts it shares with the word before (little-endian x86: the
    // earlier bytes are the low ones), so no partial copy goes through memory.
    static_assert(std::endian::native == std::endian::little);
    std::uint64_t bytes = 0;
    if constexpr (N >= 8) {
      std::memcpy(&bytes, counts.data() + N - 8, 8);
      bytes >>= 8 * (8 - N % 8);
    } else {
      std::memcpy(&bytes, counts.data(), N);
    }
    sum += static_cast<int>((bytes * kOnes) >> 56);
  }
  return sum;
}

// Whether any count is above zero: cheaper than count_total() > 0.
template <std::size_t N>
[[gnu::always_inline]] inline bool has_any(const KindCounts<N>& counts) {
  static_assert(N <= 24);
  std::uint64_t any = 0, word = 0;
  for (std::size_t at = 0; at + 8 <= N; at += 8) {
    std::memcpy(&word, counts.data() + at, 8);
    any |= word;
  }
  if constexpr (N % 8 != 0) {  // the word ending at the last count: overlapping the one before is harmless here
    word = 0;
    if constexpr (N >= 8) std::memcpy(&word, counts.data() + N - 8, 8);
    else std::memcpy(&word, counts.data(), N);
    any |= word;
  }
  return any != 0;
}

// A card drawn at random from the counted cards (each card, not each kind,
// equally likely); the counts keep it. One rng.below() call over the total.
template <std::size_t Kinds>
int random_kind(const KindCounts<Kinds>& counts, Rng& rng) {
  if (ChanceScript* script = chance_script()) [[unlikely]] {  // a chance event (core/chance.hpp)
    const int forced = scripted_kind(*script, counts);
    if (forced >= 0) return forced;
  }
  auto pick = rng.below(static_cast<std::uint32_t>(count_total(counts)));
  int kind = 0;
  while (pick >= counts[kind]) pick -= counts[kind++];
  return kind;
}

// known[v][h][kind]: copies of `kind` that seat v can prove are in seat h's
// hand, a lower bound (cards seen entering it, a card shown). known[h][h] is
// never used: a seat sees its own hand.
template <std::size_t Seats, std::size_t Kinds>
using KnownCards = std::array<std::array<KindCounts<Kinds>, Seats>, Seats>;

// `n` cards of `kind` went into `holder`'s hand in view of everybody.
template <std::size_t Seats, std::size_t Kinds>
void seen_entering(KnownCards<Seats, Kinds>& known, int num_players, Player holder, int kind, int n = 1) {
  for (Player v = 0; v < num_players; ++v)
    if (v != holder) known[v][holder][kind] = static_cast<std::uint8_t>(known[v][holder][kind] + n);
}

// `n` cards of `kind` left `holder`'s hand in view of everybody: whoever knew
// of such cards there can now count on as many fewer.
template <std::size_t Seats, std::size_t Kinds>
void seen_leaving(KnownCards<Seats, Kinds>& known, int num_players, Player holder, int kind, int n = 1) {
  for (Player v = 0; v < num_players; ++v)
    if (v != holder) known[v][holder][kind] = static_cast<std::uint8_t>(std::max(0, known[v][holder][kind] - n));
}

// What `viewer` is shown of seat p's hand: its own proof (a player), the whole
// hand (the omniscient view) or nothing (a spectator, or p itself, whose hand
// is shown in full elsewhere).
template <std::size_t Seats, std::size_t Kinds>
KindCounts<Kinds> known_to(const KnownCards<Seats, Kinds>& known, const KindCounts<Kinds>& hand, Player viewer,
                           Player p) {
  if (viewer == kOmniscient) return hand;
  if (viewer >= 0 && p != viewer) return known[viewer][p];
  return {};
}

// The part of each other hand that `viewer` cannot prove: per seat and kind,
// the copies beyond its knowledge, and those copies pooled by kind into
// `unknown` (added to what it holds). Collected by kind, never in the order of
// the real hands, so that states the viewer cannot tell apart sample alike.
// `proven`: per hand, what the viewer can prove is in it (a seat's row of
// `known`, or for a spectator what everybody saw); a spectator (a viewer of
// no seat) has every hand hidden.
template <std::size_t Seats, std::size_t Kinds, std::size_t PoolKinds>
std::array<KindCounts<Kinds>, Seats> unproven_cards(const std::array<KindCounts<Kinds>, Seats>& proven,
                                                    const std::array<KindCounts<Kinds>, Seats>& hand, int num_players,
                                                    Player viewer, KindCounts<PoolKinds>& unknown) {
  static_assert(PoolKinds >= Kinds);
  std::array<KindCounts<Kinds>, Seats> hidden{};
  for (Player p = 0; p < num_players; ++p) {
    if (p == viewer) continue;
    for (std::size_t kind = 0; kind < Kinds; ++kind) {
      assert(proven[p][kind] <= hand[p][kind]);
      hidden[p][kind] = static_cast<std::uint8_t>(hand[p][kind] - proven[p][kind]);
      unknown[kind] = static_cast<std::uint8_t>(unknown[kind] + hidden[p][kind]);
    }
  }
  return hidden;
}

// After determinize() dealt new hands that keep what `viewer` can prove
// (`proven`, as above): the other seats' knowledge, as far as the viewer can
// vouch for it. What they know of the viewer's hand stays; of any other hand,
// they are credited with what the viewer proves there. Either way it stays
// true of the new hands.
template <std::size_t Seats, std::size_t Kinds>
void credit_viewer_knowledge(KnownCards<Seats, Kinds>& known, const std::array<KindCounts<Kinds>, Seats>& proven,
                             int num_players, Player viewer) {
  for (Player v = 0; v < num_players; ++v)
    for (Player h = 0; h < num_players; ++h)
      if (v != h && v != viewer && h != viewer) known[v][h] = proven[h];
}

}  // namespace bw
