# What the program's build and the WebAssembly package's both generate into
# ${SIEGE_GENERATED}: the built-in tables (by the target `tablegen`, which
# compiles data/*.json into C++) and the registry of the command objects
# found in `sources` (cmake/registry.cmake), so that no list of commands is
# kept by hand.
function(siege_generated tablegen comment)
  file(GLOB data CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/data/*.json)
  add_custom_command(
    OUTPUT ${SIEGE_GENERATED}/builtin_tables.cpp
    COMMAND ${CMAKE_COMMAND} -E make_directory ${SIEGE_GENERATED}
    COMMAND ${tablegen} ${PROJECT_SOURCE_DIR}/data ${SIEGE_GENERATED}/builtin_tables.cpp
    DEPENDS ${tablegen} ${data}
    COMMENT "Compiling data/*.json into the built-in tables${comment}")
  configure_file(${PROJECT_SOURCE_DIR}/src/version.hpp.in ${SIEGE_GENERATED}/version.hpp @ONLY)
  siege_registry(${SIEGE_GENERATED}/registry.cpp "${comment}" OFF ${ARGN})
endfunction()

# The registry (cmake/registry.cmake) of the command objects found in the
# source files given, written to `out`; `partial`: ON for a build that
# holds only some of the program's commands.
function(siege_registry out comment partial)
  list(JOIN ARGN "\n" lines)
  file(CONFIGURE OUTPUT ${out}.sources CONTENT "${lines}\n")
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${out} -DSOURCE_LIST=${out}.sources -DPARTIAL=${partial}
            -P ${PROJECT_SOURCE_DIR}/cmake/registry.cmake
    DEPENDS ${ARGN} ${PROJECT_SOURCE_DIR}/cmake/registry.cmake ${out}.sources
    COMMENT "Collecting the command objects into the registry${comment}")
endfunction()
