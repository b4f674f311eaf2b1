#include "commands/actions.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "commands/command.hpp"
#include "commands/flat_reader.hpp"
#include "print/render.hpp"
#include "siege/detail/suggest.hpp"
#include "state/state_file.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- the table

std::vector<std::string> action_names() {
  std::vector<std::string> names;
  for (const auto& c : commands())
    if (c.act != nullptr) names.emplace_back(c.name);
  return names;
}

const Command& find_action(std::string_view name) {
  // A batch's lines are mostly one action: the last one found is tried first.
  static thread_local const Command* last = nullptr;
  if (last != nullptr && last->name == name) return *last;
  for (const auto& c : commands()) {
    if (c.name != name) continue;
    if (c.act != nullptr) return *(last = &c);
    // R40: undo and redo change the log; they are not entries of it.
    if (name == "undo" || name == "redo")
      fail_usage("not-an-action", std::string(name) + " is not a log entry (R40): it cannot be a batch line or " +
                                      "an entry; run '" + hint_on("FILE", {name}) + "'");
    break;
  }
  fail_usage("unknown-action",
             "unknown action '" + std::string(name) + "'" + siege::did_you_mean(name, action_names()));
}

namespace {
// The action called `name`, refused without a state file when it needs one
// (Command::needs_state): its run may then take `state` as given.
const Command& action_on(std::string_view name, const SiegeState* state) {
  const Command& a = find_action(name);
  if (a.needs_state && state == nullptr) fail_no_state(name);
  return a;
}
}  // namespace

ActionResult run_logged_action(std::string_view name, const siege::Cursor& inputs, std::uint64_t seed,
                               SiegeState* state, Context& ctx) {
  const Command& a = action_on(name, state);
  inputs.expect_object();
  FieldReader reader(inputs);
  ctx.reseed(seed);
  try {
    return a.act(reader, ctx, state);
  } catch (const Error& e) {
    throw reported(e, name);
  }
}

ActionResult run_logged_action(std::string_view name, FlatReader& inputs, std::uint64_t seed,
                               SiegeState* state, Context& ctx) {
  const Command& a = action_on(name, state);
  ctx.reseed(seed);
  try {
    return a.act_flat != nullptr ? a.act_flat(inputs, ctx, state) : a.act(inputs, ctx, state);
  } catch (const Error& e) {
    throw reported(e, name);
  }
}

// ---------------------------------------------------------------- state

void refuse_section_options(bool structure, bool damage_taken, bool portcullis) {
  if (structure)
    refuse_input("bad-option", "structure",
                 "goes without --state; with a state file give " + input_word("section") + " ID");
  if (damage_taken)
    refuse_input("bad-option", "damage-taken", "goes without --state; the state file knows what the section has suffered");
  if (portcullis)
    refuse_input("bad-option", "portcullis", "goes without --state; the section's variant is in the state file");
}

void require_state(const Context& ctx, std::string_view command) {
  if (ctx.globals.state_file.empty()) fail_no_state(command);
}

void fail_no_state(std::string_view command) {
  fail_usage("no-state", std::string(command) + ": needs --state FILE (a siege made with '" + hint({"init"}) + "')");
}

void refuse_without_state(std::string_view key, const std::string& then) {
  refuse_input("no-state", key, "needs --state FILE (a siege made with '" + hint({"init"}) + "')" + then);
}

SectionState& state_section(SiegeState& st, const std::string& id, std::string_view command) {
  return as_command(command, [&]() -> SectionState& { return section_of(st.now, id); });
}

