#include "server/http/answering.hpp"

#include "server/errors.hpp"

namespace bw::server {

void answering(const ReplyFn& reply, const std::function<void()>& body) {
  try {
    body();
  } catch (const TableElsewhere&) {
    throw;
  } catch (const OverLimit& e) {
    reply(error_reply(e.code, e.what()).retry_in(e.retry_seconds));
  } catch (const ProtocolError& e) {
    reply(error_reply(e.code, e.what()));
  } catch (const StoreError& e) {
    reply(error_reply("storage", e.what()));
  } catch (const OutOfResources& e) {
    reply(error_reply("busy", e.what()).retry_in(1));
  }
}

Store::Done answer_when_stored(ReplyFn reply, HttpReply answer) {
  return [reply = std::move(reply), answer = std::move(answer)](bool ok, const std::string& error) {
    reply(ok ? answer : error_reply("storage", error));
  };
}

HttpReply with_cookies(HttpReply reply, std::vector<std::string> cookies) {
  for (auto& cookie : cookies) reply.set_cookies.push_back(std::move(cookie));
  return reply;
}

}  // namespace bw::server
