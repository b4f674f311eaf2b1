// print/units.hpp - the outcomes of the actions on units and engines of a
// siege as JSON (defined in print/units.cpp; the pieces they share are in
// print/json.hpp). Each writes one outcome object: "schema", "action", its
// own keys, the units and armies it changed (write_troop_changes), and the
// trailer.
#pragma once

#include "print/json.hpp"
#include "siege/roster.hpp"
#include "siege/units.hpp"

namespace siege::print {

// `add`: a unit or an engine arrives (R35).
void write_arrival(JsonWriter& w, const ArrivalOutcome& o);
// `remove`: a unit or an engine leaves the siege (R36).
void write_removal(JsonWriter& w, const RemovalOutcome& o);
void write_split(JsonWriter& w, const SplitOutcome& o);
void write_merge(JsonWriter& w, const MergeOutcome& o);
// `order` with --unit: the unit's order before and after.
void write_unit_order(JsonWriter& w, const UnitOrderOutcome& o);
// `move` with --unit: where the unit went, and its speed when one was given.
void write_unit_move(JsonWriter& w, const UnitMoveOutcome& o);
// `casualties` with --unit: the figures removed from the unit.
void write_unit_casualties(JsonWriter& w, const UnitCasualtiesOutcome& o);

}  // namespace siege::print
