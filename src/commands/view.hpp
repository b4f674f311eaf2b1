// The views of a siege: the referee's, the whole siege, and the players',
// what the defenders' side at the table may know. One predicate,
// hidden_from_players, decides which log entries the players do not see;
// everything the players' view shows (the chronicle's page, entry numbers
// and charts, chronicle.hpp; the status JSON; and so `serve`'s versions and
// events) is computed from view_of alone, so that it is the view of the
// same siege less those entries, at any length of the log.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "siege/state.hpp"
#include "siege/tables.hpp"

namespace siege::cli {

// Who a view is for. referee: the whole siege. players: the siege less the
// entries hidden from them and what those entries did, and no outlook.
enum class View { players, referee };
// The views' names, in View's order (serve --view's choices).
inline constexpr std::string_view view_names[] = {"players", "referee"};
[[nodiscard]] std::string_view name_of(View v);
// The view called `name`; a usage error naming the input `view` for any other.
[[nodiscard]] View view_named(std::string_view name);

// The one test of what the players' view leaves out: whether log entry `e`
// is hidden from the players: a dig of a gallery neither found nor fired
// (R19) and a private note (R44). An entry this holds must
// change nothing the players see but what it hides itself (no Hull, no
// breach, no unit, no army): the players' view then leaves it out whole.
[[nodiscard]] bool hidden_from_players(const LogEntry& e);

// Where the entries that view `v` shows stand in st.log (from 0), in order.
[[nodiscard]] std::vector<std::size_t> entries_shown(const SiegeState& st, View v);

// The siege as view `v` shows it. players: every gallery not yet found
// forgotten (its days dug, R19), the hidden entries out of the log and the
// others numbered 1, 2, ... (a gap would count them), nothing to redo.
// referee: `st` as it is.
[[nodiscard]] SiegeState view_of(const SiegeState& st, View v);

// What `status --json` gives of `shown` (view_of(st, v)), the file named
// `name`, as view `v` shows it: the players' lists only the galleries found.
[[nodiscard]] nlohmann::ordered_json view_status(const SiegeState& shown, const Tables& t,
                                                 const std::string& name, View v);

}  // namespace siege::cli
