// The box's launcher: one process that makes a graded run's box and becomes its test program.
//
// The grader starts it with every value as its own argument (Launcher.swift writes them;
// main.c lists them), so no path or number is ever read as code. In order it:
// drops to the user nobody when the grader is root; makes new user, mount, PID, network,
// IPC and UTS namespaces; forks the box's PID 1 and waits for it; in that child mounts the
// box's file system, caps its processes, enters a second user namespace as nobody, changes
// root, sets the limits and the environment, and becomes the test program.
// Namespaces and mounts are Linux's; elsewhere main.c refuses them and runs the program with
// its limits alone (the portable box).
#ifndef GRADE_LAUNCHER_H
#define GRADE_LAUNCHER_H

#include <stddef.h>

// The exit status of a launcher that could not make the box (BSD's EX_OSERR). Once the
// program starts, the launcher ends as it does; 126 and 127 say it could not start (as env(1)).
#define LAUNCHER_FAILED 71
// The exit status of a launcher given arguments it does not know (BSD's EX_USAGE).
#define LAUNCHER_USAGE 64

// The most of each kind of argument one run gives.
#define LAUNCHER_MAX_MOUNTS 64
#define LAUNCHER_MAX_LIMITS 8
#define LAUNCHER_MAX_ENVIRONMENT 32
#define LAUNCHER_MAX_LINKS 16

// How a mount is made (BoxRoot.Mount.Kind).
enum mount_kind {
  MOUNT_VIEW,       // a file or folder bound read-only
  MOUNT_TREE,       // a folder and every mount under it, bound read-only
  MOUNT_DEVICE,     // a device file, bound writable: nothing is kept in the devices listed
  MOUNT_SCRATCH,    // a fresh tmpfs of a capped size that everyone may write, sticky as /tmp
  MOUNT_PROCESSES,  // a fresh /proc of the box's PID namespace
};

// One mount, its target a path inside the box.
struct mount_order {
  enum mount_kind kind;
  const char *source;
  const char *target;
  unsigned long long bytes;
};

// One symbolic link inside the box, made in its root before the root is read-only.
struct link_order {
  const char *path;    // a path inside the box
  const char *target;  // what it points to, as ln -s takes it
};

// One resource limit, set soft and hard.
struct limit_order {
  int resource;
  unsigned long long value;
};

// Everything the launcher was asked to do, read from its arguments.
struct orders {
  int nobody;                 // --nobody: become nobody first (the grader is root)
  const char *probe;          // --probe FOLDER: try the namespaces on FOLDER and report
  const char *root;           // --root FOLDER: the box's root on the host; no box when NULL
  const char *workdir;        // --workdir PATH: the working folder inside the box
  long processes;             // --processes N: the box's pid_max; 0 for none
  struct mount_order mounts[LAUNCHER_MAX_MOUNTS];
  int mount_count;
  struct link_order links[LAUNCHER_MAX_LINKS];
  int link_count;
  struct limit_order limits[LAUNCHER_MAX_LIMITS];
  int limit_count;
  char *environment[LAUNCHER_MAX_ENVIRONMENT + 1];  // NULL-terminated
  int environment_count;
  char **program;             // the words after --: the program and its arguments
};

// Reads `argv` into `orders`; 0, or -1 after saying on stderr what is wrong.
int read_orders(int argc, char **argv, struct orders *orders);

// Says on stderr what failed and why (errno), prefixed with the launcher's name.
void complain(const char *what);

// Becomes uid and gid 65534 with no groups and, so, no capabilities; 0 or -1.
int become_nobody(void);
// Makes the user, mount, PID, network, IPC and UTS namespaces, this process root in them; 0 or -1.
int enter_namespaces(void);
// Forks the box's PID 1 and returns 0 in it; in this process waits for it and ends as it did.
int fork_box(void);
// Enters a second user namespace as nobody, which holds no capability over the box's mounts; 0 or -1.
int enter_nobody_namespace(void);

// Makes the box's root at the empty folder `root`: a tmpfs holding a mount point for every
// mount and every link, made read-only, then every mount on it; 0 or -1.
int make_root(const char *root, const struct orders *orders);
// Mounts one scratch tmpfs of `bytes` at `path`; 0 or -1.
int mount_scratch(const char *path, unsigned long long bytes);
// Mounts a /proc of this PID namespace at `path`; 0 or -1.
int mount_processes(const char *path);

// Caps the box's processes and threads through its PID namespace's pid_max (Linux 6.14 and
// later); 0, or -1 where the kernel has no such cap.
int cap_processes(const char *proc, long processes);
// Sets every limit, soft and hard; 0 or -1.
int set_limits(const struct limit_order *limits, int count);

// Tries on `folder` everything a run does that needs the kernel's leave and prints what worked.
int probe(const char *folder);

#endif
