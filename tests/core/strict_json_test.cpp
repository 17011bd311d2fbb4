// core/strict_json.hpp: the one strict reader for outside JSON.
#include "core/strict_json.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>

#include "core/errors.hpp"
#include "support/files.hpp"

namespace bw {
namespace {

using StrictFiles = testing::ScratchDir;

std::string bad_json_message(std::string_view text, const JsonLimits& limits = {}) {
  return testing::error_message<BadJson>([&] { parse_strict_json(text, "'x.json'", limits); });
}

using testing::contains;

std::string nested_arrays(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(StrictJson, ReadsOrdinaryJson) {
  auto json = parse_strict_json(R"({"a": [1, 2, {"b": "zoë"}], "c": null})", "test");
  EXPECT_EQ(json.at("a").at(2).at("b"), "zoë");
  EXPECT_EQ(parse_strict_json(" 7 \n", "test"), 7);
  EXPECT_EQ(parse_strict_json(nested_arrays(64), "test").size(), 1u);
}

TEST(StrictJson, RefusesDeepNestingBeforeBuildingIt) {
  // 50,000 levels used to overflow the stack in dump() and in destruction.
  std::string message = bad_json_message(nested_arrays(50000));
  EXPECT_TRUE(contains(message, "'x.json'")) << message;
  EXPECT_TRUE(contains(message, "nested too deeply")) << message;
  message = bad_json_message(R"({"version": )" + nested_arrays(65) + "}");
  EXPECT_TRUE(contains(message, "nested too deeply")) << message;
  message = bad_json_message(nested_arrays(5), JsonLimits{1000, 4});
  EXPECT_TRUE(contains(message, "more than 4 levels")) << message;
}

TEST(StrictJson, RefusesDuplicateKeysNamingThem) {
  std::string message = bad_json_message(R"({"seed": 1, "game": "x", "seed": 2})");
  EXPECT_TRUE(contains(message, "\"seed\" is given twice")) << message;
  message = bad_json_message(R"({"a": [{"k": 1, "k": 1}]})");
  EXPECT_TRUE(contains(message, "\"k\" is given twice")) << message;
  // The same key in two different objects is fine.
  EXPECT_NO_THROW(parse_strict_json(R"([{"k": 1}, {"k": 2}, {"a": {"k": 3}, "k": 4}])", "test"));
}

TEST(StrictJson, RefusesBytesAfterTheValue) {
  std::string message = bad_json_message(std::string("{\"a\": 1}\0garbage", 16));
  EXPECT_TRUE(contains(message, "NUL byte at offset 8")) << message;
  message = bad_json_message("{} {}");
  EXPECT_TRUE(contains(message, "not valid JSON")) << message;
  EXPECT_TRUE(contains(message, "end of input")) << message;
  message = bad_json_message("1 x");
  EXPECT_TRUE(contains(message, "not valid JSON")) << message;
}

TEST(StrictJson, RefusesTooMuchText) {
  std::string message = bad_json_message("[1, 2, 3]", JsonLimits{8, 64});
  EXPECT_TRUE(contains(message, "too large (9 bytes; at most 8 bytes)")) << message;
}

TEST(StrictJson, ParseErrorsDoNotEchoLongInput) {
  std::string long_string = "\"" + std::string(60000, 'x') + "\n\"";  // a raw newline inside a string
  std::string message = bad_json_message(long_string);
  EXPECT_TRUE(contains(message, "not valid JSON")) << message;
  EXPECT_LT(message.size(), 400u) << message;
  message = bad_json_message("\"caf\xff\"");
  EXPECT_TRUE(contains(message, "UTF-8")) << message;
}

TEST_F(StrictFiles, ReadsARegularFile) {
  write("a.json", "{\"a\": 1}");
  EXPECT_EQ(read_bounded_file(path("a.json"), 100, "file"), "{\"a\": 1}");
}

TEST_F(StrictFiles, GivesTheReasonAFileCannotBeRead) {
  auto message = [&](const std::string& file, std::size_t max_bytes = 100) {
    return testing::error_message<BadJson>([&] { read_bounded_file(file, max_bytes, "record file 'r'"); });
  };
  std::string text = message(path("absent.json"));
  EXPECT_TRUE(contains(text, "cannot open record file 'r': no such file")) << text;
  text = message(dir_.string());
  EXPECT_TRUE(contains(text, "is a directory")) << text;
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  text = message(path("fifo"));  // must not block waiting for a writer
  EXPECT_TRUE(contains(text, "not a regular file")) << text;
  text = message("/dev/zero");  // must not read forever
  EXPECT_TRUE(contains(text, "not a regular file")) << text;
  write("big.json", std::string(101, ' '));
  text = message(path("big.json"));
  EXPECT_TRUE(contains(text, "too large (101 bytes; at most 100 bytes)")) << text;
}

}  // namespace
}  // namespace bw
