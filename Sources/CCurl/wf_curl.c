/*
 * wf_curl.c - libcurl's functions through dlopen(3)/dlsym(3); see wf_curl.h.
 *
 * dlopen is in glibc's libc itself since 2.34 (Debian 12 has 2.36, Debian 13
 * 2.41), so no -ldl is needed.
 */
#include "wf_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

/* The pointers' types are taken from curl.h's own declarations, so a
 * signature that differs from the header's does not compile. */
struct wf_curl_functions {
    __typeof__(curl_global_init) *global_init;
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_reset) *easy_reset;
    __typeof__(curl_easy_perform) *easy_perform;
    __typeof__(curl_easy_strerror) *easy_strerror;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
};

static pthread_mutex_t wf_curl_lock = PTHREAD_MUTEX_INITIALIZER;
/* Written under the lock before `wf_curl_ready` is set (release); read after
 * it is seen set (acquire), and never written again. */
static struct wf_curl_functions wf_curl;
static atomic_bool wf_curl_ready;
/* curl_global_init failed: final, with its code. */
static CURLcode wf_curl_init_code = CURLE_OK;

static void wf_curl_detail(char *detail, size_t size, const char *text) {
    if (detail == NULL || size == 0) return;
    snprintf(detail, size, "%s", text ? text : "unknown error");
}

/* dlsym(3): a NULL that is not an error is impossible for a function, so
 * dlerror() is cleared first and checked after. */
static int wf_curl_resolve(void *library, const char *name, void **slot, char *detail, size_t size) {
    dlerror();
    void *symbol = dlsym(library, name);
    const char *error = dlerror();
    if (error != NULL || symbol == NULL) {
        wf_curl_detail(detail, size, error ? error : name);
        return 0;
    }
    *slot = symbol;
    return 1;
}

wf_curl_load_result wf_curl_load(const char *path, char *detail, size_t detail_size) {
    if (atomic_load_explicit(&wf_curl_ready, memory_order_acquire)) return WF_CURL_LOADED;
    pthread_mutex_lock(&wf_curl_lock);
    wf_curl_load_result result = WF_CURL_LOADED;
    if (atomic_load_explicit(&wf_curl_ready, memory_order_relaxed)) goto done;
    if (wf_curl_init_code != CURLE_OK) {
        result = WF_CURL_INIT_FAILED;
        wf_curl_detail(detail, detail_size, wf_curl.easy_strerror ? wf_curl.easy_strerror(wf_curl_init_code) : NULL);
        goto done;
    }
    void *library = dlopen(path ? path : WF_CURL_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        result = WF_CURL_NOT_FOUND;
        wf_curl_detail(detail, detail_size, dlerror());
        goto done;
    }
    struct wf_curl_functions found;
    memset(&found, 0, sizeof found);
    if (!wf_curl_resolve(library, "curl_global_init", (void **)&found.global_init, detail, detail_size)
        || !wf_curl_resolve(library, "curl_easy_init", (void **)&found.easy_init, detail, detail_size)
        || !wf_curl_resolve(library, "curl_easy_cleanup", (void **)&found.easy_cleanup, detail, detail_size)
        || !wf_curl_resolve(library, "curl_easy_reset", (void **)&found.easy_reset, detail, detail_size)
        || !wf_curl_resolve(library, "curl_easy_perform", (void **)&found.easy_perform, detail, detail_size)
        || !wf_curl_resolve(library, "curl_easy_strerror", (void **)&found.easy_strerror, detail, detail_size)
        || !wf_curl_resolve(library, "curl_easy_setopt", (void **)&found.easy_setopt, detail, detail_size)
        || !wf_curl_resolve(library, "curl_easy_getinfo", (void **)&found.easy_getinfo, detail, detail_size)
        || !wf_curl_resolve(library, "curl_slist_append", (void **)&found.slist_append, detail, detail_size)
        || !wf_curl_resolve(library, "curl_slist_free_all", (void **)&found.slist_free_all, detail, detail_size)) {
        result = WF_CURL_SYMBOL_MISSING;
        dlclose(library);
        goto done;
    }
    /* curl_global_init(3): once per process, before any other call, and not
     * thread-safe itself: the lock serialises it. The library stays loaded
     * for the life of the process (never dlclose'd: libcurl and OpenSSL keep
     * global state). */
    CURLcode code = found.global_init(CURL_GLOBAL_DEFAULT);
    wf_curl = found;
    if (code != CURLE_OK) {
        wf_curl_init_code = code;
        result = WF_CURL_INIT_FAILED;
        wf_curl_detail(detail, detail_size, found.easy_strerror(code));
        goto done;
    }
    atomic_store_explicit(&wf_curl_ready, 1, memory_order_release);
done:
    pthread_mutex_unlock(&wf_curl_lock);
    return result;
}

/* The table, once loaded; NULL before. */
static const struct wf_curl_functions *wf_curl_table(void) {
    return atomic_load_explicit(&wf_curl_ready, memory_order_acquire) ? &wf_curl : NULL;
}

CURL *wf_curl_easy_init(void) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_init() : NULL;
}
void wf_curl_easy_cleanup(CURL *curl) {
    const struct wf_curl_functions *f = wf_curl_table();
    if (f) f->easy_cleanup(curl);
}
void wf_curl_easy_reset(CURL *curl) {
    const struct wf_curl_functions *f = wf_curl_table();
    if (f) f->easy_reset(curl);
}
CURLcode wf_curl_easy_perform(CURL *curl) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_perform(curl) : CURLE_FAILED_INIT;
}
const char *wf_curl_easy_strerror(CURLcode code) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_strerror(code) : "libcurl is not loaded";
}
struct curl_slist *wf_curl_slist_append(struct curl_slist *list, const char *string) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->slist_append(list, string) : NULL;
}
void wf_curl_slist_free_all(struct curl_slist *list) {
    const struct wf_curl_functions *f = wf_curl_table();
    if (f) f->slist_free_all(list);
}

CURLcode wf_curl_set_long(CURL *curl, CURLoption option, long value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}
CURLcode wf_curl_set_offset(CURL *curl, CURLoption option, curl_off_t value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}
CURLcode wf_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}
CURLcode wf_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}
CURLcode wf_curl_set_data_callback(CURL *curl, CURLoption option, wf_curl_data_callback value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}
CURLcode wf_curl_set_seek_callback(CURL *curl, wf_curl_seek_callback value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_setopt(curl, CURLOPT_SEEKFUNCTION, value) : CURLE_FAILED_INIT;
}
CURLcode wf_curl_set_xferinfo_callback(CURL *curl, wf_curl_xferinfo_callback value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, value) : CURLE_FAILED_INIT;
}
CURLcode wf_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_getinfo(curl, info, value) : CURLE_FAILED_INIT;
}
CURLcode wf_curl_get_offset(CURL *curl, CURLINFO info, curl_off_t *value) {
    const struct wf_curl_functions *f = wf_curl_table();
    return f ? f->easy_getinfo(curl, info, value) : CURLE_FAILED_INIT;
}
