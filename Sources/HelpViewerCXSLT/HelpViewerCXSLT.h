// libxslt and libexslt, for HelpViewerBooks' Mallard help books (yelp-xsl's stylesheets).
//
// libxml2's own headers come through HelpViewerCXML2's (an import of that module, so that one
// module owns libxml2's types; it also keeps out the ICU that clashes with Foundation's).
#include "../HelpViewerCXML2/HelpViewerCXML2.h"
#include <libxml/parserInternals.h>
#include <libxml/xinclude.h>
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

// Silences libxslt's messages (process-wide) and libxml2's (for the calling thread).
static inline void hv_xslt_silence(void) {
  xsltSetGenericErrorFunc(NULL, hv_xslt_ignore_error);
  xmlSetGenericErrorFunc(NULL, hv_xslt_ignore_error);
}
