#pragma once
// How an endpoint that answers later (after the database or a table) turns
// what it throws or what the store says into an HTTP answer.
#include <functional>
#include <string>
#include <vector>

#include "server/http/message.hpp"
#include "server/http/router.hpp"
#include "server/store/store.hpp"

namespace bw::server {

// Runs `body`, which answers through `reply` itself; what it throws is
// answered instead. A TableElsewhere goes on to the router (a redirect).
void answering(const ReplyFn& reply, const std::function<void()>& body);

// A store callback that answers `answer` once the write is durable, or "storage".
Store::Done answer_when_stored(ReplyFn reply, HttpReply answer);

HttpReply with_cookies(HttpReply reply, std::vector<std::string> cookies);

}  // namespace bw::server
