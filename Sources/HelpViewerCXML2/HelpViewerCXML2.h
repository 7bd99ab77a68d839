#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
