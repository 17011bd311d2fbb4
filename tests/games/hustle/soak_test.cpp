// Thousands of random games over 3..8 players and the variants, checking after
// every action: no card, pad or lifesaver created or lost, sheep on distinct
// squares (except the start stack), every listed action accepted and every
// other one rejected, hidden bids never in another seat's observation before
// the reveal, observation(p) unchanged by determinize(p), termination within
// a bound, and that replaying the actions from the seed gives the same state.
// BELLWETHER_SOAK_GAMES sets the total over all configurations (default 10000).
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <string>
#include <vector>

#include "games/hustle/hustle.hpp"
#include "support/soak.hpp"

namespace bw::hustle {
namespace {

constexpr int kVariants = 3;  // default; rotation + "behind"; extra lifesavers
constexpr int kConfigurations = 6 * kVariants;
constexpr int kMaxActionsPerGame = 20000;

Params variant(int v) {
  Params p;
  if (v == 1) {
    p.allow_rotation = true;
    p.joint_last_eliminated = false;
    p.first_side = 1;
    p.second_side = 3;
  }
  if (v == 2) p.lifesavers = 6;
  return p;
}

std::string broken_invariant(const State& initial, const State& s) {
  if (s.total_cards() != 10 * s.num_players()) return "card count " + std::to_string(s.total_cards());
  if (s.total_lifesavers() != initial.total_lifesavers()) return "lifesaver count changed";
  int pads = 0;
  for (int i = 0; i < s.params.num_pads; ++i) {
    auto w = s.pad_where[i];
    if (w != kPadSupply && w != kPadGone && (w >= s.num_players() || !s.alive(static_cast<Player>(w))))
      return "pad " + std::to_string(i) + " owned by a seat not in the game";
    ++pads;
  }
  if (pads != initial.params.num_pads) return "pad count";
  for (Player p = 0; p < s.num_players(); ++p) {
    std::uint16_t bid_mask = 0;
    for (int i = 0; i < s.bid_len[p]; ++i) bid_mask = static_cast<std::uint16_t>(bid_mask | (1u << s.bid[p][i]));
    if (std::popcount(bid_mask) != s.bid_len[p]) return "a card twice in a bid";
    if ((s.hand[p] & s.discard[p]) || (s.hand[p] & bid_mask) || (s.discard[p] & bid_mask))
      return "a card in two places";
    if (s.alive(p)) {
      if ((s.hand[p] | s.discard[p] | bid_mask) != kAllCards) return "a live seat lost a card";
      if (s.position[p] >= kDykeLength) return "a sheep beyond the dyke";
      for (Player q = 0; q < s.num_players(); ++q)
        if (q != p && s.alive(q) && s.position[q] == s.position[p] && !(s.at_start[p] && s.at_start[q]))
          return "two sheep share a square";
      if (s.at_start[p] && s.position[p] != 0) return "a starting sheep off the start";
    } else if (s.hand[p] | s.discard[p] | bid_mask) {
      return "an eliminated seat still has cards";
    }
    if (s.phase != Phase::GameOver && s.alive(p) && s.position[p] < 0) return "bad position";
  }
  if (s.phase != Phase::GameOver) {
    if (s.alive_count() < 1) return "a live game without sheep";
    bool rear_used = false;
    for (Player p = 0; p < s.num_players(); ++p) rear_used |= s.alive(p) && s.position[p] < kSquaresPerBoard;
    if (!rear_used && s.phase != Phase::Relay) return "the rear board is empty but was not relaid";
  }
  // Hidden bids: no other seat's observation may depend on them.
  for (Player p = 0; p < s.num_players(); ++p) {
    if (s.revealed[p] || s.bid_len[p] == 0) continue;
    for (Player v = 0; v < s.num_players(); ++v) {
      if (v == p) continue;
      Observation o = s.observation(v);
      if (o.bid_len[p] != 0 || o.scope[p] != 0 || o.bid[p] != std::array<std::uint8_t, 3>{})
        return "a hidden bid shows in another seat's observation";
    }
  }
  return {};
}

class Soak : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(Soak, RandomGamesKeepEveryInvariant) {
  auto [players, v] = GetParam();
  Params params = variant(v);
  testing::SoakTotals totals;
  long relays = 0, joint = 0, rounds = 0;
  auto on_end = [&](const State& final_state) {
    rounds += final_state.round;
    joint += final_state.winners().size() > 1;
    EXPECT_FALSE(final_state.winners().empty());
    (void)relays;
  };
  testing::soak_random_games<State>(
      params, players,
      testing::soak_games_per_configuration(kConfigurations) + 1,  // +1: the total reaches the requested count

      static_cast<std::uint64_t>(players * 10 + v), kMaxActionsPerGame, broken_invariant, on_end, totals);
  ASSERT_FALSE(HasFatalFailure());
  std::printf("%d players, variant %d: %ld games, %.1f actions/game (longest %ld), %.1f rounds/game, %ld joint wins\n",
              players, v, totals.games, static_cast<double>(totals.actions) / totals.games, totals.longest,
              static_cast<double>(rounds) / totals.games, joint);
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, Soak,
                         ::testing::Combine(::testing::Values(3, 4, 5, 6, 7, 8), ::testing::Values(0, 1, 2)));

// Uniformly random bids are mostly three digits long and throw sheep off the
// dyke in the first round, so pads, relays and long games are rare above. This
// soak plays short bids (a one- or two-digit scope most of the time) with the
// same checks, so that every rule gets exercised over many rounds.
Action short_bid_action(const State& s, Rng& rng) {
  ActionList legal;
  s.legal_actions(legal);
  if (s.phase == Phase::Bid && s.bid_len[s.active] >= 1 && rng.below(10) < 8) return act::kBidDone;
  if (s.phase == Phase::Pads && legal.size() > 1 && rng.below(3) == 0)
    return legal[rng.below(static_cast<std::uint32_t>(legal.size() - 1))];
  if (s.phase == Phase::Pads) return act::kMove;
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

TEST(SoakShortBids, LongGamesKeepEveryInvariant) {
  const int games = testing::soak_games_per_configuration(5, 2500);
  long actions = 0, longest = 0, relays = 0, pads_played = 0, rounds = 0, total = 0;
  for (int players = 3; players <= 8; ++players) {
    for (int g = 0; g < games / 6 + 1; ++g, ++total) {
      const std::uint64_t seed =
          Rng::stream(1000 + static_cast<std::uint64_t>(players), static_cast<std::uint64_t>(g)).next64();
      Params params = variant(g % kVariants);
      const State initial(params, players, seed);
      State s = initial;
      Rng chooser(seed, 1), determinizer(seed, 2);
      std::vector<Action> history;
      ActionList legal;
      while (!s.is_terminal()) {
        ASSERT_LT(static_cast<long>(history.size()), kMaxActionsPerGame) << "seed " << seed;
        s.legal_actions(legal);
        for (int a = 0; a < State::kNumDistinctActions; ++a)
          ASSERT_EQ(s.is_legal(static_cast<Action>(a)), legal.contains(static_cast<Action>(a)))
              << State::action_to_string(static_cast<Action>(a)) << ", seed " << seed << ", step " << history.size();
        auto viewer = static_cast<Player>(chooser.below(static_cast<std::uint32_t>(players)));
        State sampled = s;
        sampled.determinize(viewer, determinizer);
        ASSERT_TRUE(sampled.observation(viewer) == s.observation(viewer)) << "seed " << seed;
        ASSERT_EQ(broken_invariant(initial, sampled), "") << "after determinize, seed " << seed;
        Action action = short_bid_action(s, chooser);
        ASSERT_TRUE(legal.contains(action));
        s.apply(action);
        history.push_back(action);
        for (const Event& e : s.events()) {
          relays += e.kind == evRelay;
          pads_played += e.kind == evPlayPad;
        }
        ASSERT_EQ(broken_invariant(initial, s), "")
            << "after " << State::action_to_string(action) << ", seed " << seed << ", step " << history.size();
      }
      EXPECT_FALSE(s.winners().empty());
      actions += static_cast<long>(history.size());
      longest = std::max(longest, static_cast<long>(history.size()));
      rounds += s.round;
      State again(params, players, seed);
      for (Action a : history) again.apply(a);
      ASSERT_TRUE(again == s) << "replay differs, seed " << seed;
    }
  }
  std::printf("short bids: %ld games, %.1f actions/game (longest %ld), %.1f rounds/game, %ld relays, %ld pads played\n",
              total, static_cast<double>(actions) / total, longest, static_cast<double>(rounds) / total, relays,
              pads_played);
  EXPECT_GT(relays, 0);
  EXPECT_GT(pads_played, 0);
}

}  // namespace
}  // namespace bw::hustle
