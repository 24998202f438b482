// libcurl for Swift. curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are C-variadic,
// which Swift cannot call, so each argument type this project passes gets a typed wrapper here.
// The option and info constants themselves (CURLOPT_URL, CURLINFO_RESPONSE_CODE, ...) are enums
// and import as they are.
#ifndef ROCKET_CCURL_SHIM_H
#define ROCKET_CCURL_SHIM_H

#include <curl/curl.h>
#include <sys/socket.h>

// libcurl is not linked: it is opened on first use (Sources/Shims/CLazyLoad/include/lazy_load.h), so
// commands that never talk HTTP do not pay for loading it and its thirty dependencies.

/// NULL once libcurl is open (opening it now if needed), otherwise why it cannot be opened.
const char *ccurl_open_error(void);

/// The write and header callbacks' C type: (bytes, 1, count, user data) -> bytes taken.
typedef size_t (*ccurl_data_fn)(char *, size_t, size_t, void *);

/// curl_global_init with the default flags (a macro Swift cannot see); call once per process.
static inline CURLcode ccurl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

/// Whether this libcurl's API is thread-safe (global init included): CURL_VERSION_THREADSAFE.
static inline int ccurl_is_thread_safe(void) {
  return (curl_version_info(CURLVERSION_NOW)->features & CURL_VERSION_THREADSAFE) != 0;
}

static inline CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
  return curl_easy_setopt(easy, option, value);
}
static inline CURLcode ccurl_easy_setopt_off_t(CURL *easy, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(easy, option, value);
}
/// A string option; libcurl copies the text (except CURLOPT_POSTFIELDS, which this project avoids).
static inline CURLcode ccurl_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
  return curl_easy_setopt(easy, option, value);
}
static inline CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
  return curl_easy_setopt(easy, option, value);
}
static inline CURLcode ccurl_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(easy, option, value);
}
/// CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
static inline CURLcode ccurl_easy_setopt_data_fn(CURL *easy, CURLoption option, ccurl_data_fn value) {
  return curl_easy_setopt(easy, option, value);
}

/// Opens each of a transfer's sockets close-on-exec, atomically (SOCK_CLOEXEC), so that a program
/// this one starts (a pager, a test's child) does not hold the connection open after libcurl
/// closes it.
static curl_socket_t ccurl_open_socket_close_on_exec(
    void *data, curlsocktype purpose, struct curl_sockaddr *address) {
  (void)data;
  (void)purpose;
  return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}
static inline CURLcode ccurl_easy_open_sockets_close_on_exec(CURL *easy) {
  return curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, ccurl_open_socket_close_on_exec);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
  return curl_easy_getinfo(easy, info, value);
}
static inline CURLcode ccurl_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(easy, info, value);
}
/// A string the easy handle owns (valid until the handle changes or is cleaned up), or NULL.
static inline CURLcode ccurl_easy_getinfo_string(CURL *easy, CURLINFO info, const char **value) {
  char *text = NULL;
  CURLcode code = curl_easy_getinfo(easy, info, &text);
  *value = text;
  return code;
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

/// The result code of a CURLMSG_DONE message (a member of an anonymous union in C).
static inline CURLcode ccurl_msg_result(const CURLMsg *message) { return message->data.result; }

/// What a write callback returns to pause the transfer (CURL_WRITEFUNC_PAUSE, a macro).
static inline size_t ccurl_write_pause(void) { return CURL_WRITEFUNC_PAUSE; }

/// curl_easy_pause's bitmask to go on receiving and sending (CURLPAUSE_CONT, a macro).
static inline int ccurl_pause_continue(void) { return CURLPAUSE_CONT; }

#endif
