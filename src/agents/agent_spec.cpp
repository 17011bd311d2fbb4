#include "agents/agent_spec.hpp"

#include <charconv>
#include <cmath>

#include "core/errors.hpp"
#include "core/outside_text.hpp"

namespace bw {

const char* agent_spec_help() {
  return "human | random | heuristic | easy | medium | hard | "
         "ismcts[:iters=N|ms=N,c=X,rollout=random|heuristic,horizon=N,bias=X,eps=X,score=X,opp=X,depth=N,fpu=X,branch="
         "true|false,threads=N,reuse=true|false|strict]";
}

namespace {
template <class Number>
Number number(std::string_view spec, std::string_view key, std::string_view value, Number low, Number high) {
  Number parsed{};
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  // from_chars reads "nan" and "inf" for doubles, and NaN fails every comparison: refuse them by name.
  bool finite = true;
  if constexpr (std::is_floating_point_v<Number>) finite = std::isfinite(parsed);
  if (ec != std::errc{} || end != value.data() + value.size() || !finite || parsed < low || parsed > high)
    throw BadSeats("agent '" + excerpt(spec) + "': " + excerpt(key) + "=" + excerpt(value) + " is not a number in " +
                   std::to_string(low) + ".." + std::to_string(high));
  return parsed;
}
}  // namespace

std::vector<std::string> split_seats(std::string_view text) {
  std::vector<std::string> seats;
  for (auto& item : split_list(text)) {
    bool is_option = item.find('=') != std::string::npos && item.find(':') == std::string::npos;
    if (is_option && !seats.empty() && seats.back().find(':') != std::string::npos) seats.back() += "," + item;
    else seats.push_back(item);
  }
  return seats;
}

AgentSpec parse_agent_spec(std::string_view text) {
  AgentSpec spec;
  std::string_view name = text.substr(0, text.find(':'));
  if (name == "human") spec.kind = AgentSpec::Kind::Human;
  else if (name == "random") spec.kind = AgentSpec::Kind::Random;
  else if (name == "heuristic") spec.kind = AgentSpec::Kind::Heuristic;
  else if (name == "ismcts") spec.kind = AgentSpec::Kind::Ismcts;
  else if (name == "easy" || name == "medium" || name == "hard") {
    spec.kind = AgentSpec::Kind::Level;
    spec.level = name == "easy"     ? AgentSpec::Strength::Easy
                 : name == "medium" ? AgentSpec::Strength::Medium
                                    : AgentSpec::Strength::Hard;
  } else throw BadSeats("unknown agent '" + excerpt(text) + "' (agents: " + agent_spec_help() + ")");

  std::string_view options = name.size() < text.size() ? text.substr(name.size() + 1) : std::string_view{};
  if (!options.empty() && spec.kind != AgentSpec::Kind::Ismcts)
    throw BadSeats("agent '" + excerpt(name) + "' takes no options");
  while (!options.empty()) {
    std::string_view item = options.substr(0, options.find(','));
    options.remove_prefix(std::min(options.size(), item.size() + 1));
    auto eq = item.find('=');
    if (eq == std::string_view::npos)
      throw BadSeats("agent '" + excerpt(text) + "': option '" + excerpt(item) + "' should be key=value");
    std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "iters") {
      spec.ismcts.iterations = number<int>(text, key, value, 1, 100000000);
      spec.iterations_given = true;
    } else if (key == "ms") spec.ismcts.ms = number<int>(text, key, value, 1, 3600000);
    else if (key == "c") spec.ismcts.c = number<double>(text, key, value, 0.0, 100.0);
    else if (key == "rollout" && (value == "random" || value == "heuristic")) {
      spec.ismcts.heuristic_rollout = value == "heuristic";
      spec.rollout_given = true;
    } else if (key == "horizon") {
      spec.ismcts.horizon = number<int>(text, key, value, 0, 100000000);
      spec.horizon_given = true;
    } else if (key == "eps") spec.ismcts.epsilon = number<double>(text, key, value, 0.0, 1.0);
    else if (key == "score") {
      spec.ismcts.score_weight = number<double>(text, key, value, 0.0, 1.0);
      spec.score_weight_given = true;
    } else if (key == "opp") {
      spec.ismcts.opponent_model = number<double>(text, key, value, 0.0, 1.0);
      spec.opponent_model_given = true;
    } else if (key == "depth") spec.ismcts.depth = number<int>(text, key, value, 0, 1000);
    else if (key == "fpu") spec.ismcts.first_play_urgency = number<double>(text, key, value, 0.0, 100.0);
    else if (key == "branch" && (value == "true" || value == "false")) {
      spec.ismcts.branch_on_outcomes = value == "true";
      spec.branch_given = true;
    } else if (key == "bias") spec.ismcts.bias = number<double>(text, key, value, 0.0, 100.0);
    else if (key == "threads") spec.ismcts.threads = number<int>(text, key, value, 1, kMaxSearchThreads);
    else if (key == "reuse" && (value == "true" || value == "false" || value == "strict")) {
      spec.ismcts.reuse_tree = value != "false";
      spec.ismcts.strict_reuse = value == "strict";
    } else
      throw BadSeats("agent '" + excerpt(text) + "': unknown option '" + excerpt(item) +
                     "' (ismcts options: iters=N, ms=N, c=X, rollout=random|heuristic, horizon=N, bias=X, eps=X, "
                     "score=X, opp=X, depth=N, fpu=X, branch=true|false, threads=N, reuse=true|false|strict)");
  }
  spec.text = std::string(text);
  return spec;
}

}  // namespace bw
