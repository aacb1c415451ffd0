// libcurl opened at first use (see include/ccurl.h for why).
#define CURL_DISABLE_TYPECHECK  // typecheck-gcc.h's macros would take over the table's calls of curl_easy_setopt
#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// Every libcurl function slotsheet calls, each looked up by its own name.
#define CCURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_reset) X(curl_easy_perform) \
    X(curl_easy_strerror) X(curl_easy_setopt) X(curl_easy_getinfo) X(curl_mime_init) X(curl_mime_free) \
    X(curl_mime_addpart) X(curl_mime_data) X(curl_mime_type) X(curl_mime_encoder) X(curl_mime_subparts) \
    X(curl_mime_headers) X(curl_slist_append) X(curl_slist_free_all)

/// The functions found, each with the type curl/curl.h declares for it.
struct ccurl_functions {
#define CCURL_FIELD(name) __typeof__(&name) name;
    CCURL_FUNCTIONS(CCURL_FIELD)
#undef CCURL_FIELD
};

static struct ccurl_functions api;
static int loaded;
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

/// Opens `soname` and fills `table`: `*library` its handle, or NULL with why in `error`.
static ccurl_load_result open_library(const char *soname, struct ccurl_functions *table, void **library_out, char *error, size_t size) {
    *library_out = NULL;
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason != NULL ? reason : soname);
        return CCURL_NOT_FOUND;
    }
#define CCURL_LOOKUP(name)                                                   \
    *(void **)(&table->name) = dlsym(library, #name);                        \
    if (table->name == NULL) {                                               \
        snprintf(error, size, "%s", #name);                                  \
        dlclose(library);                                                    \
        return CCURL_LACKS_FUNCTION;                                         \
    }
    CCURL_FUNCTIONS(CCURL_LOOKUP)
#undef CCURL_LOOKUP
    *library_out = library;
    return CCURL_LOADED;
}

ccurl_load_result ccurl_load(char *error, size_t size) {
    pthread_mutex_lock(&load_lock);
    ccurl_load_result result = CCURL_LOADED;
    if (!loaded) {
        struct ccurl_functions table;
        void *library;
        result = open_library(CCURL_LIBRARY, &table, &library, error, size);
        if (result == CCURL_LOADED) {
            CURLcode code = table.curl_global_init(CURL_GLOBAL_DEFAULT);
            if (code != CURLE_OK) {
                snprintf(error, size, "%s", table.curl_easy_strerror(code));
                dlclose(library);
                result = CCURL_START_FAILED;
            } else {
                api = table;  // the library stays open for the rest of the process
                loaded = 1;
            }
        }
    }
    pthread_mutex_unlock(&load_lock);
    return result;
}

ccurl_load_result ccurl_check(const char *soname, char *error, size_t size) {
    struct ccurl_functions table;
    void *library;
    ccurl_load_result result = open_library(soname, &table, &library, error, size);
    if (library != NULL) dlclose(library);
    return result;
}

CURL *ccurl_easy_init(void) { return api.curl_easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { api.curl_easy_cleanup(handle); }
void ccurl_easy_reset(CURL *handle) { api.curl_easy_reset(handle); }
CURLcode ccurl_easy_perform(CURL *handle) { return api.curl_easy_perform(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return api.curl_easy_strerror(code); }

CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value) { return api.curl_easy_setopt(handle, option, value); }
CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value) { return api.curl_easy_setopt(handle, option, value); }
CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value) { return api.curl_easy_setopt(handle, option, value); }

CURLcode ccurl_set_debug_callback(CURL *handle, ccurl_debug_callback callback, void *context) {
    CURLcode code = api.curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
    if (code != CURLE_OK) return code;
    code = api.curl_easy_setopt(handle, CURLOPT_DEBUGDATA, context);
    if (code != CURLE_OK) return code;
    return api.curl_easy_setopt(handle, CURLOPT_VERBOSE, 1L);
}

CURLcode ccurl_get_long(CURL *handle, CURLINFO info, long *value) { return api.curl_easy_getinfo(handle, info, value); }

curl_mime *ccurl_mime_init(CURL *handle) { return api.curl_mime_init(handle); }
void ccurl_mime_free(curl_mime *mime) { api.curl_mime_free(mime); }
curl_mimepart *ccurl_mime_addpart(curl_mime *mime) { return api.curl_mime_addpart(mime); }
CURLcode ccurl_mime_data(curl_mimepart *part, const char *data, size_t size) { return api.curl_mime_data(part, data, size); }
CURLcode ccurl_mime_type(curl_mimepart *part, const char *type) { return api.curl_mime_type(part, type); }
CURLcode ccurl_mime_encoder(curl_mimepart *part, const char *encoding) { return api.curl_mime_encoder(part, encoding); }
CURLcode ccurl_mime_subparts(curl_mimepart *part, curl_mime *subparts) { return api.curl_mime_subparts(part, subparts); }
CURLcode ccurl_mime_headers(curl_mimepart *part, struct curl_slist *headers, int take_ownership) {
    return api.curl_mime_headers(part, headers, take_ownership);
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) { return api.curl_slist_append(list, line); }
void ccurl_slist_free_all(struct curl_slist *list) { api.curl_slist_free_all(list); }
