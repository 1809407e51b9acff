// A thin, typed door to the system's libcurl (libcurl.so.4, which FoundationNetworking itself
// loads on Linux), opened with dlopen so that building needs no curl headers. Only what
// EndpointRuntime's CurlTransport uses; option and info numbers are libcurl's stable ABI.
#ifndef CENDPOINTCURL_H
#define CENDPOINTCURL_H

#include <stddef.h>
#include <stdint.h>

typedef size_t (*ecurl_data_callback)(char *bytes, size_t size, size_t count, void *context);

/// Loads libcurl once; 0 when it is usable. Thread-safe.
int ecurl_load(void);
/// Why loading failed (static text), or NULL.
const char *ecurl_load_error(void);

void *ecurl_multi_init(void);
void ecurl_multi_cleanup(void *multi);
int ecurl_multi_add(void *multi, void *easy);
int ecurl_multi_remove(void *multi, void *easy);
/// Runs the transfer as far as it can without waiting; `running` becomes 0 when it is done.
int ecurl_multi_perform(void *multi, int *running);
/// Waits up to `milliseconds` for activity or a wakeup.
int ecurl_multi_poll(void *multi, int milliseconds);
/// Ends a `ecurl_multi_poll` early, from any thread.
int ecurl_multi_wakeup(void *multi);
/// The result of the finished transfer in `multi` (its only one), or -1 while none has finished.
int ecurl_multi_result(void *multi);

void *ecurl_easy_init(void);
void ecurl_easy_cleanup(void *easy);
void ecurl_easy_reset(void *easy);
int ecurl_setopt_long(void *easy, int option, long value);
int ecurl_setopt_pointer(void *easy, int option, const void *value);
int ecurl_setopt_offset(void *easy, int option, int64_t value);
int ecurl_setopt_callback(void *easy, int option, ecurl_data_callback callback);
int ecurl_getinfo_long(void *easy, int info, long *value);
/// Resumes a transfer whose write callback returned CURL_WRITEFUNC_PAUSE (curl_easy_pause, CURLPAUSE_CONT).
int ecurl_easy_unpause(void *easy);
const char *ecurl_strerror(int code);

void *ecurl_slist_append(void *list, const char *text);
void ecurl_slist_free_all(void *list);

#endif
