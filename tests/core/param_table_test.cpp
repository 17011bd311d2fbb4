// core/param_table.hpp: one declaration gives both the specs and the reading of a validated map.
#include "core/param_table.hpp"

#include <gtest/gtest.h>

#include "core/errors.hpp"

namespace bw {
namespace {

struct Toy {
  int size = 3;
  bool fast = true;
  int side = 0;
  int total = 0;
};

ParamTable<Toy> toy_params() {
  return {
      int_param("size", &Toy::size, 1, 9, "how big"),
      bool_param("fast", &Toy::fast, "hurry"),
      choice_param<Toy>("side", "left", {"left", "right"}, "which side",
                        [](Toy& t, std::string_view v) { t.side = v == "right" ? 1 : 0; }),
      table_param<Toy>("parts", "a:1, b:2", "the parts",
                       [](Toy& t, std::string_view v) {
                         t.total = 0;
                         for (const TableEntry& e : parse_table(v, "parts")) t.total += table_int(e, "parts", 0, 5);
                       }),
  };
}

TEST(ParamTable, SpecsComeInDeclarationOrderWithTheStructDefaults) {
  std::vector<ParamSpec> specs = specs_of(toy_params());
  ASSERT_EQ(specs.size(), 4u);
  EXPECT_EQ(specs[0].name, "size");
  EXPECT_EQ(specs[0].default_value, "3");  // from Toy::size's initialiser
  EXPECT_EQ(specs[0].allowed_text(), "1..9");
  EXPECT_EQ(specs[1].default_value, "true");
  EXPECT_EQ(specs[2].allowed_text(), "left|right");
  EXPECT_EQ(specs[3].type, ParamType::Table);
  EXPECT_EQ(specs[3].help, "the parts");
}

TEST(ParamTable, ReadsAValidatedMapIntoTheStruct) {
  auto table = toy_params();
  Toy t = read_params(
      table,
      validate_params(specs_of(table), {{"size", "7"}, {"fast", "False"}, {"side", "Right"}, {"parts", "x:4, y:5"}}));
  EXPECT_EQ(t.size, 7);
  EXPECT_FALSE(t.fast);
  EXPECT_EQ(t.side, 1);
  EXPECT_EQ(t.total, 9);
  Toy d = read_params(table, validate_params(specs_of(table), {}));
  EXPECT_EQ(d.size, 3);
  EXPECT_TRUE(d.fast);
  EXPECT_EQ(d.total, 3);
}

TEST(ParamTable, ATableIsCheckedByTheSameParseThatReadsIt) {
  auto specs = specs_of(toy_params());
  EXPECT_THROW(validate_params(specs, {{"parts", "a:6"}}), BadParameter);
  EXPECT_NO_THROW(validate_params(specs, {{"parts", "a:5"}}));
}

}  // namespace
}  // namespace bw
