#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/globals.h>

/* libxml2's run-time version ("20914"). `xmlParserVersion` is a macro over a per-thread global
   in some releases and a plain variable in others; C reads it the same way in both. */
static inline const char *slotsheet_libxml2_parser_version(void) { return xmlParserVersion; }
