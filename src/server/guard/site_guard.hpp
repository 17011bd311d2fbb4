#pragma once
// Which requests come from this server's own pages. A browser sends any page's
// requests to any address, so the Host header must name this server (a DNS
// rebinding page sends its own name) and a state-changing request or a
// WebSocket upgrade must come from one of its origins.
#include <string>
#include <string_view>
#include <vector>

namespace bw::server {

class SiteGuard {
 public:
  // `public_urls`: where people open the server (https://sheep.example.org);
  // their hosts are answered and their origins accepted. `allow_origins`:
  // other pages' origins accepted. `allow_hosts`: other host names answered.
  // Throws bw::Error for a malformed URL.
  SiteGuard(const std::vector<std::string>& public_urls, const std::vector<std::string>& allow_origins,
            const std::vector<std::string>& allow_hosts);

  // Why this server does not answer `host` (the Host header), or "" when it does:
  // IP addresses, localhost, and the names of --public-url and --allow-host.
  std::string host_problem(std::string_view host) const;

  // May a page of `origin` act here (`host`: the request's Host, already checked)?
  // No Origin header: not a browser, allowed.
  bool origin_allowed(std::string_view origin, std::string_view host) const;

  // What the operator can set so that pages of `origin` are accepted (`host`: the request's Host).
  std::string origin_hint(std::string_view origin, std::string_view host) const;

 private:
  std::vector<std::string> origins_;  // normalised: scheme://host[:port], lower case, no default port
  std::vector<std::string> hosts_;    // lower-case host names, without port
};

// "sheep.example.org:8443" -> "sheep.example.org"; "[::1]:80" -> "[::1]" (lower case).
std::string host_name_of(std::string_view host);
bool is_ip_literal(std::string_view host_name);

}  // namespace bw::server
