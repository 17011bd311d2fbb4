#include "server/store/rows.hpp"

#include <nlohmann/json.hpp>

#include "server/tables/seat_names.hpp"

namespace bw::server {

using json = nlohmann::json;

std::string params_column(const ParamMap& params) { return json(params).dump(); }
ParamMap params_from_column(const std::string& text) { return json::parse(text).get<ParamMap>(); }
std::string strings_column(const std::vector<std::string>& strings) { return json(strings).dump(); }
std::vector<std::string> strings_from_column(const std::string& text) {
  return json::parse(text).get<std::vector<std::string>>();
}
std::string names_without(const std::string& names_column, int seat) {
  auto names = strings_from_column(names_column);
  if (seat >= 0 && static_cast<std::size_t>(seat) < names.size())
    names[seat] = default_seat_name(static_cast<std::size_t>(seat));
  return strings_column(names);
}
std::string clocks_column(const std::vector<std::int64_t>& left_ms) { return json(left_ms).dump(); }
std::vector<std::int64_t> clocks_from_column(const std::string& text) {
  return json::parse(text).get<std::vector<std::int64_t>>();
}
std::string time_control_column(const TimeControl& time) { return time_control_json(time).dump(); }
TimeControl time_control_from_column(const std::string& text) { return time_control_from_json(json::parse(text)); }

}  // namespace bw::server
