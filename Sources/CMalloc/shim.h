#ifndef ENDPOINTGEN_CMALLOC_SHIM_H
#define ENDPOINTGEN_CMALLOC_SHIM_H
// glibc's allocator settings (mallopt), which the Glibc module does not export.
#if defined(__linux__)
#include <malloc.h>
#endif
#endif
