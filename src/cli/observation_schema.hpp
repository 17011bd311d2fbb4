// `bellwether games --observation-schema`: the JSON shape of a seat's
// observation in every game, inferred from the observations themselves (the
// same observation_json the server sends), for the front end's generated
// TypeScript types (web/tools/gen-observation-types.mjs).
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/registry.hpp"

namespace bw::cli {

// What the values seen at one place of the JSON were: any mix of null,
// boolean, number, string, array (with the shape of every element) and
// object (with the shape of every field and how often it was there).
class JsonShape {
 public:
  void add(const nlohmann::json& value);
  void add(const JsonShape& other);

  // The shape as a small JSON Schema: "type" (a list), "items" for arrays;
  // for objects "properties" and "required" (the fields every object had),
  // or "additionalProperties" when the object is a map, keyed by card names
  // or cells rather than by field names (a key that is not lower_snake_case,
  // e.g. "black sheep", "Eagle", "12", "c4"; or no key ever seen).
  nlohmann::json schema() const;

 private:
  struct Field {
    std::shared_ptr<JsonShape> shape;
    std::size_t seen = 0;
  };
  bool null_ = false, boolean_ = false, number_ = false, string_ = false, array_ = false;
  std::shared_ptr<JsonShape> items_;  // null: no element seen
  std::size_t objects_ = 0;           // objects seen
  std::map<std::string, Field> fields_;
};

// Whether a key names a field (lower_snake_case letters) rather than a card, a cell or a count.
bool is_field_name(const std::string& key);

// Every game's observation schema, by game id: the default parameters and,
// for each yes/no parameter, the defaults with that one turned the other way
// (a variant may add fields); every player count; seeded games of uniformly
// random moves until `steps_per_count` steps were seen (with the defaults,
// whole games: at least one); every seat's and the spectator's observation
// at every step.
nlohmann::json observation_schemas(const Registry& registry, int steps_per_count);

}  // namespace bw::cli
