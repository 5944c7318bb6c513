// Debian's libcurl (libcurl4-openssl-dev): the upload's HTTP transport.
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed setter per
// kind of argument curl documents for an option (long, curl_off_t, pointer, callback), as curl's own
// typecheck-gcc.h sorts them.
typedef size_t (*wf_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*wf_curl_xferinfo_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                         curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode wf_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode wf_curl_set_offset(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode wf_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode wf_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode wf_curl_set_data_callback(CURL *curl, CURLoption option, wf_curl_data_callback value) {
    return curl_easy_setopt(curl, option, value);
}
typedef int (*wf_curl_seek_callback)(void *context, curl_off_t offset, int origin);
static inline CURLcode wf_curl_set_seek_callback(CURL *curl, wf_curl_seek_callback value) {
    return curl_easy_setopt(curl, CURLOPT_SEEKFUNCTION, value);
}
static inline CURLcode wf_curl_set_xferinfo_callback(CURL *curl, wf_curl_xferinfo_callback value) {
    return curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, value);
}
static inline CURLcode wf_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}
static inline CURLcode wf_curl_get_offset(CURL *curl, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(curl, info, value);
}
