#include "CEndpointCurl.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>

typedef struct { int msg; void *easy; union { void *whatever; int result; } data; } ecurl_message;

static struct {
    void *(*multi_init)(void);
    int (*multi_cleanup)(void *);
    int (*multi_add_handle)(void *, void *);
    int (*multi_remove_handle)(void *, void *);
    int (*multi_perform)(void *, int *);
    int (*multi_poll)(void *, void *, unsigned, int, int *);
    int (*multi_wakeup)(void *);
    ecurl_message *(*multi_info_read)(void *, int *);
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *);
    void (*easy_reset)(void *);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_getinfo)(void *, int, ...);
    int (*easy_pause)(void *, int);
    const char *(*easy_strerror)(int);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
    int (*global_init)(long);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = "libcurl was not loaded";

#define LOOKUP(field, symbol) \
    if (!(*(void **)&curl.field = dlsym(library, symbol))) { load_error = "libcurl lacks " symbol " (7.68 or later is needed)"; return; }

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_GLOBAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_GLOBAL);
    if (!library) { load_error = "libcurl.so.4 could not be loaded"; return; }
    LOOKUP(multi_init, "curl_multi_init")
    LOOKUP(multi_cleanup, "curl_multi_cleanup")
    LOOKUP(multi_add_handle, "curl_multi_add_handle")
    LOOKUP(multi_remove_handle, "curl_multi_remove_handle")
    LOOKUP(multi_perform, "curl_multi_perform")
    LOOKUP(multi_poll, "curl_multi_poll")
    LOOKUP(multi_wakeup, "curl_multi_wakeup")
    LOOKUP(multi_info_read, "curl_multi_info_read")
    LOOKUP(easy_init, "curl_easy_init")
    LOOKUP(easy_cleanup, "curl_easy_cleanup")
    LOOKUP(easy_reset, "curl_easy_reset")
    LOOKUP(easy_setopt, "curl_easy_setopt")
    LOOKUP(easy_getinfo, "curl_easy_getinfo")
    LOOKUP(easy_pause, "curl_easy_pause")
    LOOKUP(easy_strerror, "curl_easy_strerror")
    LOOKUP(slist_append, "curl_slist_append")
    LOOKUP(slist_free_all, "curl_slist_free_all")
    LOOKUP(global_init, "curl_global_init")
    // CURL_GLOBAL_ALL (SSL | WIN32); a no-op when FoundationNetworking initialised it already.
    if (curl.global_init(3) != 0) { load_error = "curl_global_init failed"; return; }
    load_error = NULL;
}

int ecurl_load(void) {
    pthread_once(&once, load);
    return load_error == NULL ? 0 : -1;
}

const char *ecurl_load_error(void) { return load_error; }

void *ecurl_multi_init(void) { return curl.multi_init(); }
void ecurl_multi_cleanup(void *multi) { curl.multi_cleanup(multi); }
int ecurl_multi_add(void *multi, void *easy) { return curl.multi_add_handle(multi, easy); }
int ecurl_multi_remove(void *multi, void *easy) { return curl.multi_remove_handle(multi, easy); }
int ecurl_multi_perform(void *multi, int *running) { return curl.multi_perform(multi, running); }
int ecurl_multi_poll(void *multi, int milliseconds) {
    int ready = 0;
    return curl.multi_poll(multi, NULL, 0, milliseconds, &ready);
}
int ecurl_multi_wakeup(void *multi) { return curl.multi_wakeup(multi); }
int ecurl_multi_result(void *multi) {
    int left = 0;
    ecurl_message *message;
    while ((message = curl.multi_info_read(multi, &left)) != NULL) {
        if (message->msg == 1 /* CURLMSG_DONE */) return message->data.result;
    }
    return -1;
}

void *ecurl_easy_init(void) { return curl.easy_init(); }
void ecurl_easy_cleanup(void *easy) { curl.easy_cleanup(easy); }
void ecurl_easy_reset(void *easy) { curl.easy_reset(easy); }
int ecurl_setopt_long(void *easy, int option, long value) { return curl.easy_setopt(easy, option, value); }
int ecurl_setopt_pointer(void *easy, int option, const void *value) { return curl.easy_setopt(easy, option, value); }
int ecurl_setopt_offset(void *easy, int option, int64_t value) { return curl.easy_setopt(easy, option, (long long)value); }
int ecurl_setopt_callback(void *easy, int option, ecurl_data_callback callback) { return curl.easy_setopt(easy, option, callback); }
int ecurl_getinfo_long(void *easy, int info, long *value) { return curl.easy_getinfo(easy, info, value); }
int ecurl_easy_unpause(void *easy) { return curl.easy_pause(easy, 0); }
const char *ecurl_strerror(int code) { return curl.easy_strerror(code); }
void *ecurl_slist_append(void *list, const char *text) { return curl.slist_append(list, text); }
void ecurl_slist_free_all(void *list) { curl.slist_free_all(list); }

#else

// Elsewhere the runtime uses URLSession and CurlTransport is not compiled: nothing calls these.
int ecurl_load(void) { return -1; }
const char *ecurl_load_error(void) { return "libcurl is only used on Linux"; }
void *ecurl_multi_init(void) { return 0; }
void ecurl_multi_cleanup(void *multi) { (void)multi; }
int ecurl_multi_add(void *multi, void *easy) { (void)multi; (void)easy; return -1; }
int ecurl_multi_remove(void *multi, void *easy) { (void)multi; (void)easy; return -1; }
int ecurl_multi_perform(void *multi, int *running) { (void)multi; *running = 0; return -1; }
int ecurl_multi_poll(void *multi, int milliseconds) { (void)multi; (void)milliseconds; return -1; }
int ecurl_multi_wakeup(void *multi) { (void)multi; return -1; }
int ecurl_multi_result(void *multi) { (void)multi; return -1; }
void *ecurl_easy_init(void) { return 0; }
void ecurl_easy_cleanup(void *easy) { (void)easy; }
void ecurl_easy_reset(void *easy) { (void)easy; }
int ecurl_setopt_long(void *easy, int option, long value) { (void)easy; (void)option; (void)value; return -1; }
int ecurl_setopt_pointer(void *easy, int option, const void *value) { (void)easy; (void)option; (void)value; return -1; }
int ecurl_setopt_offset(void *easy, int option, int64_t value) { (void)easy; (void)option; (void)value; return -1; }
int ecurl_setopt_callback(void *easy, int option, ecurl_data_callback callback) { (void)easy; (void)option; (void)callback; return -1; }
int ecurl_getinfo_long(void *easy, int info, long *value) { (void)easy; (void)info; (void)value; return -1; }
int ecurl_easy_unpause(void *easy) { (void)easy; return -1; }
const char *ecurl_strerror(int code) { (void)code; return ""; }
void *ecurl_slist_append(void *list, const char *text) { (void)list; (void)text; return 0; }
void ecurl_slist_free_all(void *list) { (void)list; }

#endif
