// The launcher's users and namespaces: nobody on the host, root of the box's namespaces,
// then nobody again inside them.
//
// These are the system calls util-linux's setpriv and unshare made for each run before:
// `setpriv --reuid=65534 --regid=65534 --clear-groups`, `unshare --user --map-root-user
// --mount --pid --net --ipc --uts --fork --kill-child` and, inside, `unshare --user
// --map-user=65534 --map-group=65534`, now made by one process.
#define _GNU_SOURCE
#include "Launcher.h"
#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// The user and group nobody, whose files are nobody's.
#define NOBODY 65534

int become_nobody(void) {
  // Groups first: once the user is nobody, it may no longer drop them.
  if (setgroups(0, NULL) != 0 || setresgid(NOBODY, NOBODY, NOBODY) != 0 || setresuid(NOBODY, NOBODY, NOBODY) != 0) {
    complain("cannot become nobody");
    return -1;
  }
  // A change of user makes the process undumpable, which leaves its /proc files root's, and
  // nobody could not write its own uid_map. Starting a program resets the flag the same way
  // (setpriv's exec did it before); the runner closes the program's memory again itself.
  if (prctl(PR_SET_DUMPABLE, 1) != 0) {
    complain("cannot make the launcher's /proc files its own");
    return -1;
  }
  return 0;
}

// Writes `text` whole to the file at `path`; 0 or -1.
static int write_file(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  size_t length = strlen(text);
  ssize_t written = write(fd, text, length);
  int saved = errno;
  close(fd);
  errno = saved;
  return written == (ssize_t)length ? 0 : -1;
}

// Maps the one user and group `inside` of a new user namespace to `outside_user` and
// `outside_group`, the caller's own: all an unprivileged process may map.
static int map_ids(unsigned inside, unsigned outside_user, unsigned outside_group) {
  char user[64], group[64];
  snprintf(user, sizeof user, "%u %u 1\n", inside, outside_user);
  snprintf(group, sizeof group, "%u %u 1\n", inside, outside_group);
  // The kernel lets an unprivileged process map its group only once setgroups is refused.
  if (write_file("/proc/self/setgroups", "deny") != 0 || write_file("/proc/self/uid_map", user) != 0
      || write_file("/proc/self/gid_map", group) != 0) {
    complain("cannot map the box's user");
    return -1;
  }
  return 0;
}

int enter_namespaces(void) {
  uid_t user = geteuid();
  gid_t group = getegid();
  if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS) != 0) {
    complain("cannot make the box's namespaces");
    return -1;
  }
  if (map_ids(0, user, group) != 0) return -1;
  // Mounts made in the box stay in it: none propagates back to the host's namespace.
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
    complain("cannot make the box's mounts private");
    return -1;
  }
  return 0;
}

// Ends this process as `status` says its child ended: with the same exit status, or killed
// by the same signal, so the grader reads the program's end as if it had started it itself.
static void end_as(int status) {
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
  int signal_number = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
  // The program's crash was already the program's; this process leaves no core of its own.
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
  signal(signal_number, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(signal_number);
  _exit(128 + signal_number);  // A signal whose default is to be ignored ends it here.
}

int fork_box(void) {
  pid_t child = fork();
  if (child < 0) {
    complain("cannot start the box's first process");
    return -1;
  }
  if (child == 0) {
    // The box dies with this process, whoever kills it: killing PID 1 ends the namespace.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) {
      complain("cannot tie the box to the launcher");
      _exit(LAUNCHER_FAILED);
    }
    return 0;
  }
  // The program's descriptors (its output, orders and events) are the child's alone now, so
  // that the grader sees them close when the program's side does.
  for (int fd = 3; fd < 5; fd++) close(fd);
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) {
      complain("cannot wait for the box");
      _exit(LAUNCHER_FAILED);
    }
  }
  end_as(status);
  return -1;
}

int enter_nobody_namespace(void) {
  // The box's root, seen from the new namespace: the only id the launcher may map.
  if (unshare(CLONE_NEWUSER) != 0) {
    complain("cannot make the box's second user namespace");
    return -1;
  }
  return map_ids(NOBODY, 0, 0);
}

#endif
