// libcrypto opened on first use: the functions Swift calls (include/shim.h) and, for CTLS, the
// libcrypto functions it calls, forwarded to the library dlopen finds. A new libcrypto call needs
// its forwarder here: without one the link fails, naming it.
//
// The forwarders are hidden: other object files of the program reach them, but the executable
// does not export them, so libssl, libcurl and libpq (loaded later, each linked against the real
// libcrypto) never bind to them instead of to the library.
#include "ccrypto.h"

#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include "lazy_load.h"

static lazy_library libcrypto = {"libcrypto.so.3", NULL, NULL};

/// libcrypto's `name`, looked up once.
#define LIBCRYPTO(name) LAZY_FUNCTION(libcrypto, name)

static _Atomic int initialized;

const char *ccrypto_open_error(void) {
  if (atomic_load_explicit(&initialized, memory_order_acquire)) return NULL;
  const char *problem = lazy_load_open_error(&libcrypto);
  if (problem != NULL) return problem;
  // By default libcrypto frees its locks and tables in an atexit handler; a thread still inside
  // OpenSSL when the process ends would then take a freed lock. Racing first callers both call
  // it; OpenSSL's own once-guard makes the second a no-op.
  (void)LIBCRYPTO(OPENSSL_init_crypto)(OPENSSL_INIT_NO_ATEXIT, NULL);
  atomic_store_explicit(&initialized, 1, memory_order_release);
  return NULL;
}

/// Opens and initializes libcrypto before a first call through a forwarder; a library that cannot
/// be opened ends the process in lazy_load_symbol with a line naming it.
static inline void prepare(void) {
  if (!atomic_load_explicit(&initialized, memory_order_acquire)) (void)ccrypto_open_error();
}

void ccrypto_sha256(const void *data, size_t count, unsigned char *out) {
  prepare();
  LIBCRYPTO(SHA256)((const unsigned char *)data, count, out);
}

void ccrypto_sha1(const void *data, size_t count, unsigned char *out) {
  prepare();
  LIBCRYPTO(SHA1)((const unsigned char *)data, count, out);
}

int ccrypto_random_bytes(unsigned char *out, int count) {
  prepare();
  return LIBCRYPTO(RAND_bytes)(out, count);
}

// MARK: - For CTLS

#define CRYPTO_FORWARD(ret, name, params, args)                                         \
  __attribute__((visibility("hidden"))) ret(name) params {                              \
    prepare();                                                                          \
    return LIBCRYPTO(name) args;                                                        \
  }
#define CRYPTO_FORWARD_VOID(name, params, args)                                         \
  __attribute__((visibility("hidden"))) void(name) params {                             \
    prepare();                                                                          \
    LIBCRYPTO(name) args;                                                               \
  }

CRYPTO_FORWARD(const unsigned char *, ASN1_STRING_get0_data, (const ASN1_STRING *x), (x))
CRYPTO_FORWARD(int, ASN1_STRING_length, (const ASN1_STRING *x), (x))
CRYPTO_FORWARD_VOID(BIO_clear_flags, (BIO *b, int flags), (b, flags))
CRYPTO_FORWARD(int, BIO_free, (BIO *a), (a))
CRYPTO_FORWARD(void *, BIO_get_data, (BIO *a), (a))
CRYPTO_FORWARD(int, BIO_get_new_index, (void), ())
CRYPTO_FORWARD_VOID(BIO_meth_free, (BIO_METHOD *method), (method))
CRYPTO_FORWARD(BIO_METHOD *, BIO_meth_new, (int type, const char *name), (type, name))
CRYPTO_FORWARD(int, BIO_meth_set_ctrl, (BIO_METHOD *method, long (*ctrl)(BIO *, int, long, void *)),
               (method, ctrl))
CRYPTO_FORWARD(int, BIO_meth_set_read, (BIO_METHOD *method, int (*read)(BIO *, char *, int)),
               (method, read))
CRYPTO_FORWARD(int, BIO_meth_set_write, (BIO_METHOD *method, int (*write)(BIO *, const char *, int)),
               (method, write))
CRYPTO_FORWARD(BIO *, BIO_new, (const BIO_METHOD *type), (type))
CRYPTO_FORWARD(int, BIO_read, (BIO *b, void *data, int length), (b, data, length))
CRYPTO_FORWARD(const BIO_METHOD *, BIO_s_mem, (void), ())
CRYPTO_FORWARD_VOID(BIO_set_data, (BIO *a, void *pointer), (a, pointer))
CRYPTO_FORWARD_VOID(BIO_set_flags, (BIO *b, int flags), (b, flags))
CRYPTO_FORWARD_VOID(BIO_set_init, (BIO *a, int init), (a, init))
CRYPTO_FORWARD_VOID(ERR_clear_error, (void), ())
CRYPTO_FORWARD_VOID(ERR_error_string_n, (unsigned long code, char *buffer, size_t length),
                    (code, buffer, length))
CRYPTO_FORWARD(unsigned long, ERR_peek_error, (void), ())
CRYPTO_FORWARD(const char *, ERR_reason_error_string, (unsigned long code), (code))
CRYPTO_FORWARD_VOID(GENERAL_NAMES_free, (GENERAL_NAMES *names), (names))
CRYPTO_FORWARD(int, OPENSSL_sk_num, (const OPENSSL_STACK *stack), (stack))
CRYPTO_FORWARD(void *, OPENSSL_sk_value, (const OPENSSL_STACK *stack, int index), (stack, index))
CRYPTO_FORWARD(ASN1_STRING *, X509_NAME_ENTRY_get_data, (const X509_NAME_ENTRY *entry), (entry))
CRYPTO_FORWARD(X509_NAME_ENTRY *, X509_NAME_get_entry, (const X509_NAME *name, int position),
               (name, position))
CRYPTO_FORWARD(int, X509_NAME_get_index_by_NID, (const X509_NAME *name, int nid, int last),
               (name, nid, last))
CRYPTO_FORWARD(int, X509_NAME_print_ex, (BIO *out, const X509_NAME *name, int indent, unsigned long flags),
               (out, name, indent, flags))
CRYPTO_FORWARD(X509 *, X509_STORE_CTX_get_current_cert, (const X509_STORE_CTX *context), (context))
CRYPTO_FORWARD(int, X509_STORE_CTX_get_error, (const X509_STORE_CTX *context), (context))
CRYPTO_FORWARD(void *, X509_STORE_CTX_get_ex_data, (const X509_STORE_CTX *context, int index),
               (context, index))
CRYPTO_FORWARD(int, X509_VERIFY_PARAM_set1_ip_asc, (X509_VERIFY_PARAM *parameters, const char *address),
               (parameters, address))
CRYPTO_FORWARD(void *, X509_get_ext_d2i, (const X509 *certificate, int nid, int *critical, int *index),
               (certificate, nid, critical, index))
CRYPTO_FORWARD(X509_NAME *, X509_get_issuer_name, (const X509 *certificate), (certificate))
CRYPTO_FORWARD(X509_NAME *, X509_get_subject_name, (const X509 *certificate), (certificate))
CRYPTO_FORWARD(const char *, X509_verify_cert_error_string, (long code), (code))
