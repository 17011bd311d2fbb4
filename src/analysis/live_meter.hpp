#pragma once
// The win meter for a front that holds a game only as an AnyState (the
// server's coach mode, docs/analysis.md "The win meter"): win_chances for the
// game's concrete state, one chance per seat, summing to 1.
#include <cstdint>
#include <vector>

#include "core/any_state.hpp"

namespace bw::analysis {

// `viewer` is a seat: the estimate sees the state only through its view.
std::vector<double> live_win_chances(const AnyState& state, Player viewer, int worlds, std::uint64_t seed);

}  // namespace bw::analysis