namespace {

// load_state_text() of a text whose log starts at entry `first_entry` + 1
// (siege::read_state_from), kept alive by `owner`.
SiegeState load_state_from(std::string_view text, const std::string& path, const Tables& tables,
                           std::size_t first_entry, std::shared_ptr<const void> owner = {}) {
  const siege::JsonSource src{path, ErrorKind::state};
  SiegeState st = siege::read_state_from(text, src, tables, first_entry, std::move(owner));
  const std::vector<std::string> names = action_names();
  // Entries are mostly a few actions over and over: the last one known is
  // tried first, and no entry is built for this (Log::action_at).
  std::string_view known;
  auto check = [&](std::string_view name, std::string_view list, std::size_t at) {
    if (name == known) return;
    if (std::find(names.begin(), names.end(), name) == names.end())
      fail_state("bad-json", path + ":/" + std::string(list) + "/" + std::to_string(at) + "/action: unknown action '" +
                                 std::string(name) + "'" + siege::did_you_mean(name, names));
    known = name;
  };
  for (std::size_t i = 0; i < st.log.size(); ++i) check(st.log.action_at(i), "log", first_entry + i);
  for (std::size_t i = 0; i < st.redo.size(); ++i) check(st.redo.action_at(i), "redo", i);
  return st;
}

}  // namespace

SiegeState load_state(const StateFile& file, Context& ctx) {
  return load_state_from(file.text(), file.path(), ctx.tables(), 0, file.owner());
}

SiegeState load_state_text(std::string_view text, const std::string& path, const Tables& tables) {
  return load_state_from(text, path, tables, 0);
}

void refuse_scene_past_limit(const SiegeState& st, const std::string& path, std::string_view consequence) {
  if (st.now.scene > max_scene)
    fail_state("too-many-scenes", path + ": scene " + std::to_string(st.now.scene) +
                                      " would pass the most scenes a state file counts (" +
                                      std::to_string(max_scene) + "); " + std::string(consequence));
}

void refuse_size_past_limit(std::size_t text_bytes, const std::string& path, std::string_view consequence) {
  if (text_bytes > max_state_bytes)
    fail_state("state-too-large", path + ": the siege would grow past the 16 MiB limit of a state file (" +
                                      std::to_string(text_bytes) + " bytes, the limit " +
                                      std::to_string(max_state_bytes) + "); " + std::string(consequence) +
                                      "; to go on, start a new siege with '" + hint({"init"}) + "'");
}

siege::StateText checked_state_text(const SiegeState& st, const std::string& path, const Tables& tables,
                                    std::size_t entries_from_file) {
  const std::string unchanged = "; " + path + " is left as it was";
  refuse_scene_past_limit(st, path, path + " is left as it was");
  siege::StateText text = siege::write_state_text(st);
  refuse_size_past_limit(text.size(), path, path + " is left as it was");
  // The next command reads the file with load_state_text: so does this, but
  // for the log entries that came from the file (they passed this reader
  // then, and write_state writes back what read_state took: fuzz_state
  // holds it), so its cost is that of what the command changed.
  const std::size_t skip = std::min(entries_from_file, st.log.size());
  try {
    // The text read back owns itself (the reader's owner), so the reader
    // does not copy it again.
    const auto rest =
        std::make_shared<const std::string>(skip == 0 ? text.str() : siege::write_state_text(st, skip).str());
    (void)load_state_from(*rest, path, tables, skip, rest);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::state) throw;
    fail_state("state-unreadable", std::string(e.what()) + " (in the state this command would write: it would be " +
                                       "refused when read back, so it is not written" + unchanged + ")");
  }
  return text;
}

namespace {

std::string short_json(const nlohmann::json& v) {
  std::string s = v.dump();
  return s.size() > 80 ? s.substr(0, 77) + "..." : s;
}

}  // namespace

