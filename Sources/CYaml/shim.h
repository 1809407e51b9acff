#ifndef ENDPOINTGEN_CYAML_SHIM_H
#define ENDPOINTGEN_CYAML_SHIM_H
// Without libyaml's header, name the fix instead of only "'yaml.h' file not found" (what SwiftPM
// and Xcode show after a pkg-config lookup that failed quietly). Homebrew on Apple Silicon keeps
// libyaml in /opt/homebrew, which Xcode does not search: EndpointGen's docs/xcode.md#libyaml.
#if defined(__has_include) && !__has_include(<yaml.h>)
#if defined(__APPLE__)
#error "EndpointGen needs libyaml to build its generator: run 'brew install libyaml'. Installed already and Xcode still does not find it (Apple Silicon: /opt/homebrew)? See EndpointGen's docs/xcode.md#libyaml: link yaml-0.1.pc into /usr/local/lib/pkgconfig, or set PKG_CONFIG_PATH. Xcode Cloud: install it in ci_scripts/ci_post_clone.sh."
#else
#error "EndpointGen needs libyaml to build its generator: run 'sudo apt-get install -y libyaml-dev pkg-config' (Debian/Ubuntu; 'make setup' does it), 'sudo dnf install libyaml-devel' (Fedora), or your system's libyaml development package."
#endif
#else
#include <yaml.h>
#endif
#endif
