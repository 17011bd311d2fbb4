#pragma once
// gzip for large answers (a replay is mostly repeated JSON: about a tenth of its size).
#include <string>
#include <string_view>

namespace bw::server {

std::string gzip(std::string_view text);

// Does an Accept-Encoding header take gzip (and not refuse it with q=0)?
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace bw::server
