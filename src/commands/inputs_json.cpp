#include "commands/inputs_json.hpp"

#include "print/json.hpp"

namespace siege::cli {

nlohmann::json examples_of(const Command& c, const Command* parent) {
  const std::string_view example = c.example.empty() && parent != nullptr ? parent->example : c.example;
  const std::string named = parent != nullptr ? " " + std::string(parent->name) + " " + std::string(c.name) : "";
  nlohmann::json lines = nlohmann::json::array();
  std::string_view rest = example;
  while (!rest.empty()) {
    const auto end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    if (line.empty() || (example != c.example && (std::string(line) + " ").find(named + " ") == std::string::npos))
      continue;
    lines.push_back(std::string(line));
  }
  return lines;
}

std::string command_inputs_json(const Command& c, const std::string& name, const Command* parent) {
  return "{\"command\":" + nlohmann::json(name).dump() + ",\"summary\":" + nlohmann::json(c.summary).dump() +
         ",\"logged\":" + (c.act != nullptr ? "true" : "false") + (c.needs_state ? ",\"needs_state\":true" : "") +
         ",\"examples\":" + examples_of(c, parent).dump() +
         (c.doc != nullptr ? ",\"doc\":" + described_doc(c).dump() : std::string()) +
         ",\"inputs\":" + described_inputs(c).dump() + "}";
}

std::string all_inputs_json(const Command* extra, std::string_view extra_name, std::string_view tail) {
  std::string out = "{\"schema\":" + std::to_string(schema_version) + ",\"action\":\"inputs\",\"commands\":[";
  const auto add = [&](const Command& c, const std::string& name, const Command* parent = nullptr) {
    if (out.back() != '[') out += ',';
    out += command_inputs_json(c, name, parent);
  };
  for (const auto& c : commands()) {
    add(c, std::string(c.name));
    if (has_subcommands(c))
      for (const auto& sub : subcommands_of(c)) add(sub, std::string(c.name) + " " + std::string(sub.name), &c);
  }
  if (extra != nullptr) add(*extra, std::string(extra_name));
  out += tail;
  return out;
}

}  // namespace siege::cli
