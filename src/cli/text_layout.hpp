#pragma once
// Text laid out for a terminal of a given width.
#include <cstddef>
#include <string>
#include <string_view>

namespace bw::cli {

// Columns `text` takes on a terminal (UTF-8 characters count one each).
std::size_t display_width(std::string_view text);

// `text` broken at spaces into lines of at most `width` columns; the first
// line indented by `first_indent`, the others by `indent`. A word longer than
// a line stands on a line of its own.
std::string wrapped(std::string_view text, std::size_t indent, std::size_t width, std::size_t first_indent);
inline std::string wrapped(std::string_view text, std::size_t indent, std::size_t width) {
  return wrapped(text, indent, width, indent);
}

// Every line of `text` (a board) that is wider than `width` broken at its last
// space that fits, the rest on the next lines indented 4 more than the line;
// spacing inside each piece is kept, so columns still line up.
std::string fit_to_width(std::string_view text, std::size_t width);

// A how-to-play page (Markdown: headings, paragraphs, "- " and "1. " lists)
// reflowed to `width` columns: headings as plain lines, lists with a hanging indent.
std::string markdown_for_terminal(std::string_view markdown, std::size_t width);

}  // namespace bw::cli
