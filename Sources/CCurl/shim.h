// Debian's libcurl (libcurl4-openssl-dev) for the tenants' notices over SMTP (Sources/SMTPMail).
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these typed
// wrappers are the only calls that need one.
#include <curl/curl.h>

static inline CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// What libcurl calls with every line it sends or receives (CURLOPT_DEBUGFUNCTION).
typedef int (*ccurl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *context);

static inline CURLcode ccurl_set_debug_callback(CURL *handle, ccurl_debug_callback callback, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
    if (code != CURLE_OK) return code;
    code = curl_easy_setopt(handle, CURLOPT_DEBUGDATA, context);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_VERBOSE, 1L);
}

static inline CURLcode ccurl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
