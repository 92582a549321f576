// A tiny, header-free door to libcurl: the library is dlopen()ed on first use, so neither the
// curl headers nor a link-time -lcurl are needed, and a command that never asks the network
// never loads it. Every variadic curl_easy_setopt/curl_easy_getinfo call goes through a typed,
// non-variadic wrapper here, so Swift never calls a C variadic function.
#ifndef COINS_CCURLSHIM_H
#define COINS_CCURLSHIM_H

#include <stddef.h>
#include <stdint.h>

// Values from include/curl/curl.h at curl 7.88.1 (Debian 12's libcurl4), checked against the
// installed library with curl_easy_option_by_name(). They are part of libcurl's stable ABI.
// Option types: CURLOPTTYPE_LONG 0, _OBJECTPOINT 10000, _FUNCTIONPOINT 20000, _OFF_T 30000.
#define COINS_CURLOPT_WRITEDATA 10001
#define COINS_CURLOPT_URL 10002
#define COINS_CURLOPT_ERRORBUFFER 10010
#define COINS_CURLOPT_WRITEFUNCTION 20011
#define COINS_CURLOPT_HTTPHEADER 10023
#define COINS_CURLOPT_HEADERDATA 10029
#define COINS_CURLOPT_NOPROGRESS 43
#define COINS_CURLOPT_FOLLOWLOCATION 52
#define COINS_CURLOPT_XFERINFODATA 10057
#define COINS_CURLOPT_CAINFO 10065
#define COINS_CURLOPT_MAXREDIRS 68
#define COINS_CURLOPT_HTTPGET 80
#define COINS_CURLOPT_BUFFERSIZE 98
#define COINS_CURLOPT_HEADERFUNCTION 20079
#define COINS_CURLOPT_CAPATH 10097
#define COINS_CURLOPT_NOSIGNAL 99
#define COINS_CURLOPT_ACCEPT_ENCODING 10102
#define COINS_CURLOPT_MAXFILESIZE_LARGE 30117
#define COINS_CURLOPT_TIMEOUT_MS 155
#define COINS_CURLOPT_CONNECTTIMEOUT_MS 156
#define COINS_CURLOPT_XFERINFOFUNCTION 20219
#define COINS_CURLOPT_PROTOCOLS_STR 10318
#define COINS_CURLOPT_REDIR_PROTOCOLS_STR 10319

// CURLINFO_LONG 0x200000, CURLINFO_OFF_T 0x600000.
#define COINS_CURLINFO_RESPONSE_CODE 0x200002
#define COINS_CURLINFO_SSL_VERIFYRESULT 0x20000D
#define COINS_CURLINFO_OS_ERRNO 0x200019
#define COINS_CURLINFO_SIZE_DOWNLOAD_T 0x600008

// CURLcode values (enum CURLcode in curl.h 7.88.1).
#define COINS_CURLE_OK 0
#define COINS_CURLE_UNSUPPORTED_PROTOCOL 1
#define COINS_CURLE_URL_MALFORMAT 3
#define COINS_CURLE_COULDNT_RESOLVE_PROXY 5
#define COINS_CURLE_COULDNT_RESOLVE_HOST 6
#define COINS_CURLE_COULDNT_CONNECT 7
#define COINS_CURLE_WEIRD_SERVER_REPLY 8
#define COINS_CURLE_HTTP2 16
#define COINS_CURLE_PARTIAL_FILE 18
#define COINS_CURLE_WRITE_ERROR 23
#define COINS_CURLE_OPERATION_TIMEDOUT 28
#define COINS_CURLE_SSL_CONNECT_ERROR 35
#define COINS_CURLE_ABORTED_BY_CALLBACK 42
#define COINS_CURLE_TOO_MANY_REDIRECTS 47
#define COINS_CURLE_GOT_NOTHING 52
#define COINS_CURLE_SEND_ERROR 55
#define COINS_CURLE_RECV_ERROR 56
#define COINS_CURLE_SSL_CERTPROBLEM 58
#define COINS_CURLE_PEER_FAILED_VERIFICATION 60
#define COINS_CURLE_BAD_CONTENT_ENCODING 61
#define COINS_CURLE_FILESIZE_EXCEEDED 63
#define COINS_CURLE_SSL_CACERT_BADFILE 77
#define COINS_CURLE_HTTP2_STREAM 92

// CURL_ERROR_SIZE: the size of the buffer CURLOPT_ERRORBUFFER must point to.
#define COINS_CURL_ERROR_SIZE 256

/// curl_write_callback: also the header callback's type.
typedef size_t (*coins_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// curl_xferinfo_callback (curl_off_t is a 64-bit signed integer on every platform curl supports).
typedef int (*coins_curl_xferinfo_callback)(
    void *context, int64_t dltotal, int64_t dlnow, int64_t ultotal, int64_t ulnow);

/// Loads `path` (or the system's libcurl when NULL: libcurl.so.4, on Darwin libcurl.4.dylib),
/// looks every function up and runs curl_global_init, once per process; later calls return the first outcome. Returns 0 on
/// success; otherwise -1 with a reason copied into `error` (at most `error_size` bytes).
int coins_curl_load(const char *path, char *error, size_t error_size);

/// Starts coins_curl_load(path) on a detached thread of its own (named "coins-dlopen") and
/// returns at once; a later coins_curl_load waits for it and gets its outcome. Returns 0 when
/// the thread started or the library was already tried, -1 when no thread could be made.
int coins_curl_load_in_background(const char *path);

void *coins_curl_easy_init(void);
void coins_curl_easy_cleanup(void *handle);
int coins_curl_easy_perform(void *handle);
const char *coins_curl_easy_strerror(int code);

int coins_curl_setopt_long(void *handle, int option, long value);
int coins_curl_setopt_pointer(void *handle, int option, const void *value);
int coins_curl_setopt_off_t(void *handle, int option, int64_t value);
int coins_curl_setopt_data_callback(void *handle, int option, coins_curl_data_callback callback);
int coins_curl_setopt_xferinfo_callback(
    void *handle, int option, coins_curl_xferinfo_callback callback);

int coins_curl_getinfo_long(void *handle, int info, long *value);
int coins_curl_getinfo_off_t(void *handle, int info, int64_t *value);

void *coins_curl_slist_append(void *list, const char *string);
void coins_curl_slist_free_all(void *list);

#endif
