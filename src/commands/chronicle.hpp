// Gathering the chronicle of a state file (print/chronicle.hpp lays it out):
// its log replayed, what each entry changed, the Hull over the scenes, and
// the outlook of `odds scene`; for the referee, or as the players see it.
#pragma once

#include <string>

#include "commands/context.hpp"
#include "commands/view.hpp"
#include "print/chronicle.hpp"
#include "siege/state_json.hpp"

namespace siege::cli {

// Replays st's log (checking it as `replay` does) and works out the
// outlook `scenes` ahead. A log that does not replay is no error here: the
// entries after the first difference show the logged outcome alone, and
// replay_note says why (naming the file as `path`, which is also the file
// the entries' command lines name). An outlook too large
// to work out (odds error `too-large`) is left out, and outlook_note says so;
// `scenes` 0 asks for no outlook at all (not worked out, no note).
//
// The chronicle is view `v`'s: its `state` is view_of(st, v) (the
// referee's: `st` itself, which must outlive the chronicle), and its
// entries, chart points and scene columns are chosen, numbered and thinned
// among the view's own entries alone. The players' chronicle is therefore a
// function of what the players may know: the same bytes as the chronicle of
// the siege less its hidden entries, at any length. It has no outlook
// (`scenes` is not asked; outlook_hidden), and its replay_note names no
// entry (where the log differs may be a hidden entry).
[[nodiscard]] Chronicle gather_chronicle(const SiegeState& st, Context& ctx, const std::string& path,
                                         int scenes, View v);

}  // namespace siege::cli
