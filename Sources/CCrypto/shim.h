// OpenSSL 3's libcrypto (Debian: libssl-dev): the message digests and HMAC the upload signs with.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/err.h>
