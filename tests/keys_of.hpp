// Test helper: the keys a command's Fields function lists, in order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "actions.hpp"

namespace siege::test {

template <typename Request>
std::vector<std::string> keys_of(cli::FieldsFn<Request> fields) {
  struct Keys final : cli::Fields {
    std::vector<std::string> keys;
    void text(std::string_view k, std::string&) override { keys.emplace_back(k); }
    void texts(std::string_view k, std::vector<std::string>&) override { keys.emplace_back(k); }
    void number(std::string_view k, std::optional<int>&, int, int) override { keys.emplace_back(k); }
    void number(std::string_view k, int&, int, int) override { keys.emplace_back(k); }
    void flag(std::string_view k, bool&) override { keys.emplace_back(k); }
  } v;
  Request r;
  fields(v, r);
  return v.keys;
}

}  // namespace siege::test