std::optional<std::string> first_difference(const nlohmann::json& a, const nlohmann::json& b,
                                            const std::string& pointer) {
  const std::string at = pointer.empty() ? "/" : pointer;
  if (a.is_object() && b.is_object()) {
    for (const auto& [k, v] : a.items()) {
      const std::string child = pointer + "/" + siege::pointer_escape(k);
      if (!b.contains(k)) return child + ": the file has " + short_json(v) + ", replaying gives nothing";
      if (auto d = first_difference(v, b[k], child)) return d;
    }
    for (const auto& [k, v] : b.items())
      if (!a.contains(k))
        return pointer + "/" + siege::pointer_escape(k) + ": the file has nothing, replaying gives " + short_json(v);
    return std::nullopt;
  }
  if (a.is_array() && b.is_array()) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (auto d = first_difference(a[i], b[i], pointer + "/" + std::to_string(i))) return d;
    if (a.size() != b.size())
      return at + ": the file has " + std::to_string(a.size()) + " items, replaying gives " + std::to_string(b.size());
    return std::nullopt;
  }
  if (a == b) return std::nullopt;
  return at + ": the file has " + short_json(a) + ", replaying gives " + short_json(b);
}

SiegeState replay_log(const SiegeState& st, std::size_t count, Context& ctx, const std::string& path) {
  return replay_log(st, count, ctx, path, nullptr);
}

namespace {

// Whether the object `v` has the key `key` at its top: not when its text has
// no such string anywhere, which is the usual answer, read without building it.
bool has_key(const siege::RawJson& v, std::string_view key) {
  const std::string quoted = std::string("\"").append(key).append("\"");
  if (v.text().find(quoted) == std::string::npos) return false;
  const nlohmann::json o = v.json();
  return o.is_object() && o.contains(key);
}

// Runs log entry `e` on `work`: its inputs read as batch mode reads a flat
// line when they are one (no DOM built), else through the strict reader.
ActionResult run_entry(const LogEntry& e, SiegeState& work, Context& ctx, const siege::JsonSource& src,
                       const std::string& at) {
  const std::string& text = e.inputs.text();
  FlatObject flat;
  if (text.size() <= 4096 && read_flat(text, flat)) {
    FlatReader reader(flat, {});
    try {
      return run_logged_action(e.action, reader, e.seed, &work, ctx);
    } catch (const FlatReader::Miss&) {
      // thrown while reading the inputs, before the action ran: read them again
    }
  }
  const nlohmann::json inputs = e.inputs.json();
  return run_logged_action(e.action, siege::Cursor(inputs, src, at + "/inputs"), e.seed, &work, ctx);
}

}  // namespace

ActionResult replay_entry(SiegeState& work, const LogEntry& e, const std::string& at, Context& ctx,
                          const std::string& path) {
  ActionResult r = replay_entry_only(work, e, at, ctx, path);
  work.log.push_back(e);
  return r;
}

ActionResult replay_entry_only(SiegeState& work, const LogEntry& e, const std::string& at, Context& ctx,
                               const std::string& path) {
  const siege::JsonSource src{path, ErrorKind::state};
  ActionResult r;
  try {
    // R38: an entry logged before sallies (a move outside without "sally")
    // keeps its old meaning.
    ctx.replaying_before_sallies = !has_key(e.outcome, "sally");
    ctx.replaying = true;
    r = run_entry(e, work, ctx, src, at);
    ctx.replaying_before_sallies = ctx.replaying = false;
  } catch (const Error& err) {
    ctx.replaying_before_sallies = ctx.replaying = false;
    if (err.kind() == ErrorKind::state) throw;
    // An input at fault is named by its pointer in the entry.
    const Error placed = err.at({path, err.input().empty() ? at : at + "/inputs"});
    fail_state("replay-failed", std::string(placed.what()) + " (log entry " + std::to_string(e.entry) + ", " +
                                    e.action + ", no longer runs)");
  }
  // The outcome as the file holds it (dump()'s text) is the same value when
  // it is the same text; only texts that differ are read to compare values.
  if (r.summary.dump() != e.outcome.text()) {
    if (auto d = first_difference(e.outcome.json(), r.summary, at + "/outcome"))
      fail_state("replay-differs", path + ":" + *d + " (log entry " + std::to_string(e.entry) + ", " + e.action +
                                     "; were the tables changed?)");
  }
  if (e.scene != work.now.scene)  // R30: the entry belongs to the scene the replay has reached
    fail_state("replay-differs", path + ":" + at + "/scene: the file has " + std::to_string(e.scene) +
                                     ", replaying gives " + std::to_string(work.now.scene) + " (log entry " +
                                     std::to_string(e.entry) + ", " + e.action + ")");
  return r;
}

