// Thousands of random games, checking after every action: no card created or
// lost, every listed action accepted and every other one rejected, the
// bookkeeping of public knowledge true, observation(p) unchanged by
// determinize(p), termination within a bound, and that replaying the actions
// from the seed reproduces the final state exactly.
// BELLWETHER_SOAK_GAMES sets the total over all configurations (default 10000).
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "agents/random_agent.hpp"
#include "games/bye_bye/bye_bye.hpp"

namespace bw::bye_bye {
namespace {

constexpr int kConfigurations = 8;  // 2..5 players x basic/advanced
constexpr int kMaxActionsPerGame = 20000;

int games_per_configuration() {
  const char* env = std::getenv("BELLWETHER_SOAK_GAMES");
  int total = env ? std::atoi(env) : 10000;
  return std::max(1, total / kConfigurations);
}

// Everything that must hold in any reachable state; returns the first problem.
// `cards_after_setup`: the card count once the special cards are dealt
// (in the advanced pick phase the picked cards are not dealt yet).
std::string broken_invariant(const State& s, int cards_after_setup) {
  int expected_cards = cards_after_setup - (s.phase == Phase::PickSpecial ? s.num_players() : 0);
  if (s.total_cards() != expected_cards)
    return "card count " + std::to_string(s.total_cards()) + " != " + std::to_string(expected_cards);
  for (auto card : s.draw_pile)
    if (!is_set_card(card)) return "special card in the draw pile";
  for (Player h = 0; h < s.num_players(); ++h) {
    if (s.hand[h][kBlackSheep] != 1) return "a hand without exactly one Black Sheep";
    int specials = 0;
    for (int c = 0; c < kNumCardKinds; ++c) specials += is_special(c) ? s.hand[h][c] : 0;
    if (specials != s.specials_in_hand[h]) return "public special count is wrong";
    for (int set = 0; set < kMaxSets; ++set)
      if (((s.known_absent[h] >> set) & 1u) && s.hand[h][set] > 0) return "known-absent set is in hand";
    for (Player v = 0; v < s.num_players(); ++v)
      for (int c = 0; c < kNumCardKinds && v != h; ++c)
        if (s.known[v][h][c] > s.hand[h][c]) return "knowledge claims a card that is not there";
  }
  return {};
}

struct SoakStats {
  long games = 0, actions = 0, stalls = 0, turn_limit_hits = 0, wins = 0;
};

void soak(int players, bool advanced, SoakStats& stats) {
  Params params;
  params.advanced = advanced;
  const int games = games_per_configuration();
  for (int g = 0; g < games; ++g) {
    std::uint64_t seed = Rng::stream(players * 2 + advanced, static_cast<std::uint64_t>(g)).next64();
    State state(params, players, seed);
    const int cards = state.total_cards() + (state.phase == Phase::PickSpecial ? players : 0);
    Rng chooser(seed, 1), determinizer(seed, 2);
    std::vector<Action> history;
    ActionList legal;
    while (!state.is_terminal()) {
      ASSERT_LT(history.size(), static_cast<std::size_t>(kMaxActionsPerGame)) << "game did not end, seed " << seed;
      state.legal_actions(legal);
      ASSERT_FALSE(legal.empty());
      for (int a = 0; a < State::kNumDistinctActions; ++a)
        ASSERT_EQ(state.is_legal(static_cast<Action>(a)), legal.contains(static_cast<Action>(a)))
            << State::action_to_string(static_cast<Action>(a)) << ", seed " << seed << ", step " << history.size();
      for (Action a : legal) {  // every listed action is accepted and keeps every invariant
        ASSERT_LT(a, State::kNumDistinctActions);
        State trial = state;
        trial.apply(a);
        std::string problem = broken_invariant(trial, cards);
        ASSERT_TRUE(problem.empty()) << problem << " after " << State::action_to_string(a) << ", seed " << seed << ", step " << history.size();
      }
      auto viewer = static_cast<Player>(chooser.below(static_cast<std::uint32_t>(players)));
      State sampled = state;
      sampled.determinize(viewer, determinizer);
      ASSERT_TRUE(sampled.observation(viewer) == state.observation(viewer)) << "seed " << seed;
      ASSERT_EQ(broken_invariant(sampled, cards), "");

      Action action = random_action(state, chooser);
      state.apply(action);
      history.push_back(action);
    }
    ++stats.games;
    stats.actions += static_cast<long>(history.size());
    for (const Event& e : state.events()) {
      stats.stalls += e.kind == evStall;
      stats.wins += e.kind == evWin;
    }
    stats.turn_limit_hits += state.turn >= params.turn_limit;

    State again(params, players, seed);
    for (Action a : history) again.apply(a);
    ASSERT_TRUE(again == state) << "replay differs, seed " << seed;
  }
}

class Soak : public ::testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(Soak, RandomGamesKeepEveryInvariant) {
  auto [players, advanced] = GetParam();
  SoakStats stats;
  soak(players, advanced, stats);
  std::printf("%d players, %s: %ld games, %.1f actions/game, %ld won, %ld stalled (%ld at the turn limit)\n", players,
              advanced ? "advanced" : "basic", stats.games, static_cast<double>(stats.actions) / stats.games,
              stats.wins, stats.stalls, stats.turn_limit_hits);
  EXPECT_EQ(stats.wins + stats.stalls, stats.games);
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, Soak,
                         ::testing::Combine(::testing::Values(2, 3, 4, 5), ::testing::Bool()));

}  // namespace
}  // namespace bw::bye_bye
