#pragma once
// (interim: replaced by the records branch's version at merge)
#include <string>
#include <string_view>
namespace bw {
inline std::string excerpt(std::string_view text, std::size_t max_chars = 60) {
  std::string out;
  for (char c : text.substr(0, max_chars)) {
    auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else {
      out += c;
    }
  }
  if (text.size() > max_chars) out += "…";
  return out;
}
}  // namespace bw
