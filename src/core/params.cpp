#include "core/params.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include "core/errors.hpp"
#include "core/outside_text.hpp"

namespace bw {

std::string ParamSpec::allowed_text() const {
  switch (type) {
    case ParamType::Int: return std::to_string(min) + ".." + std::to_string(max);
    case ParamType::Bool: return "true|false";
    case ParamType::Choice: {
      std::string text;
      for (const auto& choice : choices) text += (text.empty() ? "" : "|") + choice;
      return text;
    }
    case ParamType::Table: return "table";
  }
  return {};
}

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::string canonical_value(const ParamSpec& spec, const std::string& raw) {
  auto reject = [&]() -> std::string {
    throw BadParameter("parameter '" + spec.name + "': '" + excerpt(raw) +
                       "' is not allowed (allowed: " + spec.allowed_text() + ")");
  };
  switch (spec.type) {
    case ParamType::Int: {
      int value = 0;
      auto [end, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), value);
      if (ec != std::errc{} || end != raw.data() + raw.size() || value < spec.min || value > spec.max) reject();
      return std::to_string(value);
    }
    case ParamType::Bool: {
      std::string v = lower(raw);
      // Exactly the words the allowed values name: "yes" or "1" is refused, not guessed at.
      if (v == "true" || v == "false") return v;
      return reject();
    }
    case ParamType::Choice: {
      std::string v = lower(raw);
      if (std::find(spec.choices.begin(), spec.choices.end(), v) == spec.choices.end()) reject();
      return v;
    }
    case ParamType::Table: {
      std::string v(trim(raw));
      parse_table(v, spec.name);
      if (spec.check_table) spec.check_table(v);
      return v;
    }
  }
  return reject();
}

}  // namespace

ParamMap validate_params(const std::vector<ParamSpec>& specs, const ParamMap& given) {
  for (const auto& [name, value] : given) {
    bool known = std::any_of(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; });
    if (!known) {
      std::string names;
      for (const auto& s : specs) names += (names.empty() ? "" : ", ") + s.name;
      throw BadParameter("unknown parameter '" + name + "' (this game has: " + (names.empty() ? "none" : names) + ")");
    }
  }
  ParamMap out;
  for (const auto& spec : specs) {
    auto it = given.find(spec.name);
    out[spec.name] = canonical_value(spec, it == given.end() ? spec.default_value : it->second);
  }
  return out;
}

std::pair<std::string, std::string> parse_param_assignment(std::string_view text) {
  auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size())
    throw BadParameter("parameter '" + std::string(text) + "' should look like name=value");
  return {std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

std::vector<TableEntry> parse_table(std::string_view text, std::string_view param) {
  std::vector<TableEntry> entries;
  while (!text.empty()) {
    auto end = text.find_first_of(",;");
    std::string_view item = trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (item.empty()) continue;
    auto colon = item.find(':');
    if (colon == std::string_view::npos || trim(item.substr(0, colon)).empty())
      throw BadParameter("parameter '" + std::string(param) + "': entry '" + excerpt(item) +
                         "' should look like name:value");
    entries.push_back({lower(trim(item.substr(0, colon))), std::string(trim(item.substr(colon + 1)))});
  }
  return entries;
}

std::vector<TableEntry> parse_keyed_table(std::string_view text, std::string_view param) {
  std::vector<TableEntry> entries = parse_table(text, param);
  std::set<std::string_view> seen;
  for (const TableEntry& entry : entries)
    if (!seen.insert(entry.key).second)
      throw BadParameter("parameter '" + std::string(param) + "': '" + excerpt(entry.key) + "' is given twice");
  return entries;
}

int table_int(const TableEntry& entry, std::string_view param, int min, int max) {
  int value = 0;
  const std::string& raw = entry.value;
  auto [end, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), value);
  if (ec != std::errc{} || end != raw.data() + raw.size() || value < min || value > max)
    throw BadParameter("parameter '" + std::string(param) + "': '" + entry.key + ":" + raw + "' needs a number in " +
                       std::to_string(min) + ".." + std::to_string(max));
  return value;
}

const std::string& param_text(const ParamMap& params, const std::string& name) {
  auto it = params.find(name);
  if (it == params.end()) throw BadParameter("missing parameter '" + name + "'");
  return it->second;
}

int param_int(const ParamMap& params, const std::string& name) { return std::stoi(param_text(params, name)); }

bool param_bool(const ParamMap& params, const std::string& name) { return param_text(params, name) == "true"; }

}  // namespace bw
