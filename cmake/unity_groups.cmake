# siege_unity_groups(TARGET): the unity groups of src/ (siege_unity_group),
# shared by the program's library and the WebAssembly package's, which
# holds the same files but the terminal's front ends. A file a target does
# not hold is ignored.
function(siege_unity_groups target)
  # Groups of about equal size, for a 2-core machine; the odds printers and
  # advise, which include Boost's headers, in one of their own, the
  # chronicle's files in another, and serve's and play's (Asio, Beast,
  # libedit) in a third. A file in no group compiles alone, and pays again for the
  # headers and the inline code it shares with the others.
  siege_unity_group(${target} cli_a
    src/commands/actions.cpp src/cli/cli.cpp src/commands/cmd_abatis.cpp src/commands/cmd_army_morale.cpp
    src/commands/cmd_attack.cpp src/batch/cmd_batch.cpp src/commands/cmd_casualties.cpp src/commands/cmd_check.cpp
    src/commands/cmd_demolish.cpp src/commands/cmd_escalade.cpp src/commands/cmd_hold.cpp src/commands/cmd_init.cpp
    src/commands/cmd_odds.cpp)
  siege_unity_group(${target} cli_b
    src/commands/cmd_log.cpp src/commands/cmd_mine.cpp src/commands/cmd_move.cpp src/commands/cmd_odds_scene.cpp
    src/commands/cmd_odds_works.cpp src/commands/cmd_replay.cpp src/commands/cmd_rout.cpp src/commands/cmd_scene.cpp
    src/commands/cmd_status.cpp src/commands/cmd_tables.cpp src/commands/cmd_undo.cpp src/commands/spelling.cpp
    src/print/render.cpp src/state/state_file.cpp src/commands/cmd_order.cpp src/commands/unit_view.cpp
    src/commands/context.cpp)
  siege_unity_group(${target} cli_c
    src/commands/cmd_countermine.cpp src/commands/cmd_hull.cpp src/commands/cmd_sortie.cpp src/commands/cmd_target.cpp
    src/commands/cmd_note.cpp src/commands/cmd_add.cpp src/commands/cmd_remove.cpp src/commands/cmd_split.cpp
    src/commands/cmd_merge.cpp src/print/attack.cpp src/print/works.cpp src/print/troops.cpp src/print/units.cpp
    src/print/attack_text.cpp src/print/works_text.cpp src/print/troops_text.cpp
    src/print/units_text.cpp src/print/troop_words.cpp)
  siege_unity_group(${target} cli_d src/print/odds.cpp src/print/odds_text.cpp src/commands/cmd_advise.cpp)
  siege_unity_group(${target} cli_e src/print/state.cpp src/print/state_text.cpp src/print/tables.cpp
    src/print/log_lines.cpp src/commands/inputs.cpp src/state/read_file.cpp src/batch/progress.cpp
    src/front/terminal.cpp src/commands/inputs_json.cpp src/wasm/api.cpp src/front/parse.cpp src/front/globals.cpp
    src/cli/help.cpp)
  siege_unity_group(${target} cli_f src/commands/chronicle.cpp src/print/chronicle_page.cpp
    src/print/chronicle_plan.cpp src/commands/cmd_chronicle.cpp src/commands/view.cpp)
  siege_unity_group(${target} cli_g src/serve/cmd_serve.cpp src/serve/serve_view.cpp src/play/cmd_play.cpp)
endfunction()
