// core/outside_text.hpp: outside strings escaped and bounded before they reach a terminal.
#include "core/outside_text.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/errors.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

std::string bad_name_message(std::string_view name) {
  return testing::error_message<BadSeats>([&] { check_display_name(name, "seat 2's name"); });
}

using testing::contains;

TEST(OutsideText, ExcerptKeepsPlainTextAsItIs) {
  EXPECT_EQ(excerpt("Ann"), "Ann");
  EXPECT_EQ(excerpt("Zoë 🐑"), "Zoë 🐑");
  EXPECT_EQ(excerpt(""), "");
}

TEST(OutsideText, ExcerptEscapesControlCharactersAndBadBytes) {
  EXPECT_EQ(excerpt("Bob\n1. Ann: resigns"), "Bob\\n1. Ann: resigns");
  EXPECT_EQ(excerpt("\x1b[31mred"), "\\x1b[31mred");
  EXPECT_EQ(excerpt("a\x7f"
                    "b"),
            "a\\x7fb");
  EXPECT_EQ(excerpt("a\xc2\x9b"
                    "b"),
            "a\\u009bb");  // C1 CSI
  EXPECT_EQ(excerpt("a\xff"
                    "b"),
            "a\\xffb");  // not UTF-8
  EXPECT_EQ(excerpt("a\xe2\x80\xae"
                    "b"),
            "a\\u202eb");                      // right-to-left override
  EXPECT_EQ(excerpt("C:\\x1b"), "C:\\\\x1b");  // a real backslash stays distinguishable from an escape
}

TEST(OutsideText, ExcerptCutsLongTextAndGivesItsSize) {
  std::string long_text(60000, 'x');
  std::string shown = excerpt(long_text);
  EXPECT_EQ(shown, std::string(60, 'x') + "… (60000 bytes)");
  EXPECT_EQ(excerpt("abcdef", 3), "abc… (6 bytes)");
  // Escapes count as what they show, so the bound holds for hostile text too.
  std::string escapes(1000, '\x01');
  EXPECT_LT(excerpt(escapes).size(), 80u);
}

TEST(OutsideText, DisplayNamesThatAreFine) {
  EXPECT_NO_THROW(check_display_name("Ann", "seat 1's name"));
  EXPECT_NO_THROW(check_display_name("Zoë the Ewe", "seat 1's name"));
  EXPECT_NO_THROW(check_display_name(std::string(32, 'a'), "seat 1's name"));
  // 32 characters of two bytes each: the bound is in characters.
  std::string accents;
  for (int i = 0; i < 32; ++i) accents += "é";
  EXPECT_NO_THROW(check_display_name(accents, "seat 1's name"));
  EXPECT_NO_THROW(check_display_name(" Ann ", "seat 1's name"));                       // spaces around a name
  EXPECT_NO_THROW(check_display_name("\U0001F468\u200d\U0001F33E", "seat 1's name"));  // an emoji joined by a ZWJ
}

TEST(OutsideText, DisplayNameRefusals) {
  std::string message = bad_name_message("");
  EXPECT_TRUE(contains(message, "seat 2's name is empty")) << message;

  message = bad_name_message(std::string(33, 'a'));
  EXPECT_TRUE(contains(message, "seat 2's name")) << message;
  EXPECT_TRUE(contains(message, "longer than 32 characters (33)")) << message;

  message = bad_name_message(std::string(1'000'000, 'a'));
  EXPECT_TRUE(contains(message, "longer than 32")) << message;
  EXPECT_LT(message.size(), 200u) << "a long name is not echoed whole";

  message = bad_name_message("Bob\n1. Ann: resigns");
  EXPECT_TRUE(contains(message, "control character (\\n)")) << message;
  EXPECT_FALSE(contains(message, "\n")) << message;

  message = bad_name_message("\x1b[2JBob");
  EXPECT_TRUE(contains(message, "control character (\\x1b)")) << message;

  message = bad_name_message("Bob\xc2\x85");
  EXPECT_TRUE(contains(message, "control character (\\u0085)")) << message;

  message = bad_name_message("Bo\xff");
  EXPECT_TRUE(contains(message, "not valid UTF-8")) << message;

  message = bad_name_message("Bo\xc0\xaf");  // an overlong '/'
  EXPECT_TRUE(contains(message, "not valid UTF-8")) << message;

  // Names that look like no name (issue 33): spaces, a zero-width joiner, a no-break space, an ideographic space.
  for (const char* blank : {"   ", "\u200d", " \u200b\u200d ", "\u00a0", "\u3000\u3164", "\ufeff"}) {
    message = bad_name_message(blank);
    EXPECT_TRUE(contains(message, "has no visible character")) << message;
  }
}

TEST(OutsideText, PlainTextProblem) {
  EXPECT_EQ(plain_text_problem("draw from P2"), "");
  EXPECT_TRUE(contains(plain_text_problem("a\tb"), "control character (\\t)"));
  EXPECT_TRUE(contains(plain_text_problem("\xed\xa0\x80"), "not valid UTF-8"));  // a surrogate
}

}  // namespace
}  // namespace bw
