/*
 * wf_spawn.c - pass-throughs to glibc's GNU extensions for spawning a child
 * (see wf_spawn.h for why they are here).
 */
#define _GNU_SOURCE

#include "wf_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

int wf_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC) == 0 ? 0 : errno;
}

int wf_spawn_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int wf_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int wf_wait_exit_code(int status) {
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int wf_wait_term_signal(int status) {
    return WIFSIGNALED(status) ? WTERMSIG(status) : -1;
}
