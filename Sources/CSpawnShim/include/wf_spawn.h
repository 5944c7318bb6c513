/*
 * wf_spawn.h - the glibc calls a child process needs that Swift cannot see.
 *
 * Why: Swift's Glibc module is built without _GNU_SOURCE, so glibc's GNU
 * extensions pipe2(2), posix_spawn_file_actions_addchdir_np(3) and
 * posix_spawn_file_actions_addclosefrom_np(3) (glibc 2.29 and 2.34; Debian 12
 * has 2.36) are not imported, nor are the wait(2) status macros. wf_spawn.c
 * defines _GNU_SOURCE and passes the calls through unchanged.
 *
 * Conventions: functions returning int return 0 on success and a positive
 * errno value on failure (as posix_spawn itself does). Nothing aborts.
 */
#ifndef WF_SPAWN_H
#define WF_SPAWN_H

#include <spawn.h>

#ifdef __cplusplus
extern "C" {
#endif

/* pipe2(fds, O_CLOEXEC): both ends close-on-exec from the start, so a child
 * that another thread starts meanwhile does not inherit them (an inherited
 * write end keeps the reader from ever seeing end of file). */
int wf_pipe_cloexec(int fds[2]);

/* posix_spawn_file_actions_addchdir_np: the child changes to `path` before
 * it runs the program. */
int wf_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/* posix_spawn_file_actions_addclosefrom_np: the child closes every file
 * descriptor from `from` up before it runs the program. */
int wf_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/* WIFEXITED/WEXITSTATUS: the exit code, or -1 when the child did not exit. */
int wf_wait_exit_code(int status);

/* WIFSIGNALED/WTERMSIG: the signal that ended the child, or -1 when none
 * did. */
int wf_wait_term_signal(int status);

#ifdef __cplusplus
}
#endif

#endif
