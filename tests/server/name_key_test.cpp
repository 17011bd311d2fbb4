// When two names are one (src/server/names/name_key.hpp): case, Unicode's
// compatibility forms, look-alike letters and invisible characters do not
// make another name; different names stay different.
#include "server/names/name_key.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace bw::server {
namespace {

TEST(NameKey, CaseWidthLookAlikesAndInvisibleCharactersMakeNoOtherName) {
  const std::string ann = name_key("Ann");
  for (const char* same : {"ann", "ANN", "aNN",
                           "\xd0\x90nn",                            // Cyrillic А (U+0410)
                           "\xce\x91nn",                            // Greek Α (U+0391)
                           "\xef\xbc\xa1\xef\xbd\x8e\xef\xbd\x8e",  // full-width Ａｎｎ
                           "A\xe2\x80\x8bnn", "An\xc2\xadn",        // a zero-width space, a soft hyphen
                           " Ann ", "Ann\xc2\xa0"})                 // spaces at the ends, a no-break space
    EXPECT_EQ(name_key(same), ann) << same;
  EXPECT_EQ(name_key("R0B"), name_key("rob")) << "a zero looks like an o";
  EXPECT_EQ(name_key("Vem"), name_key("Vern")) << "rn looks like m";
  EXPECT_EQ(name_key("Bob  the Builder"), name_key("Bob the builder")) << "a run of spaces looks like one";
  EXPECT_EQ(name_key("Stra\xc3\x9f"
                     "e"),
            name_key("STRASSE"));
}

TEST(NameKey, DifferentNamesStayDifferent) {
  const std::vector<std::string> names = {"Ann",
                                          "Anne",
                                          "Ana",
                                          "Bob",
                                          "Rob",
                                          "Bobby",
                                          "P1",
                                          "P2",
                                          "Ann Lee",
                                          "AnnLee",
                                          "\xe5\xb1\xb1\xe7\x94\xb0",
                                          "\xe5\xb1\xb1\xe4\xb8\xad"};
  for (std::size_t i = 0; i < names.size(); ++i)
    for (std::size_t j = i + 1; j < names.size(); ++j)
      EXPECT_NE(name_key(names[i]), name_key(names[j])) << names[i] << " / " << names[j];
}

TEST(NameKey, BotsNamesAndYouAreReservedForPeople) {
  for (const char* reserved : {"easy", "Medium", "HARD", "random", "Heuristic", "ismcts", "human", "You",
                               "M\xd0\xb5"
                               "dium"})  // with a Cyrillic е
    EXPECT_TRUE(is_reserved_name(reserved)) << reserved;
  for (const char* free : {"Ann", "Mediums", "Hardy", "Yours", "bot"}) EXPECT_FALSE(is_reserved_name(free)) << free;
}

TEST(NameKey, SeveralThreadsGetTheSameKeys) {
  std::vector<std::string> keys(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < keys.size(); ++i)
    threads.emplace_back([&keys, i] {
      for (int n = 0; n < 200; ++n) keys[i] = name_key("\xd0\x90nn " + std::to_string(n % 7));
    });
  for (auto& thread : threads) thread.join();
  for (const auto& key : keys) EXPECT_EQ(key, name_key("ann 3"));
}

}  // namespace
}  // namespace bw::server
