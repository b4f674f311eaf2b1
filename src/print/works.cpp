// print/works.cpp - the siege works as JSON (print/json.hpp): demolition,
// mine, escalade, countermine and abatis.
#include <utility>

#include "print/json.hpp"

namespace siege::print {

void write_demolition(JsonWriter& w, const DemolitionOutcome& o, std::optional<std::uint64_t> seed) {
  begin_outcome(w, "demolish");
  w.field("structure", o.structure);
  write_seed(w, seed);
  w.key("charges").begin_array();
  for (const auto& l : o.charges) {
    w.begin_object();
    w.field("id", l.id).field("count", l.count).field("siege", l.siege).field("prepare", l.prepare);
    w.field("hull_damage", l.hull_damage).field("halved", l.halved).field("doubled", l.doubled);
    w.field("each", l.each).field("total", l.total);
    w.end_object();
  }
  w.end_array();
  w.field("maneuvers", o.maneuvers);
  w.field("on_pier", o.on_pier == OnPier::yes);
  w.key("check");
  if (o.craft)
    write_check(w, *o.craft, seed);
  else
    w.null();
  w.field("opened", o.opened);
  w.field("went_off", o.went_off);
  w.key("armor");
  write_armor(w, o.armor);
  w.field("charge_damage", o.charge_damage);
  write_damage_and_close(w, o);
}

void write_mine(JsonWriter& w, const MineOutcome& o, std::optional<std::uint64_t> seed) {
  begin_outcome(w, "mine");
  w.field("structure", o.structure);
  write_seed(w, seed);
  w.key("days").begin_object();
  w.field("needed", o.days_needed).field("before", o.days_before).field("dug", o.days_dug);
  w.field("left", o.days_left());
  w.end_object();
  w.field("countermine", o.countermine == Countermine::yes);
  w.key("checks").begin_array();
  for (const auto& d : o.days) {
    w.begin_object();
    w.field("day", d.day);
    w.key("sappers");
    write_check(w, d.sappers, seed);
    w.key("defenders");
    write_check(w, d.defenders, seed);
    w.field("detected", d.detected);
    w.end_object();
  }
  w.end_array();
  w.field("detected", o.detected_on.has_value());
  w.key("detected_on");
  if (o.detected_on)
    w.value(*o.detected_on);
  else
    w.null();
  w.field("fired", o.fired);
  write_damage_and_close(w, o);
}

void write_escalade(JsonWriter& w, const EscaladeOutcome& o, std::optional<std::uint64_t> seed) {
  begin_outcome(w, "escalade");
  w.field("structure", o.structure).field("method", name_of(o.method));
  write_seed(w, seed);
  w.field("attackers", o.attackers);
  w.key("lanes");
  if (o.method == ClimbMethod::tower)
    w.null();
  else
    w.value(o.lanes);
  w.field("defended", o.defended == Defended::yes);
  w.key("check");
  if (o.check) {
    w.begin_object();
    w.field("difficulty", name_of(o.check->difficulty)).field("pool", o.check->pool);
    w.field("bane_dice", o.check->bane_dice).field("rolled", o.rolled);
    w.end_object();
  } else {
    w.null();
  }
  w.field("state", name_of(o.state));
  w.field("climbed", o.climbed).field("hopeless", o.hopeless).field("limit_reached", o.limit_reached);
  w.key("rounds").begin_array();
  for (const auto& r : o.rounds) {
    w.begin_object();
    w.field("round", r.round).field("attempting", r.attempting).field("succeeded", r.succeeded);
    w.field("up", r.up);
    w.end_object();
  }
  w.end_array();
  w.field("up", o.up).field("at_foot", o.at_foot());
  end_outcome(w, o);
}

void write_countermine(JsonWriter& w, const CountermineOutcome& o) {
  begin_outcome(w, "countermine");
  w.field("section", o.section).field("result", name_of(o.result)).field("days_needed", o.days_needed);
  for (const auto& [key, g] : {std::pair<const char*, const MineGallery*>{"before", &o.before},
                               std::pair<const char*, const MineGallery*>{"after", &o.after}}) {
    w.key(key).begin_object();
    w.field("days_dug", g->days_dug).field("detected", g->detected);
    w.end_object();
  }
  end_outcome(w, o);
}

void write_abatis(JsonWriter& w, const AbatisOutcome& o) {
  begin_outcome(w, "abatis");
  w.field("work", name_of(o.work)).field("turns", o.turns);
  w.key("progress").begin_object();
  w.field("before", o.progress_before).field("after", o.progress_after);
  w.end_object();
  w.field("spoiled", o.spoiled).field("complete", o.complete);
  w.key("abatis").begin_object();
  w.field("before", o.standing_before ? "standing" : "none");
  w.field("after", o.standing_after ? "standing" : "none");
  w.end_object();
  end_outcome(w, o);
}

std::string spoiler_fields(const std::vector<std::string>& spoilers) {
  std::string list;
  {
    JsonWriter w(list);
    w.begin_object().string_array("spoilers", spoilers).end_object();
  }
  // The field without the braces of the object that held it.
  return list.substr(1, list.size() - 2);
}

}  // namespace siege::print
