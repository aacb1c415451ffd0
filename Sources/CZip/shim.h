#include <zip.h>
/* zlib, which libzip is built on: the writer deflates a part itself when it is prepared beside
   libxlsxwriter (XLSXWriter's DeflatedPart). */
#include <zlib.h>
