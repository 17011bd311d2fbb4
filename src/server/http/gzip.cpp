#include "server/http/gzip.hpp"

#include <zlib.h>

#include <stdexcept>

namespace bw::server {

std::string gzip(std::string_view text) {
  z_stream stream{};
  // windowBits 15 + 16: a gzip wrapper; level 1: most of the gain at a fraction of the time.
  if (deflateInit2(&stream, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: deflateInit2 failed");
  std::string out(deflateBound(&stream, static_cast<uLong>(text.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) throw std::runtime_error("zlib: deflate did not finish");
  return out;
}

bool accepts_gzip(std::string_view header) {
  while (!header.empty()) {
    std::string_view item = header.substr(0, header.find(','));
    header.remove_prefix(std::min(header.size(), item.size() + 1));
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    std::string_view coding = item.substr(0, item.find(';'));
    while (!coding.empty() && coding.back() == ' ') coding.remove_suffix(1);
    if (coding != "gzip" && coding != "*") continue;
    auto q = item.find("q=");
    if (q == std::string_view::npos) return true;
    std::string_view weight = item.substr(q + 2);
    return !(weight.starts_with("0") && weight.find_first_not_of("0.", 0) == std::string_view::npos);
  }
  return false;
}

}  // namespace bw::server
