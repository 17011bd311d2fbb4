// Black Sheep: hidden information. Observations show exactly what a seat may
// know; determinize() resamples only what it cannot know.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "test_support.hpp"

namespace bw::black_sheep {
namespace {
using namespace testing;

TEST(Observation, HidesOtherHandsAndTheDeckOrder) {
  State s = table(3);
  set_hand(s, 1, {kHorse, kCow, kPig});
  set_hand(s, 2, {kSheep, kSheep, kRooster});
  State swapped = s;
  // Seats 1 and 2 exchange a card and the deck is reordered: seat 0 cannot tell.
  swapped.hand[1] = counts({kHorse, kCow, kSheep});
  swapped.hand[2] = counts({kPig, kSheep, kRooster});
  std::swap(swapped.deck[0], swapped.deck[5]);
  EXPECT_TRUE(s.observation(0) == swapped.observation(0));
  EXPECT_TRUE(s.observation(kSpectator) == swapped.observation(kSpectator));
  EXPECT_FALSE(s.observation(1) == swapped.observation(1));  // seat 1 sees its own hand
}

TEST(Observation, FigureValuesInStockAndFieldsAreHiddenFromAll) {
  State s = table(3);
  State other = s;
  other.fields[0].figures[0].value = static_cast<std::int8_t>(s.fields[0].figures[0].value == 3 ? 1 : 3);
  other.stock[kHorse][0] = static_cast<std::int8_t>(s.stock[kHorse][0] == 3 ? 1 : 3);
  for (Player p = 0; p < 3; ++p) EXPECT_TRUE(s.observation(p) == other.observation(p)) << int{p};
  EXPECT_TRUE(s.observation(kSpectator) == other.observation(kSpectator));
  EXPECT_FALSE(s == other);  // the states do differ
}

TEST(Observation, CorralValuesKnownToTheirOwnerOnly) {
  State s = table(3);
  set_corral(s, 1, kCow, {1, 3});
  State other = s;
  set_corral(other, 1, kCow, {2, 2});
  EXPECT_FALSE(s.observation(1) == other.observation(1));
  EXPECT_TRUE(s.observation(0) == other.observation(0));
  EXPECT_TRUE(s.observation(2) == other.observation(2));
  EXPECT_EQ(s.observation(0).corral_count[1][kCow], 2);  // how many is public
}

TEST(Observation, SecretTasksKnownToTheirOwnerOnly) {
  State s(params_with(true), 3, 9);
  State other = s;
  std::swap(other.secret[1][0], other.unused_tasks[0]);
  EXPECT_FALSE(s.observation(1) == other.observation(1));
  EXPECT_TRUE(s.observation(0) == other.observation(0));
  EXPECT_TRUE(s.observation(2) == other.observation(2));
  nlohmann::json seat;
  to_json(seat, s.observation(0));
  EXPECT_TRUE(seat["seats"][0].contains("secret_tasks"));
  EXPECT_FALSE(seat["seats"][1].contains("secret_tasks"));
}

TEST(Observation, GameOverRevealsEverything) {
  State s(params_with(true), 3, 21);
  Rng chooser(4, 4);
  ActionList legal;
  while (!s.is_terminal()) {
    s.legal_actions(legal);
    s.apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  Observation obs = s.observation(0);
  for (Player p = 0; p < 3; ++p) {
    ASSERT_EQ(obs.secret[p].size(), s.secret[p].size());
    for (std::size_t i = 0; i < s.secret[p].size(); ++i)
      EXPECT_EQ(obs.secret[p][i], s.params.task_cards[s.secret[p][i]]);
    int known = 0;
    for (const auto& values : obs.corral_values[p]) known += static_cast<int>(values.size());
    EXPECT_EQ(known, s.corral_size(p));
  }
}

TEST(Observation, SpectatorJsonHasNoHandAndTensorHasFixedLength) {
  State s(Params{}, 3, 4);
  nlohmann::json spectator;
  to_json(spectator, s.observation(kSpectator));
  EXPECT_FALSE(spectator.contains("hand"));
  nlohmann::json seat;
  to_json(seat, s.observation(1));
  EXPECT_TRUE(seat.contains("hand"));
  std::vector<float> a, b;
  append_tensor(s.observation(0), a);
  State later = s;
  ActionList legal;
  later.legal_actions(legal);
  later.apply(legal[0]);
  append_tensor(later.observation(2), b);
  EXPECT_EQ(a.size(), b.size());
}

TEST(Determinize, KeepsTheViewersObservationAndConservation) {
  for (bool tasks : {false, true}) {
    State s(params_with(tasks), 4, 77);
    Rng chooser(1, 1), sampler(2, 2);
    for (int step = 0; step < 400 && !s.is_terminal(); ++step) {
      for (Player viewer = 0; viewer < 4; ++viewer) {
        State d = s;
        d.determinize(viewer, sampler);
        ASSERT_TRUE(d.observation(viewer) == s.observation(viewer)) << "step " << step << " viewer " << int{viewer};
        EXPECT_EQ(d.hand[viewer], s.hand[viewer]);
        EXPECT_EQ(d.corral[viewer], s.corral[viewer]);
        EXPECT_EQ(d.total_cards(), 84);
        EXPECT_EQ(d.total_figures(), 36);
        for (Player p = 0; p < 4; ++p) EXPECT_EQ(d.hand_size(p), s.hand_size(p));
      }
      ActionList legal;
      s.legal_actions(legal);
      s.apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
}

TEST(Determinize, ResamplesWhatTheViewerCannotKnow) {
  State s(params_with(true), 3, 5);
  set_corral(s, 1, kHorse, {1, 3});
  s.stock[kHorse].pop_back();
  s.stock[kHorse].pop_back();
  Rng sampler(8, 8);
  std::set<std::vector<int>> other_hands, deck_orders, stock_values, other_corrals, secrets;
  for (int i = 0; i < 50; ++i) {
    State d = s;
    d.determinize(0, sampler);
    other_hands.insert(std::vector<int>(d.hand[1].begin(), d.hand[1].end()));
    deck_orders.insert(std::vector<int>(d.deck.begin(), d.deck.end()));
    stock_values.insert(std::vector<int>(d.stock[kCow].begin(), d.stock[kCow].end()));
    other_corrals.insert(std::vector<int>(d.corral[1][kHorse].begin(), d.corral[1][kHorse].end()));
    secrets.insert(std::vector<int>(d.secret[2].begin(), d.secret[2].end()));
    // What seat 0 knows never moves.
    EXPECT_EQ(d.hand[0], s.hand[0]);
    EXPECT_EQ(d.secret[0], s.secret[0]);
    EXPECT_EQ(d.community, s.community);
    EXPECT_EQ(d.discard, s.discard);
  }
  EXPECT_GT(other_hands.size(), 1u);
  EXPECT_GT(deck_orders.size(), 1u);
  EXPECT_GT(stock_values.size(), 1u);
  EXPECT_GT(other_corrals.size(), 1u);
  EXPECT_GT(secrets.size(), 1u);
  // The owner of a corral keeps its values.
  State d = s;
  d.determinize(1, sampler);
  EXPECT_EQ(d.corral[1][kHorse], s.corral[1][kHorse]);
}

TEST(Determinize, ReseedsTheStateRng) {
  State s(Params{}, 2, 5);
  Rng a(1, 1), b(2, 2);
  State x = s, y = s;
  x.determinize(0, a);
  y.determinize(0, b);
  EXPECT_FALSE(x.rng == s.rng);
  EXPECT_FALSE(x.rng == y.rng);
}

}  // namespace
}  // namespace bw::black_sheep
