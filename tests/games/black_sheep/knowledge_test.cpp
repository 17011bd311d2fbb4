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

TEST(Observation, GameOverRevealsCorralValuesAndSecretTasks) {
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

// Plays random legal actions until the game is over.
State played_to_the_end(State s, std::uint64_t seed) {
  Rng chooser(seed, seed);
  ActionList legal;
  while (!s.is_terminal()) {
    s.legal_actions(legal);
    s.apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return s;
}

// Every seat and a spectator tell `a` from `b`.
void expect_everybody_tells_apart(const State& a, const State& b, const char* what) {
  for (Player v = 0; v < a.num_players(); ++v) EXPECT_FALSE(a.observation(v) == b.observation(v)) << what << int{v};
  EXPECT_FALSE(a.observation(kSpectator) == b.observation(kSpectator)) << what << " spectator";
}

TEST(Observation, HandAndDeckSizesArePublic) {
  State s = table(3);
  set_hand(s, 1, {kHorse, kCow, kPig});
  State fewer = s;
  set_hand(fewer, 1, {kHorse, kCow});
  expect_everybody_tells_apart(s, fewer, "a hand's size, seat ");
  State smaller = s;
  smaller.deck.pop_back();
  expect_everybody_tells_apart(s, smaller, "the deck's size, seat ");
  EXPECT_EQ(s.observation(0).hand_size[1], 3);
  EXPECT_EQ(s.observation(0).deck_size, static_cast<int>(s.deck.size()));
}

TEST(Observation, FieldCardsAndFigureAnimalsArePublic) {
  State s = table(3);
  set_field(s, 0, {kHorse, kCow}, {{kPig}, {kSheep, kSheep}, {}});
  State card = s;
  set_field(card, 0, {kHorse, kCow}, {{kPig}, {kSheep, kRooster}, {}});
  expect_everybody_tells_apart(s, card, "a card on a side, seat ");
  State figure = s;
  set_field(figure, 0, {kHorse, kPig}, {{kPig}, {kSheep, kSheep}, {}});
  expect_everybody_tells_apart(s, figure, "a figure's animal, seat ");
  State flipped = s;
  flipped.fields[2].flipped = true;
  expect_everybody_tells_apart(s, flipped, "a turned-over field, seat ");
}

TEST(Observation, StockCountsArePublic) {
  State s = table(3);
  State fewer = s;
  fewer.stock[kPig].pop_back();
  expect_everybody_tells_apart(s, fewer, "the stock's count, seat ");
  EXPECT_EQ(s.observation(2).stock[kPig], static_cast<int>(s.stock[kPig].size()));
}

TEST(Observation, DiscardPileIsPublic) {
  State s = table(3);
  State more = s;
  more.discard.push_back(kBlackSheep);
  expect_everybody_tells_apart(s, more, "a discarded card, seat ");
  // As counts per animal: the order the cards went down is not kept.
  State a = s, b = s;
  a.discard.clear();
  b.discard.clear();
  a.discard.push_back(kHorse);
  a.discard.push_back(kCow);
  b.discard.push_back(kCow);
  b.discard.push_back(kHorse);
  EXPECT_TRUE(a.observation(0) == b.observation(0));
  EXPECT_EQ(a.observation(1).discard[kHorse], 1);
}

TEST(Observation, SideCompletionOrderIsPublic) {
  State s = table(3);
  set_field(s, 1, {kHorse, kCow}, {{kPig, kPig, kPig}, {kSheep, kSheep, kSheep}, {}});
  ASSERT_LT(s.fields[1].completed_at[0], s.fields[1].completed_at[1]);
  State other = s;
  std::swap(other.fields[1].completed_at[0], other.fields[1].completed_at[1]);  // seat 1 finished first
  expect_everybody_tells_apart(s, other, "which side was completed first, seat ");
}

TEST(Observation, EndGameIsPublic) {
  State s = table(3);
  State ending = s;
  ending.end_game = true;
  expect_everybody_tells_apart(s, ending, "the end game, seat ");
}

TEST(Observation, CommunityTasksArePublic) {
  State s(params_with(true), 3, 9);
  ASSERT_FALSE(s.community.empty());
  ASSERT_FALSE(s.unused_tasks.empty());
  State other = s;
  std::swap(other.community[0], other.unused_tasks[0]);
  expect_everybody_tells_apart(s, other, "a community task, seat ");
}

// A spectator sees what every seat sees of the others, and nothing private.
TEST(Observation, SpectatorSeesOnlyThePublicPart) {
  State s(params_with(true), 3, 9);
  set_corral(s, 0, kCow, {1, 3});
  set_corral(s, 1, kPig, {2});
  Observation seat = s.observation(0);
  seat.viewer = kSpectator;
  seat.own_hand = {};
  seat.corral_values[0] = {};
  seat.secret[0] = {};
  EXPECT_TRUE(s.observation(kSpectator) == seat);
  State other = s;
  set_hand(other, 0, {kBlackSheep, kBlackSheep, kBlackSheep});
  set_corral(other, 0, kCow, {2, 2});
  std::swap(other.secret[0][0], other.unused_tasks[0]);
  EXPECT_TRUE(s.observation(kSpectator) == other.observation(kSpectator));
}

TEST(Observation, GameOverKeepsHandsAndStockValuesHidden) {
  State s = played_to_the_end(State(params_with(true), 3, 21), 4);
  State other = s;
  ASSERT_GT(s.hand_size(1), 0);
  for (int a = 0; a < kNumAnimals; ++a) other.hand[1][a] = s.hand[1][(a + 1) % kNumAnimals];  // other animals
  ASSERT_NE(other.hand[1], s.hand[1]);
  if (!other.deck.empty()) other.deck.back() = static_cast<std::uint8_t>((other.deck.back() + 1) % kNumAnimals);
  for (auto& values : other.stock)
    for (auto& v : values) v = static_cast<std::int8_t>(v == 3 ? 1 : 3);
  if (!other.unused_tasks.empty())
    other.unused_tasks[0] = static_cast<std::uint8_t>(other.unused_tasks[0] == 0 ? 1 : 0);
  for (Player v : {Player{0}, Player{2}}) EXPECT_TRUE(s.observation(v) == other.observation(v)) << int{v};
  EXPECT_TRUE(s.observation(kSpectator) == other.observation(kSpectator));
  EXPECT_FALSE(s.observation(1) == other.observation(1));  // its own hand, as ever
}

TEST(Determinize, DealsOnlyTheCardsTheViewerCannotSee) {
  State s(params_with(), 3, 77);
  Rng chooser(3, 3), sampler(4, 4);
  ActionList legal;
  for (int step = 0; step < 60; ++step) {
    s.legal_actions(legal);
    s.apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  ASSERT_FALSE(s.is_terminal());
  auto unseen_by_0 = [](const State& t) {
    AnimalCounts unseen{};
    for (auto card : t.deck) ++unseen[card];
    for (Player p = 1; p < 3; ++p)
      for (int a = 0; a < kNumAnimals; ++a) unseen[a] = static_cast<std::uint8_t>(unseen[a] + t.hand[p][a]);
    return unseen;
  };
  bool moved = false;
  for (int i = 0; i < 30; ++i) {
    State d = s;
    d.determinize(0, sampler);
    EXPECT_EQ(unseen_by_0(d), unseen_by_0(s));
    EXPECT_EQ(d.hand[0], s.hand[0]);
    EXPECT_EQ(d.discard, s.discard);
    EXPECT_EQ(d.deck.size(), s.deck.size());
    for (Player p = 0; p < 3; ++p) EXPECT_EQ(d.hand_size(p), s.hand_size(p));
    for (int f = 0; f < kNumFields; ++f) EXPECT_EQ(d.fields[f].side, s.fields[f].side);
    moved |= d.hand[1] != s.hand[1] || d.hand[2] != s.hand[2];
  }
  EXPECT_TRUE(moved);
}

// Seat 0 looked at its two horses (both 3s): the horses it has not seen can
// only be the 1s and 2s, wherever they stand.
TEST(Determinize, OtherFiguresNeverTakeTheViewersValues) {
  State s = table(3);
  for (int f = 0; f < kNumFields; ++f) set_field(s, f, {}, {});  // no horse on a field
  set_corral(s, 0, kHorse, {3, 3});
  set_corral(s, 1, kHorse, {1, 2});
  s.stock[kHorse].clear();
  s.stock[kHorse].push_back(1);
  s.stock[kHorse].push_back(2);
  Rng sampler(6, 6);
  std::set<std::vector<int>> seat1;
  for (int i = 0; i < 40; ++i) {
    State d = s;
    d.determinize(0, sampler);
    EXPECT_EQ(d.corral[0][kHorse], s.corral[0][kHorse]);
    for (auto v : d.stock[kHorse]) EXPECT_NE(v, 3);
    for (auto v : d.corral[1][kHorse]) EXPECT_NE(v, 3);
    seat1.insert(std::vector<int>(d.corral[1][kHorse].begin(), d.corral[1][kHorse].end()));
  }
  EXPECT_GT(seat1.size(), 1u);
  // Seat 1 has not seen seat 0's horses: for it, the 3s may stand anywhere.
  bool three_elsewhere = false;
  for (int i = 0; i < 40; ++i) {
    State d = s;
    d.determinize(1, sampler);
    EXPECT_EQ(d.corral[1][kHorse], s.corral[1][kHorse]);
    for (auto v : d.stock[kHorse]) three_elsewhere |= v == 3;
  }
  EXPECT_TRUE(three_elsewhere);
}

TEST(Determinize, OtherSecretTasksComeFromTheTasksNotSeen) {
  State s(params_with(true), 3, 9);
  auto not_seen_by_0 = [](const State& t) {
    std::multiset<int> out(t.unused_tasks.begin(), t.unused_tasks.end());
    for (Player p = 1; p < 3; ++p) out.insert(t.secret[p].begin(), t.secret[p].end());
    return out;
  };
  Rng sampler(7, 7);
  std::set<std::vector<int>> seat1;
  for (int i = 0; i < 40; ++i) {
    State d = s;
    d.determinize(0, sampler);
    EXPECT_EQ(not_seen_by_0(d), not_seen_by_0(s));
    EXPECT_EQ(d.secret[0], s.secret[0]);
    EXPECT_EQ(d.community, s.community);
    seat1.insert(std::vector<int>(d.secret[1].begin(), d.secret[1].end()));
  }
  EXPECT_GT(seat1.size(), 1u);
}

TEST(Determinize, SamplesDependOnlyOnWhatTheViewerSees) {
  State a(params_with(true), 3, 9);
  set_hand(a, 1, {kHorse, kCow, kPig});
  set_hand(a, 2, {kSheep, kSheep, kRooster});
  set_corral(a, 1, kCow, {1, 3});
  a.stock[kCow].pop_back();  // six cows in all
  a.stock[kCow].pop_back();
  State b = a;  // what seat 0 cannot see differs
  b.hand[1] = counts({kHorse, kCow, kSheep});
  b.hand[2] = counts({kPig, kSheep, kRooster});
  std::swap(b.deck[0], b.deck[7]);
  set_corral(b, 1, kCow, {3, 1});
  for (std::size_t i = 1; i < b.stock[kPig].size(); ++i)  // two pig values change places
    if (b.stock[kPig][i] != b.stock[kPig][0]) {
      std::swap(b.stock[kPig][0], b.stock[kPig][i]);
      break;
    }
  std::swap(b.secret[1][0], b.unused_tasks[0]);
  ASSERT_TRUE(a.observation(0) == b.observation(0));
  ASSERT_FALSE(a == b);
  Rng r1(2, 9), r2(2, 9);
  a.determinize(0, r1);
  b.determinize(0, r2);
  EXPECT_TRUE(a == b);
}

// Seat 1 throws away a horse: it is dealt horses as often as any seat
// holding three of the unseen cards would be.
TEST(Determinize, ReadsNothingIntoADiscard) {
  State s = table(3);
  s.active = 1;
  set_hand(s, 1, {kHorse, kCow, kPig});
  s.apply(field_action(0));
  s.apply(place(kCow));
  s.apply(act::kJustOne);
  s.apply(discard_action(kHorse));
  ASSERT_EQ(s.discard.back(), kHorse);
  AnimalCounts pool{};
  for (auto card : s.deck) ++pool[card];
  for (Player p = 1; p < 3; ++p)
    for (int a = 0; a < kNumAnimals; ++a) pool[a] = static_cast<std::uint8_t>(pool[a] + s.hand[p][a]);
  int total = 0;
  for (auto n : pool) total += n;
  // The chance that three cards dealt from the pool hold no horse.
  double none = 1.0;
  for (int k = 0; k < 3; ++k) none *= static_cast<double>(total - pool[kHorse] - k) / (total - k);
  Rng sampler(8, 8);
  const int samples = 4000;
  int with_horse = 0;
  for (int i = 0; i < samples; ++i) {
    State d = s;
    d.determinize(0, sampler);
    with_horse += d.hand[1][kHorse] > 0;
  }
  EXPECT_NEAR(static_cast<double>(with_horse) / samples, 1.0 - none, 0.03);
}

TEST(Determinize, ForASpectatorEverythingHiddenIsResampled) {
  State s(params_with(true), 3, 5);
  set_corral(s, 0, kHorse, {1, 3});
  s.stock[kHorse].pop_back();
  s.stock[kHorse].pop_back();
  Rng sampler(9, 9);
  std::set<std::vector<int>> hands, corrals, secrets;
  for (int i = 0; i < 50; ++i) {
    State d = s;
    d.determinize(kSpectator, sampler);
    ASSERT_TRUE(d.observation(kSpectator) == s.observation(kSpectator));
    hands.insert(std::vector<int>(d.hand[0].begin(), d.hand[0].end()));
    corrals.insert(std::vector<int>(d.corral[0][kHorse].begin(), d.corral[0][kHorse].end()));
    secrets.insert(std::vector<int>(d.secret[0].begin(), d.secret[0].end()));
  }
  EXPECT_GT(hands.size(), 1u);
  EXPECT_GT(corrals.size(), 1u);
  EXPECT_GT(secrets.size(), 1u);
}

// Once the discard pile (five black sheep here) has become the new deck,
// everybody could know the deck holds only black sheep; the observation keeps
// only its size, and determinize() deals it from every card seat 0 cannot see.
TEST(Determinize, ForgetsTheCardsShuffledIntoANewDeck) {
  State s = table(2);
  set_hand(s, 0, {kHorse, kCow, kPig});
  set_hand(s, 1, {kRooster, kRooster, kRooster});
  set_deck(s, {kSheep});
  s.discard.clear();
  add_copies(s.discard, std::uint8_t{kBlackSheep}, 5);
  s.apply(field_action(0));
  s.apply(place(kCow));
  s.apply(place(kPig));
  ASSERT_TRUE(has_event(s, evReshuffle));
  ASSERT_EQ(s.deck.size(), 4u);
  ASSERT_EQ(count_of(s.deck, kBlackSheep), 4);
  Observation obs = s.observation(0);
  EXPECT_EQ(obs.discard, AnimalCounts{});
  EXPECT_EQ(obs.deck_size, 4);
  // A world where the deck holds roosters and seat 1 the black sheep looks the same.
  State other = s;
  set_deck(other, {kRooster, kRooster, kRooster, kBlackSheep});
  set_hand(other, 1, {kBlackSheep, kBlackSheep, kBlackSheep});
  EXPECT_TRUE(other.observation(0) == obs);
  Rng sampler(10, 10);
  bool rooster_in_deck = false;
  for (int i = 0; i < 30; ++i) {
    State d = s;
    d.determinize(0, sampler);
    rooster_in_deck |= count_of(d.deck, kRooster) > 0;
  }
  EXPECT_TRUE(rooster_in_deck);
}

}  // namespace
}  // namespace bw::black_sheep
