/* Marks the public functions: the library is built with hidden visibility and
 * a version script (src/api/ecx.map), so only these names are exported. */
#ifndef ECX_API_EXPORT_H
#define ECX_API_EXPORT_H

#define ECX_EXPORT __attribute__((visibility("default")))

#endif
