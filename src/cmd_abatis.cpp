// `siege abatis build|tear`: one turn of abatis work (R26).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "cmd_troops.hpp"
#include "render.hpp"

namespace siege::cli {

AbatisOutcome run_abatis(const AbatisRequest& r, Context& ctx) {
  AbatisInput in;
  if (r.work.empty()) fail_usage("missing-option", "abatis: say which work: abatis build or abatis tear");
  in.work = parse_abatis_work(r.work);
  in.progress = r.progress;
  in.attackers_in_breach = r.attackers_in_breach ? AttackersInBreach::yes : AttackersInBreach::no;
  in.interrupted = r.interrupted ? Interrupted::yes : Interrupted::no;
  in.turns = ctx.tables().troops.abatis_turns;
  return resolve_abatis(in);
}

std::string abatis_json(const AbatisOutcome& o) {
  std::string out;
  detail::JsonWriter w(out);
  write_abatis(w, o);
  return out;
}

std::string abatis_text(const AbatisOutcome& o) {
  const bool build = o.work == AbatisWork::build;
  std::string s;
  s += fmt::format("Abatis    {}, one turn of work ({} turns in all)\n", build ? "building" : "tearing down", o.turns);
  auto bar = [&](int done) {
    std::string b = "[";
    for (int i = 0; i < o.turns; ++i) b += i < done ? '#' : '.';
    return b + fmt::format("] {}/{}", done, o.turns);
  };
  s += fmt::format("Progress  {} -> {}{}\n", bar(o.progress_before), bar(o.progress_after),
                   o.spoiled ? (build ? "  spoiled: attackers in the breach" : "  spoiled: attacked or killed")
                             : "");
  s += fmt::format("Abatis    {} -> {}\n", o.standing_before ? "standing" : "none",
                   o.standing_after ? "standing" : (build ? "none" : "destroyed"));
  s += fmt::format("Rules     {}\n", rules_with_rulings(o.rules));
  if (!o.notes.empty() || !o.not_modelled.empty()) s += "Notes\n" + render_notes(o.notes, o.not_modelled);
  return s;
}

Runner setup_abatis(CLI::App& app) {
  auto r = std::make_shared<AbatisRequest>();
  app.add_option("WORK", r->work, "build (defenders block a breach) or tear (attackers pull it down)")
      ->type_name("build|tear");
  int_option(app, "--progress", r->progress, 0, 99, "Turns of this work already done");
  app.add_flag("--attackers-in-breach", r->attackers_in_breach,
               "Build: attackers are within the breach this turn (the work restarts from 0)");
  app.add_flag("--interrupted", r->interrupted,
               "Tear: the workers were attacked or killed this turn (the work restarts from 0)");
  return [r](Context& ctx) {
    const auto o = run_abatis(*r, ctx);
    ctx.emit(abatis_json(o), abatis_text(o));
  };
}

}  // namespace siege::cli
