// Debian's libxml2 (libxml2-dev): the streaming reader GPX files are read with.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so libxml/encoding.h includes ICU's <unicode/ucnv.h>, whose
// declarations clash with the toolchain's own copy of ICU (Foundation's _FoundationICU module). The
// ICU part is two pointers at the end of xmlCharEncodingHandler, a structure Swift never lays out
// or touches here (encodings are libxml2's business), so it is left out of this module's view.
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>