SiegeState replay_log(const SiegeState& st, std::size_t count, Context& ctx, const std::string& path,
                      const ReplayVisitor& after_each) {
  SiegeState work;  // the siege as it began: the log is built again, what could be redone ignored (R40)
  work.name = st.name;
  work.scene_length = st.scene_length;
  work.now = st.initial;
  work.initial = st.initial;
  work.log.reserve(std::min(count, st.log.size()));
  // Each entry is built for its run and let go (Log::build); the log built
  // again refers to the file's text where st's does (Log::append_from), so
  // a long log is neither copied nor kept built twice.
  for (std::size_t i = 0; i < count && i < st.log.size(); ++i) {
    const ActionResult r = replay_entry_only(work, st.log.build(i), "/log/" + std::to_string(i), ctx, path);
    work.log.append_from(st.log, i);
    if (after_each) after_each(i, r, work);
  }
  return work;
}

// ---------------------------------------------------------------- running

LogEntry apply_action(SiegeState& st, Context& ctx, std::string_view name, const nlohmann::json& inputs,
                      std::uint64_t seed, ActionResult& result) {
  const siege::JsonSource src{"the command line", ErrorKind::usage};
  result = run_logged_action(name, siege::Cursor(inputs, src, ""), seed, &st, ctx);
  LogEntry e;
  e.entry = static_cast<int>(st.log.size()) + 1;
  e.action = std::string(name);
  e.inputs = siege::RawJson(inputs);
  e.seed = seed;
  e.outcome = siege::RawJson(result.summary);
  e.scene = st.now.scene;  // R30: after the action (a scene entry belongs to the scene it starts)
  log_new_entry(st, e);
  return e;
}

ActionLine read_action_line(std::string_view text, const siege::JsonSource& src) {
  ActionLine p;
  p.inputs = siege::parse_strict(text, src);
  const siege::Cursor root(p.inputs, src, "");
  if (!p.inputs.is_object())
    throw Error(ErrorKind::usage, "not-an-action", ErrorPlace{src.name, {}},
                "not an action: expected a JSON object with an \"action\" key");
  if (!root.has("action"))
    throw Error(ErrorKind::usage, "not-an-action", ErrorPlace{src.name, {}},
                "not an action: no \"action\" key");
  p.action = root.at("action").string(64);
  if (root.has("seed")) p.seed = root.at("seed").uint64();
  p.inputs.erase("action");
  p.inputs.erase("seed");
  return p;
}

StateStep step_on_state(SiegeState& st, Context& ctx, std::string_view name, const nlohmann::json& inputs,
                        const std::string& path, bool dry_run) {
  ActionResult r;
  const LogEntry e = apply_action(st, ctx, name, inputs, ctx.seed(), r);
  StateStep step;
  // All entries but the new one came from the file: only the rest is read back.
  step.text = checked_state_text(st, path, ctx.tables(), st.log.size() - 1);
  step.entry = e.entry;
  step.json = with_fields(std::move(r.json), name,
                          json_field("log_entry", e.entry) + "," + "\"dry_run\":" + (dry_run ? "true" : "false"));
  step.referee = std::move(r.text);
  return step;
}

void run_on_state(Context& ctx, std::string_view name, const nlohmann::json& inputs,
                  const std::function<void()>& check) {
  const bool dry = ctx.globals.dry_run;
  StateFile file(ctx.globals.state_file, dry ? StateFile::Access::dry_run : StateFile::Access::update,
                 ctx.lock_wait());
  SiegeState st = load_state(file, ctx);
  file.forget_text();
  if (check) check();
  StateStep step = step_on_state(st, ctx, name, inputs, file.path(), dry);
  if (!dry) file.commit(step.text);
  if (!dry) ctx.note_commit(fmt::format("the siege in {} was updated: log entry {}", file.path(), step.entry));
  const std::string footer =
      dry ? fmt::format("Dry run   log entry {} not written (--dry-run): {} is unchanged\n", step.entry, file.path())
          : fmt::format("Log       entry {} written to {}\n", step.entry, file.path());
  ctx.emit(step.json, step.referee + footer);
}

