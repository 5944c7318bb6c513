/*
 * wf_curl.h - Debian's libcurl (libcurl4, OpenSSL flavour), loaded on first use.
 *
 * Why: linking libcurl makes every start of the appliance map and relocate it
 * and the ~27 libraries it needs (GnuTLS, Kerberos, LDAP, libssh2, ...), about
 * 5 MB resident and a third of the start's symbol relocations, while most
 * walks never upload (docs/upload.md, "What libcurl costs"). The binary therefore does not link it: wf_curl_load() opens
 * libcurl.so.4 with dlopen(3) and resolves the functions below with dlsym(3),
 * and every other function here calls through that table.
 *
 * curl/curl.h is still included, for the types and constants only (the build
 * needs libcurl4-openssl-dev); CURL_DISABLE_TYPECHECK keeps its
 * curl_easy_setopt/curl_easy_getinfo macros of typecheck-gcc.h from naming
 * the real functions, so nothing here links against libcurl.
 *
 * curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
 * call: one typed setter per kind of argument curl documents for an option
 * (long, curl_off_t, pointer, callback), as curl's own typecheck-gcc.h sorts
 * them.
 *
 * Conventions: call wf_curl_load() first and everything else only once it has
 * returned WF_CURL_LOADED. Before that, nothing crashes: the calls answer
 * CURLE_FAILED_INIT, NULL or nothing.
 */
#ifndef WF_CURL_H
#define WF_CURL_H

#ifndef CURL_DISABLE_TYPECHECK
#define CURL_DISABLE_TYPECHECK 1
#endif
#include <curl/curl.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The file wf_curl_load opens when it is given none: Debian's libcurl4 (and
 * libcurl4t64 on Debian 13) installs it, whatever the flavour. */
#define WF_CURL_LIBRARY "libcurl.so.4"

typedef enum {
    /* Loaded, every function found, curl_global_init(3) done. */
    WF_CURL_LOADED = 0,
    /* dlopen failed: the file is missing or not a library for this machine. */
    WF_CURL_NOT_FOUND = 1,
    /* The library lacks a function (not libcurl, or one too old). */
    WF_CURL_SYMBOL_MISSING = 2,
    /* curl_global_init failed; the detail is curl_easy_strerror's words. */
    WF_CURL_INIT_FAILED = 3,
} wf_curl_load_result;

/* Opens `path` (WF_CURL_LIBRARY when NULL) with RTLD_NOW | RTLD_LOCAL,
 * resolves the functions and runs curl_global_init(CURL_GLOBAL_DEFAULT), once
 * for the process: thread-safe, and a call after a success returns at once.
 * A failure to open or to resolve leaves nothing loaded, so a later call tries
 * again (libcurl installed meanwhile); a failed curl_global_init is final. On
 * failure `detail` (of `detail_size` bytes, may be NULL) receives dlerror(3)'s
 * or curl's words, NUL-terminated. */
wf_curl_load_result wf_curl_load(const char *path, char *detail, size_t detail_size);

CURL *wf_curl_easy_init(void);
void wf_curl_easy_cleanup(CURL *curl);
void wf_curl_easy_reset(CURL *curl);
CURLcode wf_curl_easy_perform(CURL *curl);
/* curl's words for `code`; "libcurl is not loaded" before wf_curl_load. */
const char *wf_curl_easy_strerror(CURLcode code);
/* NULL, and `list` untouched, when out of memory (curl_slist_append(3)). */
struct curl_slist *wf_curl_slist_append(struct curl_slist *list, const char *string);
void wf_curl_slist_free_all(struct curl_slist *list);

typedef size_t (*wf_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*wf_curl_xferinfo_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                         curl_off_t upload_total, curl_off_t uploaded);
typedef int (*wf_curl_seek_callback)(void *context, curl_off_t offset, int origin);

CURLcode wf_curl_set_long(CURL *curl, CURLoption option, long value);
CURLcode wf_curl_set_offset(CURL *curl, CURLoption option, curl_off_t value);
CURLcode wf_curl_set_pointer(CURL *curl, CURLoption option, void *value);
CURLcode wf_curl_set_string(CURL *curl, CURLoption option, const char *value);
CURLcode wf_curl_set_data_callback(CURL *curl, CURLoption option, wf_curl_data_callback value);
CURLcode wf_curl_set_seek_callback(CURL *curl, wf_curl_seek_callback value);
CURLcode wf_curl_set_xferinfo_callback(CURL *curl, wf_curl_xferinfo_callback value);
CURLcode wf_curl_get_long(CURL *curl, CURLINFO info, long *value);
CURLcode wf_curl_get_offset(CURL *curl, CURLINFO info, curl_off_t *value);

#ifdef __cplusplus
}
#endif

#endif
