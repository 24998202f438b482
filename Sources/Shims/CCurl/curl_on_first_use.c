// libcurl's functions as this program calls them, forwarded to libcurl opened on first use.
// A new libcurl call from Swift needs its forwarder here: without one the link fails, naming it.
#define CURL_DISABLE_TYPECHECK 1
#include "shim.h"

#include <stdarg.h>

#include "ccrypto.h"
#include "lazy_load.h"

static lazy_library libcurl = {"libcurl.so.4", NULL, ccrypto_open_error};

const char *ccurl_open_error(void) {
  return lazy_load_open_error(&libcurl);
}

LAZY_FORWARD(libcurl, CURLcode, curl_global_init, (long flags), (flags))
LAZY_FORWARD(libcurl, curl_version_info_data *, curl_version_info, (CURLversion age), (age))
LAZY_FORWARD(libcurl, CURL *, curl_easy_init, (void), ())
LAZY_FORWARD(libcurl, CURLcode, curl_easy_perform, (CURL *easy), (easy))
LAZY_FORWARD_VOID(libcurl, curl_easy_cleanup, (CURL *easy), (easy))
LAZY_FORWARD(libcurl, const char *, curl_easy_strerror, (CURLcode code), (code))
LAZY_FORWARD(libcurl, CURLcode, curl_easy_pause, (CURL *easy, int bitmask), (easy, bitmask))
LAZY_FORWARD(libcurl, CURLM *, curl_multi_init, (void), ())
LAZY_FORWARD(libcurl, CURLMcode, curl_multi_cleanup, (CURLM *multi), (multi))
LAZY_FORWARD(libcurl, CURLMcode, curl_multi_add_handle, (CURLM *multi, CURL *easy), (multi, easy))
LAZY_FORWARD(libcurl, CURLMcode, curl_multi_remove_handle, (CURLM *multi, CURL *easy),
             (multi, easy))
LAZY_FORWARD(libcurl, CURLMsg *, curl_multi_info_read, (CURLM *multi, int *queued),
             (multi, queued))
LAZY_FORWARD(libcurl, CURLMcode, curl_multi_perform, (CURLM *multi, int *running),
             (multi, running))
LAZY_FORWARD(libcurl, CURLMcode, curl_multi_poll,
             (CURLM *multi, struct curl_waitfd extra_fds[], unsigned int extra_nfds,
              int timeout_ms, int *ret),
             (multi, extra_fds, extra_nfds, timeout_ms, ret))
LAZY_FORWARD(libcurl, CURLMcode, curl_multi_wakeup, (CURLM *multi), (multi))
LAZY_FORWARD(libcurl, const char *, curl_multi_strerror, (CURLMcode code), (code))
LAZY_FORWARD(libcurl, struct curl_slist *, curl_slist_append,
             (struct curl_slist *list, const char *data), (list, data))
LAZY_FORWARD_VOID(libcurl, curl_slist_free_all, (struct curl_slist *list), (list))

// The variadic setters take exactly one value after the option, whose C type the option's number
// tells (libcurl reads it the same way): below CURLOPTTYPE_OBJECTPOINT a long, then a data
// pointer, a function pointer, a curl_off_t, and a blob pointer.
typedef CURLcode (*easy_setopt_fn)(CURL *, CURLoption, ...);
typedef CURLMcode (*multi_setopt_fn)(CURLM *, CURLMoption, ...);
typedef CURLcode (*easy_getinfo_fn)(CURL *, CURLINFO, ...);

CURLcode(curl_easy_setopt)(CURL *easy, CURLoption option, ...) {
  static void *_Atomic slot;
  easy_setopt_fn function = (easy_setopt_fn)lazy_load_cached(&libcurl, "curl_easy_setopt", &slot);
  va_list values;
  va_start(values, option);
  CURLcode result;
  if (option < CURLOPTTYPE_OBJECTPOINT) {
    result = function(easy, option, va_arg(values, long));
  } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {
    result = function(easy, option, va_arg(values, void *));
  } else if (option < CURLOPTTYPE_OFF_T) {
    result = function(easy, option, va_arg(values, void (*)(void)));
  } else if (option < CURLOPTTYPE_BLOB) {
    result = function(easy, option, va_arg(values, curl_off_t));
  } else {
    result = function(easy, option, va_arg(values, void *));
  }
  va_end(values);
  return result;
}

CURLMcode(curl_multi_setopt)(CURLM *multi, CURLMoption option, ...) {
  static void *_Atomic slot;
  multi_setopt_fn function = (multi_setopt_fn)lazy_load_cached(&libcurl, "curl_multi_setopt", &slot);
  va_list values;
  va_start(values, option);
  CURLMcode result;
  if (option < CURLOPTTYPE_OBJECTPOINT) {
    result = function(multi, option, va_arg(values, long));
  } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {
    result = function(multi, option, va_arg(values, void *));
  } else if (option < CURLOPTTYPE_OFF_T) {
    result = function(multi, option, va_arg(values, void (*)(void)));
  } else {
    result = function(multi, option, va_arg(values, curl_off_t));
  }
  va_end(values);
  return result;
}

// Every CURLINFO takes one pointer to where the answer goes.
CURLcode(curl_easy_getinfo)(CURL *easy, CURLINFO info, ...) {
  static void *_Atomic slot;
  easy_getinfo_fn function = (easy_getinfo_fn)lazy_load_cached(&libcurl, "curl_easy_getinfo", &slot);
  va_list values;
  va_start(values, info);
  CURLcode result = function(easy, info, va_arg(values, void *));
  va_end(values);
  return result;
}
