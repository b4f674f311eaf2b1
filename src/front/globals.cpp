// The global options (globals.hpp).
#include "front/globals.hpp"

#include "print/json.hpp"
#include "siege/detail/json_writer.hpp"
#include "siege/error.hpp"
#include "version.hpp"

namespace siege::cli {

std::array<GlobalOption, global_count> global_options() {
  return {{
      {"-h, --help", "", "Print this help message and exit",
       R"doc(Print the options, and for a command an example, then exit with status 0. `siege help`
[*COMMAND*...] is the same as `siege` [*COMMAND*...] `--help`. `siege help --inputs` *COMMAND*
[*SUBCOMMAND*] lists the command's inputs instead, as the keys of its batch lines and log
entries (kind, bounds, default, whether required; with `--json` one object, with the command
lines of its example too); `siege help --inputs help` describes help's own: the flag `inputs`,
and the positional *COMMAND* and *SUBCOMMAND*.)doc"},
      {"--version", "", "Display program version information and exit",
       R"doc(Print the version and exit; with `--json` as one object:

    {"schema":1,"action":"version","version":"0.1.0"})doc"},
      {"--json", "", "Print exactly one JSON object (the outcome) on stdout",
       R"doc(Print exactly one JSON object on standard output and nothing else: the outcome, or for `list`
the array of entries. An error is then also printed on standard output, besides the line on
standard error, as one object:

    {"error":{"code":2,"id":"unknown-id","message":"..."}}

Its *code* is the exit status and its *id* names the kind of error. The keys are described in
*docs/json.md* and checked by the JSON Schema *outcome.schema.json*.)doc"},
      {"--data", "DIR", "Read tables from DIR over the built-in ones (also SIEGE_DATA)",
       R"doc(Read tables from the folder *DIR*. Each file there (*structures.json*, *weapons.json*,
*charges.json*, *engines.json*, *siege-rating.json*, *dice.json*, *troops.json*) is merged over
the built-in table of the same name, entry by entry: an entry with a known id replaces it, a new
id is added, and files left out keep the built-in rows. An invalid file stops the program with
status 3 and a message naming the file and the JSON pointer, or the line and column. So does a
file that is there but cannot be read (no permission, a dangling symbolic link, a folder, a FIFO
or a device), and one over 16 MiB. Overrides `SIEGE_DATA`.)doc"},
      {"--seed", "N", "Seed every roll; the seed used is always reported",
       R"doc(Seed the random generator with *N* (a whole number from 0 to 18446744073709551615, that is 2^64
- 1, R42; the same bound holds for a batch line's `seed` and a logged one), so that every roll
can be repeated. Without it a seed is drawn at random (below 2^53, so that it survives
JavaScript and jq) and reported all the same.)doc"},
      {"--state", "FILE", "Siege state file to read and update",
       R"doc(Read the siege from the state *FILE*, resolve, append the resolution to the file's log and write
the new siege back, atomically. Commands that take `--structure` take `--section` instead. Each
command below says what it does with a state file; *docs/state.md* has them all in one table.)doc"},
      {"--dry-run", "", "With --state: resolve and print, write nothing",
       "With `--state`: resolve and print, but leave the file as it was."},
      {"--lock-wait", "SECONDS", "With --state: how long to wait for another writer's lock, 0 to 86400 (default 60)",
       R"doc(With `--state` (and `chronicle -o`): how long a command that writes the file waits for the lock
another writer holds on it, in whole seconds from 0 to 86400; the default is 60, and 0 does not
wait at all. A command that has waited a second says so once on standard error, naming the
process that holds the lock where the system tells (*/proc/locks*):

    siege: siege.json: locked by process 812 (siege); waiting up to 60 s

When the time is up it gives up with status 4 (`"id": "locked"`), the file as it was. Commands
that only read take no lock and never wait.)doc"},
      {"--color", "WHEN", "Colour: auto (on a terminal, unless NO_COLOR is set), always or never",
       R"doc(Colour in the text output: `auto` (the default: only on a terminal, and not when `NO_COLOR` is
set or `TERM` is `dumb`), `always` or `never`. Colour marks the states of the breach ladder
(intact green, cracked yellow, breached red), a check's pass (green) or fail (red), and in red a
knocked-out engine, a found mine and a breach to assault. JSON is never coloured.)doc"},
      {"--format", "FMT", R"doc(Tables (list, odds --compare, status): text, markdown, csv or json; chronicle: html or markdown)doc",
       R"doc(How tables are printed (`list`, `odds --compare`, `status`): `text` (aligned columns, the
default), `markdown`, `csv` or `json` (the same as `--json`). The page of `chronicle` is `html`
(the default) or `markdown`; it refuses the table formats, and no other command takes `html`.
Other commands accept only `text` and `json`.)doc"}
  }};
}

std::vector<std::string> option_names(const GlobalOption& o) {
  std::vector<std::string> out;
  std::string_view rest = o.names;
  while (!rest.empty()) {
    const auto comma = rest.find(", ");
    out.emplace_back(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 2);
  }
  return out;
}

namespace {

// A path given as the empty word ("--data ''", a shell variable that was
// never set) is refused rather than read as not given.
void refuse_empty(std::string_view key, const std::string& value, const char* what) {
  if (value.empty()) fail_input("empty-path", std::string(key), {}, std::string("an empty path: give ") + what);
}

}  // namespace

void apply_global(Globals& g, const GlobalOption& o, const std::string& value) {
  const std::string_view name = o.names.substr(o.names.rfind(' ') == std::string_view::npos ? 0 : o.names.rfind(' ') + 1);
  if (name == "--json") {
    g.json = true;
  } else if (name == "--data") {
    refuse_empty("data", value, "a folder");
    g.data_dir = value;
  } else if (name == "--seed") {
    g.seed = parse_seed(value, "--seed");
  } else if (name == "--state") {
    g.state_file = value;
  } else if (name == "--dry-run") {
    g.dry_run = true;
  } else if (name == "--lock-wait") {
    g.lock_wait = static_cast<int>(parse_int(value, 0, max_lock_wait_seconds, "--lock-wait"));
  } else if (name == "--color") {
    g.color = value;
  } else if (name == "--format") {
    g.format = value;
    g.format_given = true;
  }
}

std::string version_text(bool json) {
  if (!json) return std::string("siege ") + SIEGE_VERSION + "\n";
  std::string out;
  siege::JsonWriter w(out);
  w.begin_object().field("schema", schema_version).field("action", "version").field("version", SIEGE_VERSION);
  w.end_object();
  return out + "\n";
}

}  // namespace siege::cli
