// Reading the tables of --data DIR and the description of `init --from`:
// what cannot be read (permissions, links, folders, FIFOs, devices, size) is
// refused with the file and the reason, and what is invalid across rows
// (aliases, Siege ratings, weapons of engines) names the user's file and
// the JSON pointer into it.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "support.hpp"
#include "temp_dir.hpp"

using siege::test::Run;
using siege::test::TempDir;

namespace {

Run run(const std::vector<std::string>& args, const std::string& stdin_text = "", const std::string& env = "") {
  return siege::test::siege(args, stdin_text, env);
}

// The error line the program prints for MESSAGE.
std::string error_line(const std::string& message) { return "siege: error: " + message + "\n"; }

const std::string fort = R"({"id": "fort", "name": "Fort", "armor": 1, "hull": 2)";
const std::string weapon_row = R"({"id": "springald", "name": "Springald", "hull_damage": 2, "pierce": 1, "mount": "standard"})";

// Runs a command as the user nobody, or returns nullopt when this machine
// cannot (no setpriv, or nobody cannot run the built binary).
std::optional<Run> as_nobody(const std::vector<std::string>& args) {
  const std::string prefix = "setpriv --reuid=65534 --regid=65534 --clear-groups";
  if (std::system("command -v setpriv >/dev/null 2>&1") != 0) return std::nullopt;
  if (run({"--version"}, "", prefix).status != 0) return std::nullopt;
  return run(args, "", prefix);
}

}  // namespace

TEST_CASE("A --data folder or table the user cannot read is exit 3 naming it and the reason", "[cli][data][tables]") {
  // Root reads anything: the refusals are seen as the user nobody.
  TempDir dir;
  ::chmod(dir.path().c_str(), 0755);
  const std::string data = dir.file("data");
  ::mkdir(data.c_str(), 0755);
  const std::string weapons = dir.write("data/weapons.json", "[" + weapon_row + "]");
  ::chmod(data.c_str(), 0);
  auto r = as_nobody({"--data", data, "list", "weapons"});
  ::chmod(data.c_str(), 0755);
  if (!r) {
    WARN("skipped: cannot run siege as the user nobody here (setpriv)");
    return;
  }
  CHECK(r->status == 3);
  CHECK(r->err == error_line("--data " + data + ": cannot read the folder: Permission denied"));
  CHECK(r->out.empty());

  ::chmod(weapons.c_str(), 0);
  r = as_nobody({"--data", data, "list", "weapons"});
  CHECK(r->status == 3);
  CHECK(r->err == error_line(weapons + ": cannot read: Permission denied"));
  ::chmod(weapons.c_str(), 0644);
  r = as_nobody({"--data", data, "list", "weapons"});
  CHECK(r->status == 0);
  CHECK_THAT(r->out, Catch::Contains("springald"));
}

TEST_CASE("A table that is a dangling or looping symbolic link is exit 3", "[cli][data][tables]") {
  TempDir dir;
  REQUIRE(::symlink("no-such-file.json", dir.file("weapons.json").c_str()) == 0);
  auto r = run({"--data", dir.path(), "list", "weapons"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("weapons.json") + ": cannot read: a symbolic link to a file that does not exist"));
  CHECK(r.out.empty());

  REQUIRE(::unlink(dir.file("weapons.json").c_str()) == 0);
  REQUIRE(::symlink("engines.json", dir.file("weapons.json").c_str()) == 0);
  REQUIRE(::symlink("weapons.json", dir.file("engines.json").c_str()) == 0);
  r = run({"--data", dir.path(), "list", "weapons"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("weapons.json") + ": cannot read: a loop of symbolic links"));
}

TEST_CASE("A table or a description that is a folder says so", "[cli][data][tables]") {
  TempDir dir;
  REQUIRE(::mkdir(dir.file("weapons.json").c_str(), 0755) == 0);
  auto r = run({"--data", dir.path(), "list", "weapons", "--json"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("weapons.json") + ": cannot read: a folder, not a file"));
  CHECK(r.json()["error"]["code"] == 3);

  r = run({"init", dir.file("s.json"), "--from", dir.path()});
  CHECK(r.status == 2);
  CHECK(r.err == error_line("--from " + dir.path() + ": cannot read: a folder, not a file"));
  CHECK(dir.names() == std::vector<std::string>{"weapons.json"});
}

TEST_CASE("A FIFO as a table or a description is refused at once, not waited on", "[cli][data][tables]") {
  TempDir dir;
  REQUIRE(::mkfifo(dir.file("weapons.json").c_str(), 0644) == 0);
  // Nothing ever writes to the FIFO: a reader that opens or reads it blocks
  // until `timeout` ends it with status 124.
  auto r = run({"--data", dir.path(), "list", "weapons"}, "", "timeout 10");
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("weapons.json") + ": cannot read: not a regular file (a FIFO)"));

  r = run({"init", dir.file("s.json"), "--from", dir.file("weapons.json")}, "", "timeout 10");
  CHECK(r.status == 2);
  CHECK(r.err == error_line("--from " + dir.file("weapons.json") + ": cannot read: not a regular file (a FIFO)"));
}

