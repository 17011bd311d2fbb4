#pragma once
// A game's parameters declared once: each entry is the spec a front lists
// (name, type, default, range, help) together with how its validated text is
// read into the game's Params. State::param_specs() and Params::from() are
// both made from the one table, so a parameter cannot be listed and then
// forgotten, or read under another name.
//
// Int and Bool defaults are the Params struct's own member initialisers, so
// the documented default and the default a test or an agent builds with
// `Params{}` are the same value by construction.
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/params.hpp"

namespace bw {

template <class P>
struct ParamDecl {
  ParamSpec spec;
  std::function<void(P&, std::string_view text)> read;  // text already checked by validate_params
};

template <class P>
using ParamTable = std::vector<ParamDecl<P>>;

template <class P>
ParamDecl<P> int_param(std::string name, int P::* member, int min, int max, std::string help) {
  ParamSpec spec{std::move(name), ParamType::Int, std::to_string(P{}.*member), min, max, {}, std::move(help)};
  return {std::move(spec), [member](P& p, std::string_view text) { p.*member = std::stoi(std::string(text)); }};
}

template <class P>
ParamDecl<P> bool_param(std::string name, bool P::* member, std::string help) {
  ParamSpec spec{std::move(name), ParamType::Bool, P{}.*member ? "true" : "false", 0, 0, {}, std::move(help)};
  return {std::move(spec), [member](P& p, std::string_view text) { p.*member = text == "true"; }};
}

// A choice among words; `read` turns the chosen word into the Params field(s).
template <class P>
ParamDecl<P> choice_param(std::string name, std::string default_value, std::vector<std::string> choices,
                          std::string help, std::function<void(P&, std::string_view)> read) {
  ParamSpec spec{std::move(name),    ParamType::Choice, std::move(default_value), 0, 0,
                 std::move(choices), std::move(help)};
  return {std::move(spec), std::move(read)};
}

// A data table (core/params.hpp). `read` parses the text into the Params and
// throws BadParameter naming a bad entry; validation is the same parse into a
// scratch Params, so the two can never disagree on what is allowed.
template <class P>
ParamDecl<P> table_param(std::string name, std::string default_value, std::string help,
                         std::function<void(P&, std::string_view)> read) {
  ParamSpec spec{std::move(name), ParamType::Table, std::move(default_value), 0, 0, {}, std::move(help)};
  spec.check_table = [read](std::string_view text) {
    P scratch;
    read(scratch, text);
  };
  return {std::move(spec), std::move(read)};
}

template <class P>
std::vector<ParamSpec> specs_of(const ParamTable<P>& table) {
  std::vector<ParamSpec> specs;
  for (const ParamDecl<P>& decl : table) specs.push_back(decl.spec);
  return specs;
}

// Reads a map already passed through validate_params(), in declaration order,
// over the Params defaults.
template <class P>
P read_params(const ParamTable<P>& table, const ParamMap& map) {
  P p;
  for (const ParamDecl<P>& decl : table) decl.read(p, param_text(map, decl.spec.name));
  return p;
}

}  // namespace bw
