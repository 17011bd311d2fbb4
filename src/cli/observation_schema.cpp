#include "cli/observation_schema.hpp"

#include <cstdint>
#include <vector>

#include "core/any_state.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"

namespace bw::cli {

using nlohmann::json;

void JsonShape::add(const json& value) {
  switch (value.type()) {
    case json::value_t::null: null_ = true; break;
    case json::value_t::boolean: boolean_ = true; break;
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: number_ = true; break;
    case json::value_t::string: string_ = true; break;
    case json::value_t::array:
      array_ = true;
      for (const json& element : value) {
        if (!items_) items_ = std::make_shared<JsonShape>();
        items_->add(element);
      }
      break;
    case json::value_t::object:
      ++objects_;
      for (const auto& [key, field] : value.items()) {
        Field& f = fields_[key];
        if (!f.shape) f.shape = std::make_shared<JsonShape>();
        f.shape->add(field);
        ++f.seen;
      }
      break;
    default: break;  // binary and discarded values never come from observation_json
  }
}

void JsonShape::add(const JsonShape& other) {
  null_ |= other.null_;
  boolean_ |= other.boolean_;
  number_ |= other.number_;
  string_ |= other.string_;
  array_ |= other.array_;
  if (other.items_) {
    if (!items_) items_ = std::make_shared<JsonShape>();
    items_->add(*other.items_);
  }
  objects_ += other.objects_;
  for (const auto& [key, field] : other.fields_) {
    Field& f = fields_[key];
    if (!f.shape) f.shape = std::make_shared<JsonShape>();
    f.shape->add(*field.shape);
    f.seen += field.seen;
  }
}

bool is_field_name(const std::string& key) {
  if (key.empty() || key.front() == '_' || key.back() == '_') return false;
  for (std::size_t i = 0; i < key.size(); ++i) {
    const char c = key[i];
    if (c == '_' ? key[i - 1] == '_' : c < 'a' || c > 'z') return false;
  }
  return true;
}

json JsonShape::schema() const {
  json types = json::array();
  if (null_) types.push_back("null");
  if (boolean_) types.push_back("boolean");
  if (number_) types.push_back("number");
  if (string_) types.push_back("string");
  if (array_) types.push_back("array");
  if (objects_ > 0) types.push_back("object");
  json out = {{"type", types}};
  if (array_) out["items"] = items_ ? items_->schema() : json::object();  // {}: no element ever seen
  if (objects_ == 0) return out;
  bool map = fields_.empty();
  for (const auto& [key, field] : fields_) map = map || !is_field_name(key);
  if (map) {
    JsonShape values;
    for (const auto& [key, field] : fields_) values.add(*field.shape);
    out["additionalProperties"] = fields_.empty() ? json::object() : values.schema();
    return out;
  }
  json properties = json::object(), required = json::array();
  for (const auto& [key, field] : fields_) {
    properties[key] = field.shape->schema();
    if (field.seen == objects_) required.push_back(key);
  }
  out["properties"] = std::move(properties);
  out["required"] = std::move(required);
  return out;
}

json observation_schemas(const Registry& registry, int steps_per_count) {
  json out = json::object();
  for (const GameInfo& game : registry.games()) {
    std::vector<ParamMap> settings = {{}};  // the defaults first
    for (const ParamSpec& p : game.params)
      if (p.type == ParamType::Bool) settings.push_back({{p.name, p.default_value == "true" ? "false" : "true"}});
    JsonShape shape;
    for (const ParamMap& params : settings) {
      const bool whole_games = params.empty();  // a variant's game may stop at the budget: its end is the defaults'
      for (int players = game.min_players; players <= game.max_players; ++players) {
        int steps = 0;
        for (std::uint64_t seed = 1000 * players + 1; steps < steps_per_count; ++seed) {
          auto state = game.start(params, players, seed);
          Rng chooser(seed, 0x5c4e);
          for (;; ++steps) {
            for (Player p = 0; p < players; ++p) shape.add(state->observation_json(p));
            shape.add(state->observation_json(kSpectator));
            if (state->is_terminal() || (!whole_games && steps >= steps_per_count)) break;
            const std::vector<Action> legal = state->legal_actions();
            state->apply(legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
          }
        }
      }
    }
    out[game.id] = shape.schema();
  }
  return out;
}

}  // namespace bw::cli
