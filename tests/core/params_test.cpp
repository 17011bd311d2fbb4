// core/params.hpp: named, typed, validated game parameters.
#include "core/params.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/errors.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

std::vector<ParamSpec> specs() {
  return {
      {"advanced", ParamType::Bool, "false", 0, 0, {}, "advanced rules"},
      {"rounds", ParamType::Int, "3", 1, 9, {}, "rounds to play"},
      {"offset", ParamType::Int, "0", -5, 5, {}, "a signed one"},
      {"board", ParamType::Choice, "small", 0, 0, {"small", "large", "huge"}, "board size"},
  };
}

// Runs `fn`, expects a BadParameter, returns its message.
template <class Fn>
std::string bad_parameter_message(Fn fn) {
  return testing::error_message<BadParameter>(fn);
}

TEST(Params, AllowedText) {
  auto s = specs();
  EXPECT_EQ(s[0].allowed_text(), "true|false");
  EXPECT_EQ(s[1].allowed_text(), "1..9");
  EXPECT_EQ(s[2].allowed_text(), "-5..5");
  EXPECT_EQ(s[3].allowed_text(), "small|large|huge");
}

TEST(Params, FillsDefaults) {
  ParamMap out = validate_params(specs(), {});
  EXPECT_EQ(out, (ParamMap{{"advanced", "false"}, {"rounds", "3"}, {"offset", "0"}, {"board", "small"}}));
}

TEST(Params, KeepsGivenValuesAndDefaultsTheRest) {
  ParamMap out = validate_params(specs(), {{"rounds", "9"}, {"board", "large"}});
  EXPECT_EQ(out.at("rounds"), "9");
  EXPECT_EQ(out.at("board"), "large");
  EXPECT_EQ(out.at("advanced"), "false");
  EXPECT_EQ(out.at("offset"), "0");
  EXPECT_EQ(out.size(), 4u);
}

TEST(Params, CanonicalisesBools) {
  for (const char* yes : {"true", "TRUE", "True"})
    EXPECT_EQ(validate_params(specs(), {{"advanced", yes}}).at("advanced"), "true") << yes;
  for (const char* no : {"false", "False", "FALSE"})
    EXPECT_EQ(validate_params(specs(), {{"advanced", no}}).at("advanced"), "false") << no;
}

TEST(Params, CanonicalisesChoicesAndInts) {
  EXPECT_EQ(validate_params(specs(), {{"board", "HUGE"}}).at("board"), "huge");
  EXPECT_EQ(validate_params(specs(), {{"offset", "-5"}}).at("offset"), "-5");
  EXPECT_EQ(validate_params(specs(), {{"rounds", "1"}}).at("rounds"), "1");
  EXPECT_EQ(validate_params(specs(), {{"rounds", "007"}}).at("rounds"), "7");
}

TEST(Params, ValidatingTwiceChangesNothing) {
  ParamMap once = validate_params(specs(), {{"advanced", "True"}, {"board", "Large"}});
  EXPECT_EQ(validate_params(specs(), once), once);
}

TEST(Params, RejectsUnknownNamesListingTheKnownOnes) {
  std::string message = bad_parameter_message([] { validate_params(specs(), {{"colour", "red"}}); });
  EXPECT_NE(message.find("colour"), std::string::npos) << message;
  for (const char* known : {"advanced", "rounds", "offset", "board"})
    EXPECT_NE(message.find(known), std::string::npos) << message;
}

TEST(Params, UnknownNameForAGameWithoutParameters) {
  std::string message = bad_parameter_message([] { validate_params({}, {{"x", "1"}}); });
  EXPECT_NE(message.find("'x'"), std::string::npos) << message;
  EXPECT_NE(message.find("none"), std::string::npos) << message;
  EXPECT_TRUE(validate_params({}, {}).empty());
}

TEST(Params, RejectsOutOfRangeInts) {
  for (const char* value : {"0", "10", "-1", "99999999999999999999"}) {
    std::string message = bad_parameter_message([&] { validate_params(specs(), {{"rounds", value}}); });
    EXPECT_NE(message.find("rounds"), std::string::npos) << message;
    EXPECT_NE(message.find("1..9"), std::string::npos) << message;
  }
  std::string message = bad_parameter_message([] { validate_params(specs(), {{"offset", "6"}}); });
  EXPECT_NE(message.find("offset"), std::string::npos) << message;
}

TEST(Params, RejectsNonNumericInts) {
  for (const char* value : {"three", "", "3x", "3.0", " 3", "3 ", "0x3", "+-3"}) {
    std::string message = bad_parameter_message([&] { validate_params(specs(), {{"rounds", value}}); });
    EXPECT_NE(message.find("rounds"), std::string::npos) << "value '" << value << "': " << message;
  }
}

