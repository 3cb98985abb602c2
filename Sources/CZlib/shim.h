#ifndef LARDER_CZLIB_SHIM_H
#define LARDER_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit2 is a macro (it passes the library's version and stream size); Swift cannot
/// import it, so this calls it for a gzip stream (window bits 15 + 16) at `level`.
static inline int larder_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
}
#endif
