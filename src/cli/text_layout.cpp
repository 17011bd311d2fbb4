#include "cli/text_layout.hpp"

#include <cctype>
#include <vector>

namespace bw::cli {

std::size_t display_width(std::string_view text) {
  std::size_t columns = 0;
  for (char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return columns;
}

std::string wrapped(std::string_view text, std::size_t indent, std::size_t width, std::size_t first_indent) {
  std::string out, line;
  std::size_t line_indent = first_indent;
  auto end_line = [&] {
    out += std::string(line_indent, ' ') + line + "\n";
    line.clear();
    line_indent = indent;
  };
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    if (!line.empty() && line_indent + display_width(line) + 1 + display_width(word) > width) end_line();
    line += (line.empty() ? "" : " ") + std::string(word);
  }
  if (!line.empty()) end_line();
  return out;
}

std::string fit_to_width(std::string_view text, std::size_t width) {
  std::string out;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    const std::size_t indent = line.find_first_not_of(' ') == std::string_view::npos ? 0 : line.find_first_not_of(' ');
    std::string prefix;  // nothing on the first piece, the hanging indent after
    while (display_width(prefix) + display_width(line) > width) {
      // The last space at which the piece still fits (columns counted in UTF-8 characters).
      const std::size_t room = width > display_width(prefix) ? width - display_width(prefix) : 1;
      std::size_t columns = 0, cut = std::string_view::npos, i = 0;
      for (; i < line.size() && columns <= room; ++i) {
        if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++columns;
        if (line[i] == ' ' && columns <= room + 1 && i > indent) cut = i;
      }
      if (cut == std::string_view::npos) break;  // one long word: leave it whole
      std::string_view piece = line.substr(0, cut);
      while (!piece.empty() && piece.back() == ' ') piece.remove_suffix(1);
      out += prefix + std::string(piece) + "\n";
      line = line.substr(cut);
      while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
      prefix = std::string(std::min(indent + 4, width / 2), ' ');
    }
    out += prefix + std::string(line);
    if (end != std::string_view::npos) out += '\n';
  }
  return out;
}

namespace {
// "- " or "12. ": the marker of a list item, or 0.
std::size_t list_marker_length(std::string_view line) {
  if (line.starts_with("- ") || line.starts_with("* ")) return 2;
  std::size_t digits = 0;
  while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
  return digits > 0 && line.substr(digits).starts_with(". ") ? digits + 2 : 0;
}

std::string_view trimmed(std::string_view line) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
  return line;
}
}  // namespace

std::string markdown_for_terminal(std::string_view markdown, std::size_t width) {
  std::string out;
  std::string block;       // the paragraph or list item being gathered
  std::size_t marker = 0;  // its list marker's length (0: a paragraph)
  auto flush = [&] {
    if (block.empty()) return;
    std::string text = wrapped(std::string_view(block).substr(marker), marker, width);
    out += block.substr(0, marker) + text.substr(marker);
    block.clear();
  };
  std::size_t start = 0;
  bool page_only = false;  // inside <!-- page --> ... <!-- /page -->: the web page's words, not a terminal's
  while (start <= markdown.size()) {
    std::size_t end = markdown.find('\n', start);
    if (end == std::string_view::npos) end = markdown.size();
    std::string_view raw = markdown.substr(start, end - start);
    start = end + 1;
    std::string_view line = trimmed(raw);
    if (line == "<!-- page -->" || line == "<!-- /page -->") {
      page_only = line == "<!-- page -->";
      continue;
    }
    if (page_only || line == "<!-- terminal -->" || line == "<!-- /terminal -->") continue;
    if (line.empty()) {
      flush();
      if (!out.empty() && !out.ends_with("\n\n")) out += "\n";
      continue;
    }
    if (line.starts_with("#")) {
      flush();
      std::size_t level = line.find_first_not_of('#');
      std::string title(trimmed(line.substr(level == std::string_view::npos ? line.size() : level)));
      out += title + "\n";
      if (level == 1) out += std::string(display_width(title), '=') + "\n";
      continue;
    }
    std::size_t item = raw.starts_with(' ') ? 0 : list_marker_length(line);
    if (item) {
      flush();
      marker = item;
      block = std::string(line);
      continue;
    }
    if (block.empty()) marker = 0;
    block += (block.empty() ? "" : " ") + std::string(line);
  }
  flush();
  while (out.ends_with("\n\n")) out.pop_back();
  return out;
}

}  // namespace bw::cli
