#pragma once
// The JSON API under /api and the static front end: what to answer, without
// the HTTP machinery (http/connection.cpp reads and writes HTTP; the router
// picks the endpoint).
#include <string>
#include <string_view>
#include <vector>

#include "server/http/message.hpp"
#include "server/http/router.hpp"
#include "server/http/static_files.hpp"
#include "server/tables/hub.hpp"

namespace bw::server {

class AccountsApi;
class ReplayService;

class HttpApi {
 public:
  HttpApi(Hub& hub, StaticFiles static_files, ReplayService& replays, AccountsApi& accounts);
  // Adds every endpoint of the API (the accounts' too), its index at /api and the static files.
  void add_routes(Router& router);

 private:
  using Segments = std::vector<std::string>;
  HttpReply index(const Router& router) const;
  HttpReply table_info(const HttpRequest& request, const Segments& segments) const;
  HttpReply record(const Segments& segments) const;
  void replay_of_table(const HttpRequest& request, const Segments& segments, const ReplyFn& reply);
  void replay_of_record(const HttpRequest& request, const ReplyFn& reply);
  void create_table(const HttpRequest& request, const ReplyFn& reply);
  HttpReply static_file(std::string_view path) const;

  Hub& hub_;
  StaticFiles static_files_;
  ReplayService& replays_;
  AccountsApi& accounts_;
};

}  // namespace bw::server
