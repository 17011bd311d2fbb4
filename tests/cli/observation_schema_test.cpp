// The observation schema's inference (`bellwether games --observation-schema`):
// required and optional fields, element types, maps, and every game's schema.
#include "cli/observation_schema.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <nlohmann/json.hpp>

#include "games/catalog.hpp"

namespace bw::cli {
namespace {

using nlohmann::json;

json infer(std::initializer_list<json> values) {
  JsonShape shape;
  for (const json& v : values) shape.add(v);
  return shape.schema();
}

TEST(ObservationSchema, AFieldMissingFromSomeObjectsIsOptional) {
  const json s = infer({json::parse(R"({"turn": 1, "mine": "c4"})"), json::parse(R"({"turn": 2})")});
  EXPECT_EQ(s["type"], json({"object"}));
  EXPECT_EQ(s["required"], json({"turn"}));
  EXPECT_EQ(s["properties"]["mine"]["type"], json({"string"}));
  EXPECT_EQ(s["properties"]["turn"]["type"], json({"number"}));
}

TEST(ObservationSchema, NestedObjectsCountTheirOwnFields) {
  // "b" is in every seat object, though only some observations have seats with "c".
  const json s = infer({json::parse(R"({"seats": [{"b": true}, {"b": false, "c": null}]})"),
                        json::parse(R"({"seats": [{"b": true}]})")});
  const json& seat = s["properties"]["seats"]["items"];
  EXPECT_EQ(s["properties"]["seats"]["type"], json({"array"}));
  EXPECT_EQ(seat["required"], json({"b"}));
  EXPECT_EQ(seat["properties"]["b"]["type"], json({"boolean"}));
  EXPECT_EQ(seat["properties"]["c"]["type"], json({"null"}));
}

TEST(ObservationSchema, ValuesOfSeveralTypesListThemAll) {
  const json s = infer({json::parse(R"({"x": 1})"), json::parse(R"({"x": "one"})"), json::parse(R"({"x": null})")});
  EXPECT_EQ(s["properties"]["x"]["type"], json({"null", "number", "string"}));
}

TEST(ObservationSchema, ArraysMergeTheirElementsAndAnEmptyOneHasNoItemType) {
  const json s = infer({json::parse(R"({"a": [[1], [2, 3]], "e": []})"), json::parse(R"({"a": [], "e": []})")});
  EXPECT_EQ(s["properties"]["a"]["items"]["type"], json({"array"}));
  EXPECT_EQ(s["properties"]["a"]["items"]["items"]["type"], json({"number"}));
  EXPECT_EQ(s["properties"]["e"]["items"], json::object());
}

TEST(ObservationSchema, ObjectsKeyedByNamesAreMaps) {
  const json s = infer({json::parse(R"({"hand": {"cow": 2, "black sheep": 1}, "empty": {}})"),
                        json::parse(R"({"hand": {"pig": 1}, "empty": {}})")});
  EXPECT_EQ(s["properties"]["hand"]["additionalProperties"]["type"], json({"number"}));
  EXPECT_FALSE(s["properties"]["hand"].contains("properties"));
  EXPECT_EQ(s["properties"]["empty"]["additionalProperties"], json::object());
  EXPECT_TRUE(is_field_name("hand_size"));
  EXPECT_FALSE(is_field_name("black sheep"));
  EXPECT_FALSE(is_field_name("c4"));
  EXPECT_FALSE(is_field_name("Eagle"));
  EXPECT_FALSE(is_field_name("a__b"));
  EXPECT_FALSE(is_field_name(""));
}

TEST(ObservationSchema, EveryGameHasOneAndItIsTheSameEachRun) {
  const json a = observation_schemas(registry(), 100);
  EXPECT_EQ(a, observation_schemas(registry(), 100));
  for (const auto& game : registry().games()) {
    ASSERT_TRUE(a.contains(game.id)) << game.id;
    const json& s = a[game.id];
    EXPECT_EQ(s["type"], json({"object"})) << game.id;
    // Every game's observation says whose turn it is, always.
    EXPECT_NE(std::find(s["required"].begin(), s["required"].end(), "to_move"), s["required"].end()) << game.id;
  }
}

}  // namespace
}  // namespace bw::cli
