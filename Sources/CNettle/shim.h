// GNU Nettle (Debian: nettle-dev): SHA-256 and HMAC-SHA256, the hashes the upload signs with.
#include <nettle/sha2.h>
#include <nettle/hmac.h>
