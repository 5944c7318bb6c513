/* An LD_PRELOAD shim that lets valgrind 3.19 run a Swift program linked against libdispatch.
 *
 * libdispatch's signal thread calls sigsuspend() with a mask that lives in read-only memory;
 * valgrind's wrapper writes to the mask it is given and dies with "the 'impossible' happened"
 * (SIGSEGV inside callgrind). This sigsuspend() hands the real one a copy on the stack.
 *
 * Built and used by scripts/callgrind.sh. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stddef.h>

int sigsuspend(const sigset_t *mask)
{
	static int (*real)(const sigset_t *);
	sigset_t copy = *mask;

	if (real == NULL)
		real = (int (*)(const sigset_t *))dlsym(RTLD_NEXT, "sigsuspend");
	return real(&copy);
}
