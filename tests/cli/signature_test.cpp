// The rules signature (`bellwether bench --signature`) pins the rules: it
// must change only when a game's rules do, and then this table is updated in
// the same commit, which quotes the new values.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "bench/signature.hpp"
#include "games/catalog.hpp"

namespace bw {
namespace {

struct Pinned {
  const char* game;
  std::uint64_t actions;
  std::uint64_t hash;
};
constexpr Pinned kPinned[] = {
    {"black-sheep", 13810, 0x2c9cc8e39cf5fa21}, {"bye-bye", 43646, 0x21846228f29691f9},
    {"hustle", 6357, 0x326735be7b6f975b},       {"boom-bah", 5157, 0x3278e0bfd7506e11},
    {"disguise", 374706, 0xb2100759af3777e1},
};
constexpr std::uint64_t kTotalActions = 443676;
constexpr std::uint64_t kTotalHash = 0x2255362a66e57d78;

TEST(RulesSignature, IsThePinnedOne) {
  Signature signature = rules_signature();
  ASSERT_EQ(signature.per_game.size(), std::size(kPinned)) << "a game was added: pin its signature here";
  for (std::size_t i = 0; i < std::size(kPinned); ++i) {
    const GameSignature& got = signature.per_game[i];
    EXPECT_EQ(got.game, kPinned[i].game);
    EXPECT_EQ(got.actions, kPinned[i].actions) << got.game;
    EXPECT_EQ(fmt::format("{:016x}", got.hash), fmt::format("{:016x}", kPinned[i].hash))
        << got.game << ": the rules changed; if intended, update this table (bellwether bench --signature)";
  }
  EXPECT_EQ(signature.actions, kTotalActions);
  EXPECT_EQ(fmt::format("{:016x}", signature.hash), fmt::format("{:016x}", kTotalHash));
}

TEST(RulesSignature, IsTheSameEachTime) {
  Signature first = rules_signature(), second = rules_signature();
  EXPECT_EQ(first.hash, second.hash);
  EXPECT_EQ(first.actions, second.actions);
}

}  // namespace
}  // namespace bw
