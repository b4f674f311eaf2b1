# CPack: `cpack -G DEB` in the build folder makes a Debian package of
# everything `cmake --install` puts in place (program, man page, shell
# completions, tables and schemas, headers and the CMake package).
#
# The program is linked statically (SIEGE_STATIC, the default), so the
# package depends on nothing. With SIEGE_STATIC=OFF it needs the C and C++
# runtime, which dpkg-shlibdeps then works out.

set(SIEGE_PACKAGE_MAINTAINER "The siege authors <maintainers@users.noreply.a-seed-ed13263e.example>"
    CACHE STRING "Maintainer field of the Debian package")

set(CPACK_PACKAGE_NAME siege)
set(CPACK_PACKAGE_VENDOR "The siege authors")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "command-line siege rules adjudicator")
set(CPACK_PACKAGE_DESCRIPTION "siege resolves the siege rules of a tabletop game at the table: attacks on
wall sections with the Armor arithmetic step by step, the breach ladder,
dice checks, exact odds, and the troop rules of a breach (holding it, routs,
casualties, abatis). Every number comes from JSON tables that a referee can
extend, and every outcome can be printed as JSON for scripts.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_CONTACT "${SIEGE_PACKAGE_MAINTAINER}")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)

set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${SIEGE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
if(NOT SIEGE_STATIC)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()

include(CPack)
