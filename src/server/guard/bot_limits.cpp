#include "server/guard/bot_limits.hpp"

#include <algorithm>

namespace bw::server {

std::string bot_over_limits(const AgentSpec& spec, const BotLimits& limits) {
  if (spec.kind != AgentSpec::Kind::Ismcts) return "";
  const auto& search = spec.ismcts;
  auto refuse = [&](const char* key, int asked, int cap) {
    return "agent '" + spec.text + "': " + key + "=" + std::to_string(asked) + " is over this server's limit of " +
           std::to_string(cap) + " (or pick a level: easy, medium, hard)";
  };
  if (spec.iterations_given && search.iterations > limits.max_iters)
    return refuse("iters", search.iterations, limits.max_iters);
  if (search.ms > limits.max_ms) return refuse("ms", search.ms, limits.max_ms);
  if (search.threads > limits.max_threads) return refuse("threads", search.threads, limits.max_threads);
  return "";
}

AgentSpec bounded_bot(const std::string& text, const BotLimits& limits, const std::atomic<bool>* stop) {
  AgentSpec spec = parse_agent_spec(text);
  if (spec.kind == AgentSpec::Kind::Ismcts) {
    auto& search = spec.ismcts;
    if (spec.iterations_given) search.iterations = std::min(search.iterations, limits.max_iters);
    search.ms = std::min(search.ms, limits.max_ms);
    search.threads = std::clamp(search.threads, 1, limits.max_threads);
  }
  spec.max_ms = limits.max_ms;
  spec.stop = stop;
  return spec;
}

}  // namespace bw::server
