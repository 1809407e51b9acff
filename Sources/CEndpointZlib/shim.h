#ifndef ENDPOINTGEN_CZLIB_SHIM_H
#define ENDPOINTGEN_CZLIB_SHIM_H
// zlib's inflate for AsyncHTTPClientTransport's gzip and deflate bodies. zlib.h is already needed
// by async-http-client (swift-nio-extras' CNIOExtrasZlib); inflateInit2 is a macro, which Swift
// cannot call, hence the wrapper.
#include <zlib.h>

/// windowBits 15 + 32: a zlib or gzip header, detected; -15: raw deflate (no header).
static inline int endpointgen_inflate_init(z_stream *stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
