// Gathering the chronicle of a state file (print/chronicle.hpp lays it out):
// its log replayed, what each entry changed, the Hull over the scenes, and
// the outlook of `odds scene`.
#pragma once

#include <string>

#include "commands/context.hpp"
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
[[nodiscard]] Chronicle gather_chronicle(const SiegeState& st, Context& ctx, const std::string& path,
                                         int scenes);

}  // namespace siege::cli
