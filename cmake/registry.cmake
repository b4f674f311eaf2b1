# Writes the registry of command objects: every SIEGE_COMMAND(ID) found in
# the source files given, in no order (the program orders them by rank).
# Run by the build (CMakeLists.txt) in script mode:
#   cmake -DOUTPUT=registry.cpp -DSOURCE_LIST=sources.txt [-DPARTIAL=ON] -P cmake/registry.cmake
# (SOURCE_LIST: a file naming the source files, one a line; PARTIAL: a
# build that holds some of the program's commands only, the calculator
# page's, where a hint may name one it leaves out).
# The file is rewritten only when its text changes, so that a source edit
# that adds or drops no command recompiles nothing.
file(STRINGS "${SOURCE_LIST}" SOURCES)
set(ids)
foreach(src IN LISTS SOURCES)
  file(STRINGS "${src}" lines REGEX "^SIEGE_COMMAND\\([a-z_0-9]+\\)")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^SIEGE_COMMAND\\(([a-z_0-9]+)\\).*" "\\1" id "${line}")
    list(APPEND ids ${id})
  endforeach()
endforeach()
list(SORT ids)
list(REMOVE_DUPLICATES ids)
set(text "// Written by the build (cmake/registry.cmake) from each SIEGE_COMMAND of src/: do not edit.\n")
string(APPEND text "#include \"commands/command.hpp\"\n\nnamespace siege::cli {\n\n")
foreach(id IN LISTS ids)
  string(APPEND text "extern const Command ${id}_command;\n")
endforeach()
string(APPEND text "\nnamespace {\nconstinit const Command* const all_commands[] = {\n")
foreach(id IN LISTS ids)
  string(APPEND text "    &${id}_command,\n")
endforeach()
if(PARTIAL)
  set(partial true)
else()
  set(partial false)
endif()
string(APPEND text "};\n}  // namespace\n\nstd::span<const Command* const> registry() { return all_commands; }\n")
string(APPEND text "bool registry_is_partial() { return ${partial}; }\n\n}  // namespace siege::cli\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
