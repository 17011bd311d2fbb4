#include "core/outside_text.hpp"

#include <cstdint>
#include <cstdio>

#include "core/errors.hpp"

namespace bw {

namespace {

// One UTF-8 sequence at the front of `text`: its code point and length, or
// valid = false (stray continuation byte, overlong form, surrogate, cut short).
struct Decoded {
  char32_t code = 0;
  std::size_t length = 1;
  bool valid = false;
};

Decoded decode_utf8(std::string_view text) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = byte(0);
  if (lead < 0x80) return {lead, 1, true};
  std::size_t length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0;
  if (length == 0 || length > text.size()) return {};
  char32_t code = lead & (0x3F >> (length - 1));
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return {};
    code = (code << 6) | (byte(i) & 0x3F);
  }
  static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
  return {code, length, true};
}

// Characters that move the cursor, recolour the terminal or reorder what
// follows: C0, DEL, C1, and the Unicode line separators and bidirectional overrides.
bool is_control(char32_t code) {
  return code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F) || code == 0x2028 || code == 0x2029 ||
         (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

// Characters that show nothing on their own: spaces of every width, zero-width
// joiners and marks, fillers, variation selectors, tags. A name made only of
// these looks like no name at all.
bool is_invisible(char32_t code) {
  return code == ' ' || code == 0xA0 || code == 0xAD || code == 0x34F || code == 0x61C || code == 0x115F ||
         code == 0x1160 || code == 0x1680 || code == 0x17B4 || code == 0x17B5 || code == 0x180E ||
         (code >= 0x2000 && code <= 0x200F) || code == 0x202F || (code >= 0x205F && code <= 0x2064) || code == 0x2800 ||
         code == 0x3000 || code == 0x3164 || (code >= 0xFE00 && code <= 0xFE0F) || code == 0xFEFF || code == 0xFFA0 ||
         (code >= 0xE0000 && code <= 0xE007F) || (code >= 0xE0100 && code <= 0xE01EF);
}

bool all_invisible(std::string_view text) {
  while (!text.empty()) {
    Decoded d = decode_utf8(text);
    if (!d.valid || !is_invisible(d.code)) return false;
    text.remove_prefix(d.length);
  }
  return true;
}

std::string hex_escape(const char* format, unsigned value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

// How one control character is shown: \n, \t, \r, \xNN for C0 and DEL, \uNNNN beyond.
std::string escaped(char32_t code) {
  if (code == '\n') return "\\n";
  if (code == '\t') return "\\t";
  if (code == '\r') return "\\r";
  if (code < 0x80) return hex_escape("\\x%02x", static_cast<unsigned>(code));
  return hex_escape("\\u%04x", static_cast<unsigned>(code));
}

std::size_t count_chars(std::string_view text) {
  std::size_t chars = 0;
  while (!text.empty()) {
    text.remove_prefix(decode_utf8(text).length);
    ++chars;
  }
  return chars;
}

}  // namespace

std::string excerpt(std::string_view text, std::size_t max_chars) {
  std::string shown;
  std::size_t shown_chars = 0;
  for (std::string_view rest = text; !rest.empty();) {
    Decoded d = decode_utf8(rest);
    std::string piece;
    if (!d.valid) piece = hex_escape("\\x%02x", static_cast<unsigned char>(rest.front()));
    else if (is_control(d.code)) piece = escaped(d.code);
    else if (d.code == '\\') piece = "\\\\";  // so that a real backslash is not read as an escape
    else piece = std::string(rest.substr(0, d.length));
    std::size_t piece_chars = d.valid && !is_control(d.code) && d.code != '\\' ? 1 : piece.size();
    if (shown_chars + piece_chars > max_chars) return shown + "… (" + std::to_string(text.size()) + " bytes)";
    shown += piece;
    shown_chars += piece_chars;
    rest.remove_prefix(d.length);
  }
  return shown;
}

std::string plain_text_problem(std::string_view text) {
  for (std::string_view rest = text; !rest.empty();) {
    Decoded d = decode_utf8(rest);
    if (!d.valid)
      return "is not valid UTF-8 (byte " + hex_escape("\\x%02x", static_cast<unsigned char>(rest.front())) +
             " at offset " + std::to_string(text.size() - rest.size()) + ")";
    if (is_control(d.code)) return "has a control character (" + escaped(d.code) + ")";
    rest.remove_prefix(d.length);
  }
  return {};
}

std::string one_line_problem(std::string_view text, std::size_t max_chars) {
  if (text.empty()) return "is empty";
  std::string problem = plain_text_problem(text);
  if (problem.empty() && all_invisible(text)) problem = "has no visible character";
  if (problem.empty() && count_chars(text) > max_chars)
    problem = "is longer than " + std::to_string(max_chars) + " characters (" + std::to_string(count_chars(text)) + ")";
  return problem;
}

void check_display_name(std::string_view name, std::string_view where) {
  if (name.empty()) throw BadSeats(std::string(where) + " is empty");
  const std::string problem = one_line_problem(name, kMaxDisplayNameChars);
  if (!problem.empty()) throw BadSeats(std::string(where) + " \"" + excerpt(name) + "\" " + problem);
}

std::vector<std::string> split_list(std::string_view text) {
  auto trimmed = [](const std::string& item) {
    auto first = item.find_first_not_of(' ');
    return first == std::string::npos ? std::string() : item.substr(first, item.find_last_not_of(' ') - first + 1);
  };
  std::vector<std::string> items;
  std::string item;
  for (char c : text) {
    if (c == ',') {
      items.push_back(trimmed(item));
      item.clear();
    } else {
      item += c;
    }
  }
  if (!item.empty() || !items.empty()) items.push_back(trimmed(item));
  return items;
}

}  // namespace bw
