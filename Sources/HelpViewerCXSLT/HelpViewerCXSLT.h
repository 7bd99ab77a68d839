// libxslt and libexslt, for HelpViewerBooks' Mallard help books (yelp-xsl's stylesheets).
//
// libxml2's own headers come through HelpViewerCXML2's (an import of that module, so that one
// module owns libxml2's types; it also keeps out the ICU that clashes with Foundation's).
#include "../HelpViewerCXML2/HelpViewerCXML2.h"
#include <libxml/parserInternals.h>
#include <libxml/xinclude.h>
#include <libxml/uri.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxslt/xslt.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/transform.h>
#include <libxslt/xsltutils.h>
#include <libxslt/security.h>
#include <libxslt/extensions.h>
#include <libxslt/documents.h>
#include <libexslt/exslt.h>

// libxml2's and libxslt's error callbacks are variadic, which Swift cannot write: this one drops
// the messages (a page's errors become a LoadError of their own; nothing is printed).
static void hv_xslt_ignore_error(void *context, const char *message, ...) {
  (void)context;
  (void)message;
}

// libxslt's document loader before HelpViewer's (a global variable Swift 6 cannot read safely).
static inline xsltDocLoaderFunc hv_xslt_default_document_loader(void) { return xsltDocDefaultLoader; }

// Silences libxml2's messages for the calling thread (its error handler is per thread).
static inline void hv_xml_silence(void) { xmlSetGenericErrorFunc(NULL, hv_xslt_ignore_error); }

// Silences one transform's messages (its context's handler; nothing process-wide).
static inline void hv_xslt_silence_transform(xsltTransformContextPtr context) {
  xsltSetTransformErrorFunc(context, NULL, hv_xslt_ignore_error);
}

// libxslt reports stylesheet parse errors through its process-wide handler: this parses
// `file` with that handler silenced, and puts the host's back afterwards.
static inline xsltStylesheetPtr hv_xslt_parse_stylesheet_file_quietly(const char *file) {
  xmlGenericErrorFunc saved = xsltGenericError;
  void *savedContext = xsltGenericErrorContext;
  xsltSetGenericErrorFunc(NULL, hv_xslt_ignore_error);
  xsltStylesheetPtr sheet = xsltParseStylesheetFile((const xmlChar *)file);
  xsltSetGenericErrorFunc(savedContext, saved);
  return sheet;
}

// The same for a stylesheet already parsed as XML (`document` belongs to it on success).
static inline xsltStylesheetPtr hv_xslt_parse_stylesheet_doc_quietly(xmlDocPtr document) {
  xmlGenericErrorFunc saved = xsltGenericError;
  void *savedContext = xsltGenericErrorContext;
  xsltSetGenericErrorFunc(NULL, hv_xslt_ignore_error);
  xsltStylesheetPtr sheet = xsltParseStylesheetDoc(document);
  xsltSetGenericErrorFunc(savedContext, saved);
  return sheet;
}

// Stops a transform running on another thread: libxslt checks its context's state between
// instructions and templates and ends the transform once it reads XSLT_STATE_STOPPED (what
// xsl:message terminate="yes" does). An atomic store, as the transform's thread reads it.
static inline void hv_xslt_stop(xsltTransformContextPtr context) {
  __atomic_store_n((int *)&context->state, (int)XSLT_STATE_STOPPED, __ATOMIC_RELAXED);
}
