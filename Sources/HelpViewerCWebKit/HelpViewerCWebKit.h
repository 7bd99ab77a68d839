#include <webkit/webkit.h>
#include <libsoup/soup.h>
