// Not compiled: read by tests/check_core_words.py only.
void bad_action() {
  fail_usage("no-state", "bad: see 'siege status'");
  fail_usage("no-file", "no such file; make one with: siege init " + path);
  fail_usage("closed", "send them on standard input (siege play FILE < evening.txt)");
  text += command_line("siege target --at " + id);
  fail_usage("not-an-action", "it cannot be a batch line; run 'siege --state FILE undo'");
  text += "; see '" + hint({"stauts"}) + "'";
  text += command_line(hint_mark({"statsu"}));
}

SIEGE_COMMAND(bad) = plain_command<BadRequest, bad_inputs, run_bad>({
    .name = "bad", .summary = "Allowed: an example in a command object", .example = "siege status"});

std::string colophon() { return "Written by siege chronicle from the state file"; }