TEST(Params, RejectsBadBools) {
  // Only the words the message offers: no yes/no, on/off or 1/0 guessed at.
  for (const char* value : {"maybe", "", "2", "tru", "yes", "no", "on", "off", "1", "0"}) {
    std::string message = bad_parameter_message([&] { validate_params(specs(), {{"advanced", value}}); });
    EXPECT_NE(message.find("advanced"), std::string::npos) << message;
    EXPECT_NE(message.find("true|false"), std::string::npos) << message;
  }
}

TEST(Params, RejectsBadChoices) {
  std::string message = bad_parameter_message([] { validate_params(specs(), {{"board", "medium"}}); });
  EXPECT_NE(message.find("board"), std::string::npos) << message;
  EXPECT_NE(message.find("medium"), std::string::npos) << message;
  EXPECT_NE(message.find("small|large|huge"), std::string::npos) << message;
}

TEST(Params, BadParameterIsABellwetherError) {
  try {
    validate_params(specs(), {{"rounds", "x"}});
    FAIL() << "no exception";
  } catch (const Error&) {
    SUCCEED();
  }
}

TEST(Params, ParsesAssignments) {
  EXPECT_EQ(parse_param_assignment("advanced=true"), (std::pair<std::string, std::string>{"advanced", "true"}));
  EXPECT_EQ(parse_param_assignment("a=b=c"), (std::pair<std::string, std::string>{"a", "b=c"}));
  EXPECT_EQ(parse_param_assignment("n=0"), (std::pair<std::string, std::string>{"n", "0"}));
}

TEST(Params, RejectsMalformedAssignments) {
  for (const char* text : {"x", "=1", "x=", "=", ""}) {
    std::string message = bad_parameter_message([&] { parse_param_assignment(text); });
    EXPECT_NE(message.find("'" + std::string(text) + "'"), std::string::npos) << message;
    EXPECT_NE(message.find("name=value"), std::string::npos) << message;
  }
}

TEST(Params, TypedAccessors) {
  ParamMap map = validate_params(specs(), {{"advanced", "true"}, {"offset", "-4"}});
  EXPECT_TRUE(param_bool(map, "advanced"));
  EXPECT_EQ(param_int(map, "rounds"), 3);
  EXPECT_EQ(param_int(map, "offset"), -4);
  EXPECT_EQ(param_text(map, "board"), "small");
  std::string message = bad_parameter_message([&] { param_text(map, "missing"); });
  EXPECT_NE(message.find("missing"), std::string::npos) << message;
  EXPECT_THROW(param_int(map, "missing"), BadParameter);
  EXPECT_THROW(param_bool(map, "missing"), BadParameter);
}

ParamSpec deck_spec() {
  ParamSpec spec{"deck", ParamType::Table, "red:3, blue:2", 0, 0, {}, "cards per colour"};
  spec.check_table = [](std::string_view text) {
    for (const auto& entry : parse_table(text, "deck")) {
      if (entry.key != "red" && entry.key != "blue")
        throw BadParameter("parameter 'deck': unknown colour '" + entry.key + "'");
      table_int(entry, "deck", 0, 9);
    }
  };
  return spec;
}

TEST(Params, TablesParseIntoTrimmedLowercaseKeys) {
  auto entries = parse_table(" Red : 3 ;blue:2,, green:x ", "deck");
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].key, "red");
  EXPECT_EQ(entries[0].value, "3");
  EXPECT_EQ(entries[2].key, "green");
  EXPECT_EQ(entries[2].value, "x");
  EXPECT_TRUE(parse_table("", "deck").empty());
}

TEST(Params, TablesAreValidatedByTheGamesCheck) {
  std::vector<ParamSpec> with_deck{deck_spec()};
  EXPECT_EQ(param_text(validate_params(with_deck, {}), "deck"), "red:3, blue:2");
  EXPECT_EQ(param_text(validate_params(with_deck, {{"deck", "  blue:9 "}}), "deck"), "blue:9");
  EXPECT_EQ(with_deck[0].allowed_text(), "table");
  std::string message = bad_parameter_message([&] { validate_params(with_deck, {{"deck", "red:3, purple:1"}}); });
  EXPECT_NE(message.find("purple"), std::string::npos) << message;
  message = bad_parameter_message([&] { validate_params(with_deck, {{"deck", "red:12"}}); });
  EXPECT_NE(message.find("red:12"), std::string::npos) << message;
  EXPECT_NE(message.find("0..9"), std::string::npos) << message;
  message = bad_parameter_message([&] { validate_params(with_deck, {{"deck", "red 3"}}); });
  EXPECT_NE(message.find("'red 3'"), std::string::npos) << message;
}

}  // namespace
}  // namespace bw
