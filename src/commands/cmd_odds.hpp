// Shared by the `odds` subcommands (cmd_odds.cpp, cmd_odds_works.cpp,
// cmd_odds_scene.cpp): the siege of --state, and the printing of their
// figures (written in print/odds.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "commands/context.hpp"
#include "print/odds.hpp"
#include "siege/state_json.hpp"

namespace siege::cli {

// Prints the figures `f` of an odds question with the printers of
// print/odds.hpp, building only what is printed: the JSON with --json, else
// the text.
template <typename Figures>
void emit_odds(Context& ctx, void (*write)(siege::JsonWriter&, const Figures&),
               std::string (*text)(const Figures&), const Figures& f) {
  ctx.emit(ctx.globals.json ? print::json_text(write, f) : std::string(),
           ctx.globals.json ? std::string() : text(f));
}

// `odds attack|demolish|mine|escalade --section ID` (or `odds attack
// --engine ID`) with --state: the siege as the file has it, read only (no
// lock, nothing written, nothing logged), as `odds scene` reads it; nullopt
// when neither was asked for (`asked`: the input that asks for it, or empty).
// Asked for without --state: that input's refusal.
[[nodiscard]] std::optional<SiegeState> odds_state(Context& ctx, std::string_view asked);

}  // namespace siege::cli
