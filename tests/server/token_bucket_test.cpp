// The WebSocket message limit's token bucket, on a clock the test moves.
#include "server/guard/token_bucket.hpp"

#include <gtest/gtest.h>

namespace bw::server {
namespace {

using namespace std::chrono_literals;
using Clock = TokenBucket::Clock;

TEST(TokenBucket, StartsFullAndAllowsABurst) {
  const Clock::time_point t0{};
  TokenBucket bucket(5, 10, t0);
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(bucket.take(t0)) << "token " << i;
  EXPECT_FALSE(bucket.take(t0));  // the burst is spent, and no time has passed
  EXPECT_FALSE(bucket.take(t0));
}

TEST(TokenBucket, RefillsAtItsRateOverTime) {
  const Clock::time_point t0{};
  TokenBucket bucket(4, 8, t0);
  for (int i = 0; i < 8; ++i) ASSERT_TRUE(bucket.take(t0));
  EXPECT_FALSE(bucket.take(t0 + 200ms));  // 0.8 of a token
  EXPECT_TRUE(bucket.take(t0 + 250ms));   // one token at 4 a second
  EXPECT_FALSE(bucket.take(t0 + 250ms));
  // A second later: four more, no fifth.
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(bucket.take(t0 + 1250ms)) << "token " << i;
  EXPECT_FALSE(bucket.take(t0 + 1250ms));
}

TEST(TokenBucket, NeverHoldsMoreThanItsBurst) {
  const Clock::time_point t0{};
  TokenBucket bucket(5, 10, t0);
  EXPECT_TRUE(bucket.take(t0 + 1h));  // an hour idle refills to 10, not 18,000
  EXPECT_DOUBLE_EQ(bucket.tokens(), 9);
  for (int i = 0; i < 9; ++i) EXPECT_TRUE(bucket.take(t0 + 1h));
  EXPECT_FALSE(bucket.take(t0 + 1h));
}

TEST(TokenBucket, WaitForTokenIsTheMissingFractionAtTheRate) {
  const Clock::time_point t0{};
  TokenBucket bucket(2, 2, t0);
  EXPECT_EQ(bucket.wait_for_token().count(), 0);  // full
  ASSERT_TRUE(bucket.take(t0));
  ASSERT_TRUE(bucket.take(t0));
  EXPECT_DOUBLE_EQ(bucket.wait_for_token().count(), 0.5);  // a whole token at 2 a second
  EXPECT_FALSE(bucket.take(t0 + 100ms));                   // 0.2 of one now
  EXPECT_NEAR(bucket.wait_for_token().count(), 0.4, 1e-9);
  EXPECT_TRUE(bucket.take(t0 + 500ms));
}

TEST(TokenBucket, RetryTimeIsTheBacklogAtTheRateRoundedUp) {
  const Clock::time_point t0{};
  TokenBucket bucket(5, 10, t0);
  EXPECT_EQ(bucket.retry_ms(32), 6400);  // 32 messages waiting at 5 a second
  EXPECT_EQ(bucket.retry_ms(1), 200);
  EXPECT_EQ(bucket.retry_ms(0), 0);
  TokenBucket slow(3, 6, t0);
  EXPECT_EQ(slow.retry_ms(1), 334);  // 333.3... ms, rounded up
  EXPECT_EQ(slow.retry_ms(32), 10667);
}

TEST(TokenBucket, FullAgainOnlyOnceTheWholeBurstIsBack) {
  const Clock::time_point t0{};
  TokenBucket bucket(2, 4, t0);
  EXPECT_TRUE(bucket.full_at(t0));
  ASSERT_TRUE(bucket.take(t0));
  ASSERT_TRUE(bucket.take(t0));
  EXPECT_FALSE(bucket.full_at(t0 + 999ms));  // 3.998 tokens
  EXPECT_TRUE(bucket.full_at(t0 + 1s));
  EXPECT_TRUE(bucket.full_at(t0 + 1h));
}

}  // namespace
}  // namespace bw::server
