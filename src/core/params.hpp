#pragma once
// Game parameters as people and files give them: named, typed, validated,
// each with a default and a line of help. A game reads the validated map into
// its own plain Params struct.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace bw {

// Table: a data table as text, "key:value, key:value" (decks, tile mixes, task
// lists), so an owner of the physical game can correct it without code.
enum class ParamType { Int, Bool, Choice, Table };

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::Int;
  std::string default_value;         // canonical text: "3", "true", "random"
  int min = 0, max = 0;              // Int: allowed range, inclusive
  std::vector<std::string> choices;  // Choice: allowed values
  std::string help;
  // Table: checks a value, throwing BadParameter that names the bad entry.
  std::function<void(std::string_view)> check_table = nullptr;

  std::string allowed_text() const;  // "1..5", "true|false", "a|b|c", "table"
};

// name -> canonical value text. After validate_params() every spec is present.
using ParamMap = std::map<std::string, std::string>;

// Checks every given value against its spec, fills in the defaults and
// canonicalises ("yes" -> "true"). Throws BadParameter naming the problem.
ParamMap validate_params(const std::vector<ParamSpec>& specs, const ParamMap& given);

// Parses "k=v" as typed on a command line. Throws BadParameter.
std::pair<std::string, std::string> parse_param_assignment(std::string_view text);

// One "key:value" entry of a Table parameter, spaces trimmed.
struct TableEntry {
  std::string key;
  std::string value;
};
// Splits "a:1, b:2" into entries (',' or ';' between them). Throws
// BadParameter naming `param` and the entry when one has no ':' or no key.
std::vector<TableEntry> parse_table(std::string_view text, std::string_view param);
// parse_table for tables whose keys name distinct things (a tile, a card kind),
// where a key given twice is a mistake: throws BadParameter "'<key>' is given twice".
std::vector<TableEntry> parse_keyed_table(std::string_view text, std::string_view param);
// An entry's value as an integer in [min, max]; throws BadParameter otherwise.
int table_int(const TableEntry& entry, std::string_view param, int min, int max);

int param_int(const ParamMap& params, const std::string& name);
bool param_bool(const ParamMap& params, const std::string& name);
const std::string& param_text(const ParamMap& params, const std::string& name);

}  // namespace bw
