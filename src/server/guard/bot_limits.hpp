#pragma once
// What a bot may spend on a server that thinks for strangers: the operator's
// caps (serve --bot-max-iters, --bot-max-ms, --bot-max-threads). A create
// request beyond them is refused; a table stored before the caps were lowered
// is cut down to them; every search stops at max_ms and at shutdown.
#include <atomic>
#include <string>

#include "agents/agent_spec.hpp"

namespace bw::server {

struct BotLimits {
  int max_iters = 20000;  // ismcts:iters=N (the games' own levels are always allowed)
  int max_ms = 2000;      // ismcts:ms=N, and the time any search is stopped at
  int max_threads = 1;    // ismcts:threads=N
};

// Why `spec` (parsed) asks for more than `limits` allow, in words for the
// person creating the table; "" when it does not.
std::string bot_over_limits(const AgentSpec& spec, const BotLimits& limits);

// The agent spec a table runs for `text`: cut down to `limits`, stopped by `stop`.
AgentSpec bounded_bot(const std::string& text, const BotLimits& limits, const std::atomic<bool>* stop);

}  // namespace bw::server
