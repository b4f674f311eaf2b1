#!/bin/sh
# A command prints nothing itself (issue 23): a command file declares its
# inputs, runs the core and hands the outcome to a printer in src/print/.
# Fails, naming the file and line, if a command file (src/commands/cmd_*.cpp)
# writes JSON (names JsonWriter or includes json_writer.hpp; it calls
# print::json_text with a print::write_* instead) or draws text with the
# pieces of print/render.hpp that lay out a printer's lines (painted_*,
# render_*, hull_bar, pad_to, display_width), a "Section   ID" line over
# its text, or a log line (a describe_* function: print/log_lines.cpp has
# them); and if a file in src/print/ includes anything from src/commands/.
#
#   sh tests/check_commands_print.sh SRC_DIR   (SRC_DIR holds commands/ and print/)
#
# It then proves it can fail: copies of the tree with a JSON writer, a text
# line, a "Section" line and a log line written back into a command file, and with a printer
# that includes a command header, must each be refused, that file named.
set -eu
dir=${1:?usage: check_commands_print.sh SRC_DIR}

check() {
  found=$(grep -nE 'JsonWriter|json_writer\.hpp|\b(painted_[a-z_]+|render_[a-z_]+|hull_bar|pad_to|display_width)\(|^std::string describe_[a-z_]+\(|"Section {3}' \
            "$1"/commands/cmd_*.cpp || true)
  found="$found$(grep -nE '#include "commands/' "$1"/print/*.cpp "$1"/print/*.hpp || true)"
  [ -z "$found" ] && return 0
  printf '%s\n' "$found"
  return 1
}

if ! check "$dir"; then
  echo "check_commands_print: a command file prints, or a printer includes a command file; write the output" \
       "in src/print/ (print/json.hpp, print/text.hpp) instead" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
refused() {  # $1: what was added, $2: the file it went into
  if out=$(check "$work/src"); then
    echo "check_commands_print: the check let $1 in $2 pass" >&2
    exit 1
  fi
  case $out in
    *"$work/src/$2:"*) ;;
    *) echo "check_commands_print: the check failed without naming $2: $out" >&2; exit 1 ;;
  esac
}
fresh() {
  rm -rf "$work/src"
  mkdir -p "$work/src"
  cp -R "$dir/commands" "$dir/print" "$work/src/"
}

fresh
printf '%s\n' 'void write_it(siege::JsonWriter& w) { w.begin_object().end_object(); }' >> "$work/src/commands/cmd_log.cpp"
refused "a JSON writer" commands/cmd_log.cpp
fresh
printf '%s\n' 'std::string it(BreachState s) { return "State     " + painted_state(s) + "\n"; }' \
  >> "$work/src/commands/cmd_status.cpp"
refused "a text line" commands/cmd_status.cpp
fresh
printf '%s\n' 'std::string describe_it(const nlohmann::json& o) { return o.dump(); }' >> "$work/src/commands/cmd_order.cpp"
refused "a log line" commands/cmd_order.cpp
fresh
printf '%s\n' 'std::string it(const std::string& id) { return fmt::format("Section   {}\\n", id); }' \
  >> "$work/src/commands/cmd_mine.cpp"
refused "a Section line" commands/cmd_mine.cpp
fresh
printf '%s\n' '#include "commands/cmd_odds.hpp"' >> "$work/src/print/odds_text.cpp"
refused "a command header" print/odds_text.cpp
echo "no command file under $dir/commands prints, and no printer under $dir/print includes one"
