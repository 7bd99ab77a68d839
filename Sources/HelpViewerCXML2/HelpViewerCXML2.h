// libxml2's HTML parser and tree, for HelpViewerBooks' page text.
//
// Debian's libxml2 is built with ICU, so <libxml/encoding.h> includes ICU's <unicode/ucnv.h>,
// whose types clash with the ICU that Foundation bundles ("'UErrorCode' has different
// definitions in different modules"). Nothing here uses libxml2's ICU converters; they only
// appear as fields at the end of xmlCharEncodingHandler, which is used through pointers alone.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
