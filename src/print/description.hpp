// print/description.hpp - a siege's description as `siege init` prints it
// for the referee to start from: its JSON Schema and a starter file.
#pragma once

#include <string>

#include "siege/tables.hpp"

namespace siege::print {

// The $id of the description's schema, which the starter file names in
// "$schema" (the file installed beside the outcome schema bears it too).
inline constexpr std::string_view description_schema_id = "https://siege.invalid/schema/description.schema.json";

// The JSON Schema (draft 2020-12) of a description, written from its
// declaration (siege/description.hpp): a description on every key, and
// every id of a table the exact ids of `t`.
[[nodiscard]] std::string description_schema(const Tables& t);

// A starter description: one of every kind of entry, valid with the
// built-in tables as it stands, naming its schema in "$schema".
[[nodiscard]] std::string description_template();

}  // namespace siege::print
