// Sheep Hustle: hidden information. The only secret is a bid between its
// laying and its reveal; observations hide exactly that, and determinize()
// resamples exactly that.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "test_support.hpp"

namespace bw::hustle {
namespace {
using namespace testing;

TEST(Observation, OtherBidsCannotBeToldApart) {
  State a = table(3, {0, 0, 0});
  State b = a;
  bid(a, "85");
  bid(b, "93");  // as many cards face down, other digits
  for (Player v : {Player{1}, Player{2}, kSpectator}) EXPECT_TRUE(a.observation(v) == b.observation(v));
  EXPECT_FALSE(a.observation(0) == b.observation(0));
  EXPECT_FALSE(a.observation(kOmniscient) == b.observation(kOmniscient));
}

TEST(Observation, CardsBeingLaidAreHiddenButNotHowMany) {
  State a = table(3, {0, 0, 0});
  State b = a, none = a;
  act_on(a, act::kCard + 4);
  act_on(b, act::kCard + 7);
  EXPECT_TRUE(a.observation(1) == b.observation(1));      // which card: hidden
  EXPECT_FALSE(a.observation(1) == none.observation(1));  // that a card lies there: in view
  EXPECT_EQ(a.observation(1).cards_laid[0], 1);
  EXPECT_FALSE(a.observation(0) == b.observation(0));
}

TEST(Observation, RevealedBidsArePublic) {
  State s = table(3, {0, 0, 0});
  bids(s, {"85", "3", "41"});
  Observation o = s.observation(2);
  EXPECT_EQ(o.scope[0], 85);
  EXPECT_EQ(o.bid_len[0], 2);
  EXPECT_EQ(o.bid_len[1], 0);  // seat 1 reveals after seat 0 has moved
  act_on(s, act::kMove);
  EXPECT_EQ(s.observation(2).scope[1], 3);
}

TEST(Observation, JsonShowsNoHiddenBid) {
  State s = table(3, {0, 0, 0});
  bid(s, "85");
  nlohmann::json other, own;
  to_json(other, s.observation(1));
  to_json(own, s.observation(0));
  EXPECT_FALSE(other["seats"][0].contains("bid"));
  EXPECT_EQ(other["seats"][0]["cards_laid"], 2);  // the cards lie face down in view
  EXPECT_EQ(own["seats"][0]["bid"], "85");
  std::vector<float> t1, t2;
  append_tensor(s.observation(1), t1);
  append_tensor(State(Params{}, 8, 1).observation(3), t2);
  EXPECT_EQ(t1.size(), t2.size());  // fixed layout
}

TEST(Determinize, KeepsTheObservationAndResamplesHiddenBids) {
  State s = table(4, {0, 0, 0, 0});
  bids(s, {"85", "109", "3"});  // seat 3 is laying its bid
  act_on(s, act::kCard + 7);
  std::set<int> seen_bids;
  Rng rng(5, 5);
  for (int i = 0; i < 300; ++i) {
    State d = s;
    d.determinize(2, rng);
    ASSERT_TRUE(d.observation(2) == s.observation(2));
    EXPECT_EQ(d.bid_value(2), 3);  // its own bid stays
    EXPECT_EQ(d.total_cards(), 40);
    seen_bids.insert(d.bid_value(0));
    EXPECT_EQ(d.bid_len[3], 1);  // still laying: the one card in view stays one card
    EXPECT_EQ(d.bid_len[0], 2);  // the number of face-down cards is public
  }
  EXPECT_GT(seen_bids.size(), 50u);
  EXPECT_NE(s.rng, [&] {
    State d = s;
    d.determinize(2, rng);
    return d.rng;
  }());
}

TEST(Determinize, RevealedBidsStay) {
  State s = table(3, {0, 0, 0});
  bids(s, {"85", "3", "41"});
  act_on(s, act::kMove);  // seat 1 revealed
  Rng rng(1, 2);
  for (int i = 0; i < 50; ++i) {
    State d = s;
    d.determinize(0, rng);
    EXPECT_EQ(d.bid_value(0), 85);
    EXPECT_EQ(d.bid_value(1), 3);
    EXPECT_TRUE(d.observation(0) == s.observation(0));
  }
}

TEST(Determinize, SamplesDependOnlyOnWhatTheViewerSees) {
  State a = table(3, {0, 0, 0});
  State b = a;
  bid(a, "85");
  bid(b, "93");  // as many cards face down, other digits
  Rng r1(9, 9), r2(9, 9);
  a.determinize(1, r1);
  b.determinize(1, r2);
  EXPECT_TRUE(a == b);
}

// Every seat and a spectator tell `a` from `b`.
void expect_everybody_tells_apart(const State& a, const State& b, const char* what) {
  for (Player v = 0; v < a.num_players(); ++v) EXPECT_FALSE(a.observation(v) == b.observation(v)) << what << int{v};
  EXPECT_FALSE(a.observation(kSpectator) == b.observation(kSpectator)) << what << " spectator";
}

std::uint16_t cards(std::initializer_list<int> digits) {
  std::uint16_t mask = 0;
  for (int d : digits) mask = static_cast<std::uint16_t>(mask | (1u << d));
  return mask;
}

TEST(Observation, SheepAndLifesaversArePublic) {
  State s = table(3, {10, 20, 0});
  State moved = s;
  moved.position[1] = 21;
  expect_everybody_tells_apart(s, moved, "a sheep's square, seat ");
  State started = s;
  started.at_start[2] = false;
  expect_everybody_tells_apart(s, started, "a sheep still on the start field, seat ");
  State out = s;
  out.position[1] = -1;
  expect_everybody_tells_apart(s, out, "a sheep out, seat ");
  State saved = s;
  --saved.lifesavers[2];
  expect_everybody_tells_apart(s, saved, "a seat's lifesavers, seat ");
  EXPECT_EQ(s.observation(0).position[1], 20);
}

TEST(Observation, BoardsAndTheirWaterArePublic) {
  State s = table(3, {0, 0, 0}, Params{});
  State other_side = s;
  other_side.side[0] = 1;  // side B up on the rear board
  expect_everybody_tells_apart(s, other_side, "the side up, seat ");
  EXPECT_EQ(other_side.observation(kSpectator).water[0], as_laid(s.params.water[1], false));
  State turned = s;
  turned.turned[1] = true;
  expect_everybody_tells_apart(s, turned, "a board turned round, seat ");
  EXPECT_EQ(turned.observation(0).water[1], as_laid(s.params.water[2], true));
}

TEST(Observation, PadsArePublic) {
  State s = table(3, {0, 0, 0});
  State held = s;
  give_pad(held, 1, PadKind::RunBack, 10);
  expect_everybody_tells_apart(s, held, "a pad taken from the supply, seat ");
  State gone = held;
  for (int i = 0; i < gone.params.num_pads; ++i)
    if (gone.pad_where[i] == 1) gone.pad_where[i] = kPadGone;
  expect_everybody_tells_apart(held, gone, "a pad played, seat ");
}

TEST(Observation, ImpCherubStartPlayerAndRoundArePublic) {
  State s = table(3, {0, 0, 0});
  State imp = s, cherub = s, start = s, round = s;
  imp.imp = 2;
  cherub.cherub = 1;
  start.start_player = 2;
  ++round.round;
  expect_everybody_tells_apart(s, imp, "the imp, seat ");
  expect_everybody_tells_apart(s, cherub, "the cherub, seat ");
  expect_everybody_tells_apart(s, start, "the starting player, seat ");
  expect_everybody_tells_apart(s, round, "the round, seat ");
}

// Hands are public (every card a seat has played was shown), but a bid not
// yet revealed shows only as part of the seat's cards.
TEST(Observation, HiddenBidShowsAsOneSetWithTheHand) {
  State s = table(3, {0, 0, 0});
  s.hand[0] = static_cast<std::uint16_t>(kAllCards & ~cards({1, 2}));
  s.discard[0] = cards({1, 2});
  State fewer = s;
  fewer.hand[2] = static_cast<std::uint16_t>(kAllCards & ~cards({7}));
  fewer.discard[2] = cards({7});
  expect_everybody_tells_apart(s, fewer, "another seat's hand, seat ");
  bid(s, "85");
  EXPECT_EQ(s.observation(1).hand[0], kAllCards & ~cards({1, 2}));  // hand and bid together
  EXPECT_EQ(s.observation(kSpectator).hand[0], kAllCards & ~cards({1, 2}));
  EXPECT_EQ(s.observation(0).hand[0], kAllCards & ~cards({1, 2, 8, 5}));  // its own: the hand alone
  bids(s, {"3", "41"});
  ASSERT_TRUE(s.revealed[0]);
  EXPECT_EQ(s.observation(1).hand[0], kAllCards & ~cards({1, 2, 8, 5}));  // revealed: apart again
  EXPECT_EQ(s.observation(1).bid_len[0], 2);
}

TEST(Observation, PadsPlayedThisEvaluationArePublic) {
  State s = table(3, {50, 0, 0});
  give_pad(s, 0, PadKind::RunBack, 10);
  give_pad(s, 0, PadKind::Change, 3);
  bids(s, {"45", "0", "0"});
  act_on(s, run_back(10));
  EXPECT_EQ(s.observation(1).run_back, 10);
  act_on(s, change(3));
  EXPECT_EQ(s.observation(2).pending_change, 3);
  EXPECT_EQ(s.observation(kSpectator).phase, Phase::Delta);
  act_on(s, delta(-2));
  EXPECT_EQ(s.observation(1).scope[0], 43);  // the changed scope
  EXPECT_EQ(s.observation(kSpectator).scope[0], 43);
}

TEST(Observation, SpectatorSeesWhatEverySeatSeesOfTheOthers) {
  State s = table(3, {0, 0, 0});
  bid(s, "85");
  act_on(s, act::kCard + 4);  // seat 1 is laying its bid; seat 2 has laid nothing
  Observation seat = s.observation(2);
  seat.viewer = kSpectator;
  EXPECT_TRUE(s.observation(kSpectator) == seat);
  EXPECT_EQ(s.observation(kSpectator).cards_laid[0], 2);
  EXPECT_EQ(s.observation(kSpectator).bid_len[0], 0);
}

TEST(Observation, DiscardPilesArePublic) {
  State s = table(3, {0, 0, 0});
  State other = s;
  other.hand[1] = static_cast<std::uint16_t>(kAllCards & ~cards({6}));
  other.discard[1] = cards({6});
  expect_everybody_tells_apart(s, other, "a discard pile, seat ");
  EXPECT_EQ(other.observation(0).discard[1], cards({6}));
}

TEST(Observation, EliminationOrderIsPublic) {
  State s = table(4, {-1, -1, 10, 20});
  s.out_moment[0] = 3;
  s.out_moment[1] = 5;
  State other = s;
  std::swap(other.out_moment[0], other.out_moment[1]);  // seat 0 went out last
  expect_everybody_tells_apart(s, other, "who went out last, seat ");
  EXPECT_GT(s.observation(2).out_moment[1], s.observation(2).out_moment[0]);
}

// A new round clears the last one's bids, scopes and reveals; the cards
// played stay in view in the discard piles.
TEST(Observation, LastRoundsBidsAreForgottenButTheirCardsStay) {
  State s = table(3, {0, 0, 0});
  bids(s, {"85", "3", "41"});
  for (int i = 0; i < 3; ++i) act_on(s, act::kMove);
  ASSERT_EQ(s.phase, Phase::TakePad);
  act_on(s, act::kTakeRunBack + 10 - 1);
  ASSERT_EQ(s.round, 2);
  ASSERT_EQ(s.phase, Phase::Bid);
  for (Player v : {Player{0}, Player{1}, kSpectator}) {
    Observation o = s.observation(v);
    for (Player p = 0; p < 3; ++p) {
      EXPECT_EQ(o.scope[p], 0);
      EXPECT_EQ(o.bid_len[p], 0);
      EXPECT_EQ(o.cards_laid[p], 0);
      EXPECT_FALSE(o.revealed[p]);
    }
    EXPECT_EQ(o.discard[0], cards({8, 5}));
    EXPECT_EQ(o.discard[2], cards({4, 1}));
  }
  // The digits' order of the old bid is gone: "58" would look the same now.
  State other = s;
  other.bid[0] = {5, 8, 0};
  ASSERT_FALSE(other == s);
  for (Player v : {Player{0}, Player{1}, Player{2}, kSpectator}) EXPECT_TRUE(s.observation(v) == other.observation(v));
}

// Seat 0 shoves seat 1 off the end before seat 1 reveals: its bid leaves the
// game face down, and nobody (seat 1 included) can tell "85" from "93".
TEST(Observation, ABidLostWithItsSheepIsNeverShown) {
  State worlds[2] = {table(3, {190, 199, 0}), table(3, {190, 199, 0})};
  const char* bid1[2] = {"85", "93"};
  for (int i = 0; i < 2; ++i) {
    bids(worlds[i], {"9", bid1[i], "0"});
    act_on(worlds[i], act::kMove);
    ASSERT_FALSE(worlds[i].alive(1));
    ASSERT_FALSE(worlds[i].revealed[1]);
  }
  for (Player v : {Player{0}, Player{1}, Player{2}, kSpectator})
    EXPECT_TRUE(worlds[0].observation(v) == worlds[1].observation(v)) << int{v};
  EXPECT_EQ(worlds[0].observation(2).hand[1], 0);
}

// A hidden bid is dealt from the seat's cards at random: a one-card bid of a
// sheep that any card from 5 up throws off the dyke is still any card.
TEST(Determinize, HiddenBidsAreDrawnUniformly) {
  State s = table(3, {195, 0, 0});
  bid(s, "2");
  std::array<int, 10> seen{};
  Rng rng(11, 11);
  const int samples = 5000;
  for (int i = 0; i < samples; ++i) {
    State d = s;
    d.determinize(1, rng);
    ASSERT_EQ(d.bid_len[0], 1);
    ++seen[d.bid[0][0]];
  }
  for (int digit = 0; digit < 10; ++digit) EXPECT_NEAR(seen[digit] / double{samples}, 0.1, 0.02) << digit;
}

// A spectator sees no hidden bid, so a world dealt for it redraws every one.
TEST(Determinize, ForASpectatorEveryHiddenBidIsRedrawn) {
  State s = table(3, {195, 0, 0});
  bid(s, "2");
  ASSERT_EQ(s.bid[0][0], 2);
  Rng rng(12, 12);
  int changed = 0;
  for (int i = 0; i < 100; ++i) {
    State d = s;
    d.determinize(kSpectator, rng);
    ASSERT_TRUE(d.observation(kSpectator) == s.observation(kSpectator));
    changed += d.bid[0][0] != 2;
  }
  EXPECT_GT(changed, 50);
}

}  // namespace
}  // namespace bw::hustle