TEST_CASE("A device as a table or a description is refused before reading it", "[cli][data][tables]") {
  TempDir dir;
  REQUIRE(::symlink("/dev/zero", dir.file("charges.json").c_str()) == 0);
  auto r = run({"--data", dir.path(), "list", "charges"}, "", "timeout 10");
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("charges.json") + ": cannot read: not a regular file (a character device)"));

  r = run({"init", dir.file("s.json"), "--from", "/dev/zero"}, "", "timeout 10");
  CHECK(r.status == 2);
  CHECK(r.err == error_line("--from /dev/zero: cannot read: not a regular file (a character device)"));
}

TEST_CASE("Tables and descriptions over 16 MiB are refused, standard input too", "[cli][data][tables]") {
  TempDir dir;
  const std::string big(16u * 1024u * 1024u + 1u, ' ');
  dir.write("dice.json", big);
  auto r = run({"--data", dir.path(), "list", "weapons"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("dice.json") + ": cannot read: larger than the limit of 16 MiB"));

  r = run({"init", dir.file("s.json"), "--from", "-"}, big);
  CHECK(r.status == 2);
  CHECK(r.err == error_line("--from -: cannot read: larger than the limit of 16 MiB"));
  r = run({"init", dir.file("s.json"), "--from", dir.file("dice.json")});
  CHECK(r.status == 2);
  CHECK(r.err == error_line("--from " + dir.file("dice.json") + ": cannot read: larger than the limit of 16 MiB"));
  // Within the limit, the file is read and parsed as usual (here: empty).
  dir.write("dice.json", std::string(1000, ' '));
  r = run({"--data", dir.path(), "list", "weapons"});
  CHECK(r.status == 3);
  CHECK_THAT(r.err, Catch::StartsWith("siege: error: " + dir.file("dice.json") + ":1:1001: "));
}

TEST_CASE("A homebrew name that clashes with a structure's id or alias is exit 3 at load", "[cli][data][tables]") {
  TempDir dir;
  dir.write("structures.json", "[" + fort + R"(, "aliases": ["keep"]}])");
  auto r = run({"--data", dir.path(), "list", "structures"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("structures.json") + ":/0/aliases/0: alias 'keep' of 'fort' is already an alias of 'tower'"));

  dir.write("structures.json", "[" + fort + R"(}, {"id": "fortlet", "name": "Fortlet", "armor": 1, "hull": 2, "aliases": ["fort"]}])");
  r = run({"--data", dir.path(), "list", "structures"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("structures.json") + ":/1/aliases/0: alias 'fort' of 'fortlet' is already the id of 'fort'"));
  dir.write("structures.json", "[" + fort + R"(, "aliases": ["tower"]}])");
  r = run({"--data", dir.path(), "list", "structures"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("structures.json") + ":/0/aliases/0: alias 'tower' of 'fort' is already the id of 'tower'"));

  dir.write("structures.json", R"([{"id": "keep", "name": "Keep", "armor": 1, "hull": 2}])");
  r = run({"--data", dir.path(), "show", "keep"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("structures.json") + ":/0/id: id 'keep' is already an alias of 'tower'"));

  // A tower without its alias frees the name for another structure.
  dir.write("structures.json", R"([{"id": "tower", "name": "Tower", "armor": 5, "hull": 30},)" + fort +
                                   R"(, "aliases": ["keep"]}])");
  r = run({"--data", dir.path(), "show", "keep", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json()["entries"][0]["id"] == "fort");
}

TEST_CASE("A charge whose Siege rating has no row is exit 3 at load, not at demolish", "[cli][data][tables]") {
  TempDir dir;
  dir.write("charges.json", R"([{"id": "big-mine", "name": "Big mine", "siege": 50, "prepare": 2}])");
  auto r = run({"--data", dir.path(), "list", "weapons"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("charges.json") + ":/0/siege: no row for Siege rating 50 in the siege-rating table"));

  dir.write("siege-rating.json", R"([{"rating": 50, "hull_damage": 60}])");
  r = run({"--data", dir.path(), "list", "charges", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json().back()["hull_damage"] == 60);
}

TEST_CASE("An engine's unknown weapon is reported at its row of the user's file", "[cli][data][tables]") {
  TempDir dir;
  dir.write("engines.json", R"([{"id": "cart", "name": "Cart", "armor": 0, "hull": 3},
                                {"id": "laser-tank", "name": "Laser tank", "armor": 2, "hull": 8, "weapon": "laser"}])");
  auto r = run({"--data", dir.path(), "list", "engines"});
  CHECK(r.status == 3);
  CHECK(r.err == error_line(dir.file("engines.json") + ":/1/weapon: unknown weapon 'laser'"));

  dir.write("weapons.json", R"([{"id": "laser", "name": "Laser", "hull_damage": 9, "pierce": 3, "mount": "heavy"}])");
  r = run({"--data", dir.path(), "list", "engines", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.json().back()["weapon"] == "laser");
}
