// The box's file system, made from the orders (BoxRoot): a fresh tmpfs for its root, holding
// an empty mount point for every mount and every link, read-only before anything is mounted.
//
// The root is in memory, made inside the box's mount namespace, so nothing of it is on the
// host's disk and no run sees another's: before, the grader made each run's skeleton of some
// thirty entries on the host's file system and removed it again, and making those inodes was
// the grader's largest cost per run (ext4 looks past every inode deleted lately). Every path
// comes as its own argument and goes to the kernel as it is.
#define _GNU_SOURCE
#include "Launcher.h"
#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif

// struct mount_attr and MOUNT_ATTR_RDONLY, declared here: the system's headers may be older than the kernel.
struct launcher_mount_attr {
  unsigned long long attr_set, attr_clr, propagation, userns_fd;
};
#define LAUNCHER_ATTR_RDONLY 0x1ULL

// Makes the mount at `path` read-only, with every mount under it when `tree`; 0 or -1.
static int make_read_only(const char *path, int tree) {
  struct launcher_mount_attr attr = {LAUNCHER_ATTR_RDONLY, 0, 0, 0};
  if (syscall(SYS_mount_setattr, AT_FDCWD, path, tree ? AT_RECURSIVE : 0, &attr, sizeof attr) == 0) return 0;
  if (errno != ENOSYS) return -1;
  // Before Linux 5.12: a remount, which must restate the flags the host's mount has, since a
  // user namespace may not lift them; it reaches the top mount only, not those under a tree.
  struct statvfs info;
  if (statvfs(path, &info) != 0) return -1;
  unsigned long kept = 0;
  if (info.f_flag & ST_NOSUID) kept |= MS_NOSUID;
  if (info.f_flag & ST_NODEV) kept |= MS_NODEV;
  if (info.f_flag & ST_NOEXEC) kept |= MS_NOEXEC;
  if (info.f_flag & ST_NOATIME) kept |= MS_NOATIME;
  if (info.f_flag & ST_NODIRATIME) kept |= MS_NODIRATIME;
  if (info.f_flag & ST_RELATIME) kept |= MS_RELATIME;
  return mount(NULL, path, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | kept, NULL);
}

// Binds `source` at `path`, recursively when `tree`, read-only unless `writable`; 0 or -1.
static int bind(const char *source, const char *path, int tree, int writable) {
  if (mount(source, path, NULL, MS_BIND | (tree ? MS_REC : 0), NULL) != 0) return -1;
  return writable ? 0 : make_read_only(path, tree);
}

int mount_scratch(const char *path, unsigned long long bytes) {
  char options[64];
  // The options are written from a number: no text of the grader's reaches them.
  snprintf(options, sizeof options, "size=%llu,mode=1777", bytes);
  return mount("tmpfs", path, "tmpfs", 0, options);
}

int mount_processes(const char *path) { return mount("proc", path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL); }

// `path` under `root`, in `buffer`; 0, or -1 when it is too long.
static int under_root(char *buffer, size_t size, const char *root, const char *path) {
  if (snprintf(buffer, size, "%s%s", root, path) < (int)size) return 0;
  errno = ENAMETOOLONG;
  return -1;
}

// Makes one mount, its target under `root`; 0 or -1.
static int make_mount(const char *root, const struct mount_order *order) {
  char path[4096];
  if (under_root(path, sizeof path, root, order->target) != 0) return -1;
  switch (order->kind) {
  case MOUNT_VIEW: return bind(order->source, path, 0, 0);
  case MOUNT_TREE: return bind(order->source, path, 1, 0);
  case MOUNT_DEVICE: return bind(order->source, path, 0, 1);
  case MOUNT_SCRATCH: return mount_scratch(path, order->bytes);
  case MOUNT_PROCESSES: return mount_processes(path);
  }
  return -1;
}

// Makes every folder above `path`, as `mkdir -p` on its parent; 0 or -1.
static int make_parents(char *path) {
  for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
    *slash = '\0';
    int made = mkdir(path, 0755) == 0 || errno == EEXIST;
    *slash = '/';
    if (!made) return -1;
  }
  return 0;
}

// Makes the empty mount point of `order` under `root`: a file where a file is bound, else a folder; 0 or -1.
static int make_mount_point(const char *root, const struct mount_order *order) {
  char path[4096];
  if (under_root(path, sizeof path, root, order->target) != 0 || make_parents(path) != 0) return -1;
  struct stat source;
  int on_file = order->source && stat(order->source, &source) == 0 && !S_ISDIR(source.st_mode);
  if (!on_file) return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
  int file = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0444);
  return file >= 0 && close(file) == 0 ? 0 : -1;
}

// Makes one link under `root`; 0 or -1.
static int make_link(const char *root, const struct link_order *order) {
  char path[4096];
  if (under_root(path, sizeof path, root, order->path) != 0 || make_parents(path) != 0) return -1;
  return symlink(order->target, path);
}

// Says, through complain(), that the kernel refused to `what` `name`, with its reason, and gives -1.
static int refused(const char *what, const char *name) {
  int reason = errno;  // snprintf may set errno of its own.
  char said[PATH_MAX + 64];
  snprintf(said, sizeof said, "cannot %s %s", what, name);
  errno = reason;
  complain(said);
  return -1;
}

int make_root(const char *root, const struct orders *orders) {
  // Empty mount points need next to no room; the cap keeps the root small whatever is asked.
  if (mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=1048576,mode=0755") != 0) {
    complain("cannot mount the box's root");
    return -1;
  }
  for (int index = 0; index < orders->mount_count; index++) {
    if (make_mount_point(root, &orders->mounts[index]) != 0) return refused("make the mount point", orders->mounts[index].target);
  }
  for (int index = 0; index < orders->link_count; index++) {
    if (make_link(root, &orders->links[index]) != 0) return refused("make the link", orders->links[index].path);
  }
  // Read-only before anything is mounted on it: every other mount lands on an entry of it.
  if (make_read_only(root, 0) != 0) {
    complain("cannot make the box's root read-only");
    return -1;
  }
  for (int index = 0; index < orders->mount_count; index++) {
    if (make_mount(root, &orders->mounts[index]) != 0) return refused("mount", orders->mounts[index].target);
  }
  return 0;
}

#endif
