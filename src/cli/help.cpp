// The --help screens (help.hpp), laid out as they were when CLI11 parsed
// the command line (scripts, the completions and the corpus know them): a name column
// ("  -s,--structure ID") then the description, which wrap_text fits to the
// width, going on under its own column.
#include "cli/help.hpp"

#include <algorithm>
#include <type_traits>

#include "front/globals.hpp"
#include "commands/inputs.hpp"
#include "print/render.hpp"

namespace siege::cli {

namespace {

struct Row {
  std::string name;         // "-s,--structure ID REQUIRED", "FILE FILE"
  std::string description;  // the help, with its bounds and default
};

// One row an input, in the order declared: positionals apart.
class HelpRows final : public FieldsOf<HelpRows> {
 public:
  std::vector<Row> positionals, options;
  std::vector<std::string> usage;  // the positionals in the usage line: FILE or [FILE]

  template <typename V>
  void on(const In& in, V& v, int lo, int hi) {
    std::string description(in.help);
    std::string value;
    if constexpr (std::is_same_v<V, bool>) {
      (void)v;
    } else {
      if constexpr (std::is_same_v<V, std::optional<int>>) {
        description += " [" + std::to_string(lo) + ".." + std::to_string(hi) + "]";
      } else if constexpr (std::is_same_v<V, Given<int>>) {
        description += " [" + std::to_string(lo) + ".." + std::to_string(hi) + ", default " +
                       std::to_string(v.fallback()) + "]";
      } else if constexpr (std::is_same_v<V, Given<std::string>>) {
        if (in.need != Need::required) description += " (default " + v.fallback() + ")";
      } else if (in.max_bytes != 0 && !std::is_same_v<V, std::vector<std::string>>) {
        description += " [at most " + std::to_string(in.max_bytes) + " bytes]";
      }
      value.append(" ").append(value_name_of<V>(in));
      if constexpr (std::is_same_v<V, std::vector<std::string>>)
        value += " ...";
      else if (in.arity > 1)
        value += " x " + std::to_string(in.arity);
      if (in.need == Need::required) value += " REQUIRED";
    }
    if (in.need == Need::without_state) description += "; required without --state";
    if (in.positional) {
      std::string upper = positional_name(in);
      usage.push_back(in.need == Need::required ? upper : std::string("[").append(upper).append("]"));
      // Its other name (note TEXT, also --text) is an option too.
      if (!in.also.empty()) options.push_back({std::string(in.also).append(value), description});
      positionals.push_back({upper.append(value), std::move(description)});
      return;
    }
    std::string name;
    if (in.also.size() == 2) name.append(in.also).append(",");  // a short name goes first
    name.append("--").append(in.key);
    if (!in.also.empty() && in.also.size() != 2) name.append(",").append(in.also);
    options.push_back({name.append(value), std::move(description)});
  }
};

// "  NAME    description": the description at `column`, or on the next
// line when the name reaches it.
void add_row(std::string& out, const Row& r, std::size_t column) {
  std::string line = "  " + r.name;
  if (!r.description.empty()) {
    if (line.size() >= column) {
      out += line + "\n";
      line.clear();
    }
    line.resize(column, ' ');
    line += r.description;
  }
  out += line + "\n";
}

void add_section(std::string& out, std::string_view title, const std::vector<Row>& rows, std::size_t column) {
  if (rows.empty()) return;
  out.append("\n").append(title).append(":\n");
  for (const auto& r : rows) add_row(out, r, column);
}

// A command's example, each line a command that wrap_text keeps whole.
std::string example_of(std::string_view example) {
  std::string out = "\nExample:\n";
  for (std::string_view rest = example; !rest.empty();) {
    const std::size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    line.remove_prefix(std::min(line.find_first_not_of(' '), line.size()));
    out += "  " + command_line(line) + "\n";
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
  return out + "\n";
}

const Row help_row{"-h,--help", "Print this help message and exit"};

std::string top_screen(std::size_t column) {
  std::string out = "siege - a siege rules adjudicator\nUsage: siege [OPTIONS] SUBCOMMAND\n";
  std::vector<Row> options;
  for (const auto& o : global_options()) {
    std::string names;
    for (const auto& n : option_names(o)) names += (names.empty() ? "" : ",") + n;
    if (!o.value.empty()) names.append(" ").append(o.value);
    options.push_back({names, std::string(o.help)});
  }
  add_section(out, "Options", options, column);
  std::vector<Row> subs;
  for (const auto& c : commands()) subs.push_back({std::string(c.name), std::string(c.summary)});
  add_section(out, "Subcommands", subs, column);
  return out +
         "\nExit status: 0 resolved, 2 bad usage or input, 3 invalid data table, 4 invalid state file, "
         "5 output could not be written, 6 internal error (out of memory).\n"
         "Run 'siege help COMMAND' or 'siege COMMAND --help' for a command's options and an example.\n";
}

}  // namespace

std::string help_screen(const Command* command, const Command* sub, std::size_t width) {
  const std::size_t column = std::clamp<std::size_t>(width * 2 / 5, 12, 30);
  if (command == nullptr) return wrap_text(top_screen(column), width);
  const Command& c = sub != nullptr ? *sub : *command;
  HelpRows rows;
  rows.options.push_back(help_row);
  c.inputs(rows);
  std::string out(c.summary);
  out.append("\nUsage: siege ").append(command->name);
  if (sub != nullptr) out.append(" ").append(sub->name);
  out += " [OPTIONS]";
  for (const auto& u : rows.usage) out += " " + u;
  const bool subs = sub == nullptr && has_subcommands(*command);
  if (subs) out += " [SUBCOMMAND]";
  out += "\n";
  add_section(out, "Positionals", rows.positionals, column);
  add_section(out, "Options", rows.options, column);
  if (subs) {
    std::vector<Row> list;
    for (const auto& s : subcommands_of(*command)) list.push_back({std::string(s.name), std::string(s.summary)});
    add_section(out, "Subcommands", list, column);
  }
  out += example_of(c.example.empty() ? command->example : c.example);
  return wrap_text(out, width);
}

}  // namespace siege::cli
