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

}  // namespace
}  // namespace bw::hustle
