// libcurl for the tenants' notices over SMTP (Sources/SMTPMail), loaded only when a notice is sent.
//
// The binary does not link libcurl: linked, it and the 28 libraries it brings (TLS, Kerberos, LDAP,
// SSH, IDN...) were loaded and bound by every slotsheet process, `--version` included. Instead
// `ccurl_load` opens libcurl.so.4 with dlopen the first time a notice is sent and looks up the few
// functions slotsheet calls; every other function here calls through what it found, so each may be
// called only after `ccurl_load` returned 0. curl/curl.h is included for its types and constants
// only: calling its functions directly would link libcurl again (and fail to link).
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: the typed setters
// below are the only calls that need one.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// The library opened: its soname as the loader looks it up (Debian's libcurl4 package).
#define CCURL_LIBRARY "libcurl.so.4"

/// What `ccurl_load` and `ccurl_check` found.
typedef enum {
    CCURL_LOADED = 0,
    /// The loader could not open the library (`error`: the loader's words).
    CCURL_NOT_FOUND = 1,
    /// The library opened but lacks a function slotsheet calls (`error`: its name).
    CCURL_LACKS_FUNCTION = 2,
    /// curl_global_init failed (`error`: libcurl's words for its code).
    CCURL_START_FAILED = 3,
} ccurl_load_result;

/// Opens libcurl (once a process; thread-safe), finds its functions and runs curl_global_init.
/// On a failure, why is in `error`, and a later call tries again.
ccurl_load_result ccurl_load(char *error, size_t size);

/// Whether the library `soname` could serve as libcurl: opens it apart from the loaded one, looks
/// up every function slotsheet calls, and closes it again.
ccurl_load_result ccurl_check(const char *soname, char *error, size_t size);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
void ccurl_easy_reset(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);

CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value);

/// What libcurl calls with every line it sends or receives (CURLOPT_DEBUGFUNCTION).
typedef int (*ccurl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *context);

/// Sets the debug callback, its context, and CURLOPT_VERBOSE, which makes libcurl call it.
CURLcode ccurl_set_debug_callback(CURL *handle, ccurl_debug_callback callback, void *context);

CURLcode ccurl_get_long(CURL *handle, CURLINFO info, long *value);

curl_mime *ccurl_mime_init(CURL *handle);
void ccurl_mime_free(curl_mime *mime);
curl_mimepart *ccurl_mime_addpart(curl_mime *mime);
CURLcode ccurl_mime_data(curl_mimepart *part, const char *data, size_t size);
CURLcode ccurl_mime_type(curl_mimepart *part, const char *type);
CURLcode ccurl_mime_encoder(curl_mimepart *part, const char *encoding);
CURLcode ccurl_mime_subparts(curl_mimepart *part, curl_mime *subparts);
CURLcode ccurl_mime_headers(curl_mimepart *part, struct curl_slist *headers, int take_ownership);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line);
void ccurl_slist_free_all(struct curl_slist *list);

#endif
