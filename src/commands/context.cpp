// The context of one run, and the strict numbers of every input.
#include "commands/context.hpp"

#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <limits>

#include "commands/command.hpp"
#include "print/render.hpp"
#include "siege/error.hpp"
#include "siege/tables_json.hpp"
#include "state/builtin_tables.hpp"
#include "state/read_file.hpp"

namespace siege::cli {

// ---------------------------------------------------------------- numbers

std::int64_t parse_int(std::string_view text, std::int64_t lo, std::int64_t hi, std::string_view what) {
  auto bad = [&]() -> std::int64_t {
    const Error e(ErrorKind::usage, "bad-number",
                  std::string(what) + ": expected a whole number from " + std::to_string(lo) + " to " +
                      std::to_string(hi) + ", got '" + std::string(text) + "'");
    // An option's number: the error object names the input.
    if (what.size() > 2 && what.substr(0, 2) == "--") throw e.about(std::string(what.substr(2)));
    throw e;
  };
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  if (i == text.size() || text.size() - i > 19) return bad();
  std::int64_t v = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c < '0' || c > '9') return bad();
    // 19 digits can pass INT64_MAX: such a number is out of every bound.
    if (v > (std::numeric_limits<std::int64_t>::max() - (c - '0')) / 10) return bad();
    v = v * 10 + (c - '0');
  }
  if (negative) v = -v;
  if (v < lo || v > hi) return bad();
  return v;
}

std::uint64_t parse_seed(std::string_view text, std::string_view what) {
  constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
  std::size_t i = text.size() > 0 && text[0] == '+' ? 1 : 0;
  bool ok = i < text.size() && text.size() - i <= 20;
  std::uint64_t v = 0;
  for (; ok && i < text.size(); ++i) {
    const char c = text[i];
    const auto d = static_cast<std::uint64_t>(c - '0');
    ok = c >= '0' && c <= '9' && v <= (top - d) / 10;
    v = v * 10 + d;
  }
  if (!ok) {
    const Error e(ErrorKind::usage, "bad-number",
                  std::string(what) + ": expected a whole number from 0 to " + std::to_string(top) + ", got '" +
                      std::string(text) + "'");
    if (what.size() > 2 && what.substr(0, 2) == "--") throw e.about(std::string(what.substr(2)));
    throw e;
  }
  return v;
}

std::uint64_t random_seed() {
  std::uint64_t v = 0;
  if (getentropy(&v, sizeof v) != 0)  // getrandom() on Linux, crypto in a browser
    v = static_cast<std::uint64_t>(std::time(nullptr)) * 0x9e3779b97f4a7c15ULL;
  return v & ((std::uint64_t{1} << 53) - 1);
}

// ---------------------------------------------------------------- context

static_assert(max_input_bytes == siege::max_json_bytes, "one cap for what is read and what is parsed");

const Tables& Context::load_tables() {
  std::string dir = globals.data_dir;
  if (dir.empty())
    if (const char* env = std::getenv("SIEGE_DATA")) dir = env;
  if (dir.empty()) return builtin_tables();
  check_folder(dir, (globals.data_dir.empty() ? "SIEGE_DATA=" : "--data ") + dir, {ErrorKind::data, "bad-data-dir"});
  auto t = std::make_unique<Tables>(builtin_tables());
  for (auto name : table_files) {
    const std::string path = dir + "/" + std::string(name);
    // A file that is absent keeps the built-in table; one that is there but
    // cannot be read (a dangling link, a FIFO, no permission) is an error.
    const auto text = read_regular_file(path, path, {ErrorKind::data, "bad-table"}, IfMissing::absent);
    if (text) merge_table_text(*t, name, *text, path);
  }
  validate_tables(*t, dir + "/");
  loaded_ = std::move(t);
  return *loaded_;
}

void Context::refuse_roll() {
  fail_usage("no-seed", "it rolls dice: give the line its own --seed N, and the outlook is the one after those dice");
}

void Context::note_commit(std::string what) {
  committed = std::move(what);
  out().committed();
}

void Context::emit(const std::string& json, const std::string& text) {
  if (globals.json) {
    write(json);
    write("\n");
  } else if (text.find('\x1e') != std::string::npos || text.find('\x1f') != std::string::npos) {
    // A printer's hints (print's hint_mark), written as this front end writes them.
    write(wrap_text(spelled(text, front_end_spelling()), out().width()));
  } else {
    write(wrap_text(text, out().width()));
  }
}

void Context::emit_table(const std::string& json, const std::vector<std::vector<std::string>>& rows,
                         std::string_view heading) {
  const Format f = globals.json ? Format::json : parse_format(globals.format);
  if (f == Format::json) return emit(json, json);
  const std::size_t width = out().width();
  const std::string head = f == Format::text && !heading.empty() ? wrap_text(heading, width) : "";
  write(head + render_table(rows, f, width));
}

void Context::emit_tables(const std::string& json, const std::vector<std::vector<std::vector<std::string>>>& tables) {
  const Format f = globals.json ? Format::json : parse_format(globals.format);
  if (f == Format::json) return emit(json, json);
  std::string out;
  for (const auto& rows : tables) {
    if (!out.empty()) out += '\n';
    out += render_table(rows, f, this->out().width());
  }
  write(out);
}

void Context::text_or_json_only(std::string_view command) const {
  const Format f = parse_format(globals.format);
  if (f == Format::markdown || f == Format::csv)
    fail_input("bad-format", "format", globals.format,
               std::string(command) + " prints no table (markdown and csv are for list, odds --compare and status)");
}

}  // namespace siege::cli
