// Small helpers shared by the commands that are actions (actions.hpp): the
// single command's runner and an optional text field.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "actions.hpp"
#include "cli.hpp"

namespace siege::cli {

// An optional text option as a field: absent is nullopt, and an empty text
// counts as absent (a list option refuses an empty list anyway).
inline void optional_text(Fields& f, std::string_view key, std::optional<std::string>& v) {
  std::string s = v.value_or("");
  f.text(key, s);
  if (!s.empty()) v = s;
}

// The single command's runner. A state-aware command with --state goes
// through run_on_state (read, run, log, write); otherwise the action runs
// without a state. Either way the output is the action's, so the command line
// and batch mode print the same JSON.
template <typename Request>
void run_action(Context& ctx, std::string_view name, const Request& r, FieldsFn<Request> fields,
                ActionResult (*action)(const Request&, Context&, SiegeState*), bool state_aware) {
  if (state_aware && !ctx.globals.state_file.empty()) return run_on_state(ctx, name, request_to_json(r, fields));
  const auto out = action(r, ctx, nullptr);
  ctx.emit(out.json, out.text);
}

}  // namespace siege::cli