// ---------------------------------------------------------------- rendering

std::string json_field(std::string_view key, std::string_view value) {
  std::string out;
  siege::JsonWriter w(out);
  w.value(key);
  out += ':';
  w.value(value);
  return out;
}

std::string json_field(std::string_view key, long long value) {
  std::string out;
  siege::JsonWriter w(out);
  w.value(key);
  return out + ":" + std::to_string(value);
}

std::string with_fields(std::string json, std::string_view action, std::string_view fields) {
  const std::string prefix = R"({"schema":1,"action":")" + std::string(action) + "\"";
  if (json.rfind(prefix, 0) == 0) return json.insert(prefix.size(), "," + std::string(fields));
  const auto close = json.rfind('}');
  if (close == std::string::npos) return json;
  return json.insert(close, (close > 1 ? "," : "") + std::string(fields));
}

const OptionsWriter::Declared& OptionsWriter::declared(std::string_view action) {
  for (const auto& [name, d] : of_)
    if (name == action) return d;
  Declared d;
  for (const auto& c : commands())
    if (c.act != nullptr && c.name == action)
      for (const auto& in : described_inputs(c)) {
        d.keys.push_back(in.at("key").get<std::string>());
        if (in.value("positional", false)) d.positional.push_back(d.keys.back());
      }
  return of_.emplace_back(std::string(action), std::move(d)).second;
}

std::string OptionsWriter::of(std::string_view action, const nlohmann::json& inputs) {
  const Declared& d = declared(action);
  const auto is_positional = [&](const std::string& k) {
    return std::find(d.positional.begin(), d.positional.end(), k) != d.positional.end();
  };
  std::string out;
  const auto put = [&](const std::string& k, const nlohmann::json& v) {
    if (!out.empty()) out += ' ';
    if (v.is_boolean()) {
      out.append("--").append(k);
      return;
    }
    const std::string text = v.is_string() ? v.get<std::string>() : v.dump();
    // A positional value that starts with a dash would read as an option:
    // it goes as one (note TEXT is also --text TEXT).
    if (!is_positional(k) || text.rfind('-', 0) == 0) out.append("--").append(k).append(" ");
    out += shell_word(text);
  };
  for (const auto& k : d.positional)
    if (const auto it = inputs.find(k); it != inputs.end() && !it->is_array() && !it->is_boolean()) put(k, *it);
  const auto each = [&](const std::string& k, const nlohmann::json& v) {
    if (is_positional(k) && !v.is_array() && !v.is_boolean()) return;
    if (v.is_boolean() && !v.get<bool>()) return;
    if (!v.is_array()) return put(k, v);
    for (const auto& item : v) put(k, item);
  };
  for (const auto& k : d.keys)
    if (const auto it = inputs.find(k); it != inputs.end()) each(k, *it);
  if (inputs.is_object())
    for (const auto& [k, v] : inputs.items())
      if (std::find(d.keys.begin(), d.keys.end(), k) == d.keys.end()) each(k, v);
  return out;
}

std::string inputs_as_options(std::string_view action, const nlohmann::json& inputs) {
  return OptionsWriter().of(action, inputs);
}

namespace {

std::string entry_options(const LogEntry& e) { return inputs_as_options(e.action, e.inputs.json()); }

std::string entry_describe(const LogEntry& e) {
  try {
    return find_action(e.action).describe(e.outcome.json());
  } catch (const nlohmann::json::exception&) {
    return e.outcome.text();
  }
}

constexpr print::EntryWords words_of_entries{entry_options, entry_describe};

}  // namespace

const print::EntryWords& entry_words() { return words_of_entries; }

}  // namespace siege::cli
