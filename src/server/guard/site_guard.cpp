#include "server/guard/site_guard.hpp"

#include <algorithm>
#include <boost/asio/ip/address.hpp>

#include "core/errors.hpp"
#include "core/outside_text.hpp"

namespace bw::server {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// "HTTPS://Sheep.Example.org:443/path" -> "https://sheep.example.org"; "" when not an http(s) origin.
std::string normalise_origin(std::string_view url) {
  std::string text = lower(url);
  std::string scheme;
  if (text.starts_with("http://")) scheme = "http";
  else if (text.starts_with("https://")) scheme = "https";
  else return "";
  std::string rest = text.substr(scheme.size() + 3);
  rest = rest.substr(0, rest.find_first_of("/?#"));
  if (rest.empty() || rest.find('@') != std::string::npos) return "";
  std::string default_port = scheme == "http" ? ":80" : ":443";
  if (rest.ends_with(default_port) && rest.find(']', rest.size() - default_port.size()) == std::string::npos)
    rest.resize(rest.size() - default_port.size());
  return scheme + "://" + rest;
}
}  // namespace

std::string host_name_of(std::string_view host) {
  std::string text = lower(host);
  if (text.starts_with('[')) return text.substr(0, text.find(']') + 1);
  return text.substr(0, text.find(':'));
}

bool is_ip_literal(std::string_view name) {
  std::string text(name);
  if (text.size() > 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  boost::system::error_code ec;
  boost::asio::ip::make_address(text, ec);
  return !ec;
}

SiteGuard::SiteGuard(const std::vector<std::string>& public_urls, const std::vector<std::string>& allow_origins,
                     const std::vector<std::string>& allow_hosts) {
  for (const auto& url : public_urls) {
    std::string origin = normalise_origin(url);
    if (origin.empty()) throw Error("--public-url '" + excerpt(url) + "' is not an http:// or https:// address");
    origins_.push_back(origin);
    hosts_.push_back(host_name_of(origin.substr(origin.find("://") + 3)));
  }
  for (const auto& origin : allow_origins) {
    std::string normal = normalise_origin(origin);
    if (normal.empty()) throw Error("--allow-origin '" + excerpt(origin) + "' is not an http:// or https:// origin");
    origins_.push_back(normal);
  }
  for (const auto& host : allow_hosts) {
    if (host.empty() || host.find_first_of("/:@ ") != std::string::npos)
      throw Error("--allow-host '" + excerpt(host) + "' is not a host name (no scheme, port or path)");
    hosts_.push_back(lower(host));
  }
}

std::string SiteGuard::host_problem(std::string_view host) const {
  if (host.empty()) return "";  // HTTP/1.0 without Host: not a browser
  std::string name = host_name_of(host);
  if (name == "localhost" || is_ip_literal(name)) return "";
  if (std::find(hosts_.begin(), hosts_.end(), name) != hosts_.end()) return "";
  return "this server does not answer for '" + excerpt(host) +
         "': its operator lists its names with --public-url (or --allow-host)";
}

bool SiteGuard::origin_allowed(std::string_view origin, std::string_view host) const {
  if (origin.empty()) return true;
  std::string normal = normalise_origin(origin);
  if (normal.empty()) return false;  // "null" (a sandboxed frame, a file:// page) and the like
  if (std::find(origins_.begin(), origins_.end(), normal) != origins_.end()) return true;
  if (host.empty()) return false;
  std::string host_text = lower(host);
  return normal == normalise_origin("http://" + host_text) || normal == normalise_origin("https://" + host_text);
}

std::string SiteGuard::origin_hint(std::string_view origin, std::string_view host) const {
  std::string normal = normalise_origin(origin);
  std::string origin_host = normal.empty() ? "" : normal.substr(normal.find("://") + 3);
  // nginx's $host drops the port the browser used: the names agree, the ports do not.
  if (!origin_host.empty() && !host.empty() && host_name_of(origin_host) == host_name_of(host) &&
      origin_host != lower(host))
    return "pages of '" + excerpt(origin) + "' may not connect: the request's Host header is '" + excerpt(host) +
           "', without the port the browser used. The proxy in front of this server must pass the Host header as "
           "the browser sent it (nginx: proxy_set_header Host $http_host), or the operator can start the server "
           "with --public-url " +
           excerpt(origin);
  return "pages of '" + excerpt(origin) + "' may not connect to this server; its operator can start it with " +
         "--public-url " + excerpt(origin) + " (the address people open) or --allow-origin " + excerpt(origin) +
         "; behind a proxy, the proxy must pass the Host header as the browser sent it (nginx: $http_host)";
}

}  // namespace bw::server
