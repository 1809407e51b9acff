#ifndef ENDPOINTGEN_CYAML_SHIM_H
#define ENDPOINTGEN_CYAML_SHIM_H
#include <yaml.h>
#endif
