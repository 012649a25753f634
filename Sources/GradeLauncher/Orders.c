// Reads the launcher's arguments (main.c lists them) into `struct orders`.
//
// Each value is one argument, taken as it is: nothing is split, unescaped or read as code,
// so a path with blanks, backslashes or newlines reaches the kernel as the grader wrote it.
// Anything not listed is refused, with a message, before any step is taken. Everything here
// is POSIX: the portable box (BoxKind.portable, .darwin) reads its limits the same way.
#define _GNU_SOURCE
#include "Launcher.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

// The limits a run may be given, by the name prlimit(1) gives each.
static const struct {
  const char *name;
  int resource;
} limit_names[] = {
  {"as", RLIMIT_AS}, {"fsize", RLIMIT_FSIZE}, {"nofile", RLIMIT_NOFILE}, {"core", RLIMIT_CORE}, {"cpu", RLIMIT_CPU},
};

// Says what is wrong with the arguments; always -1, for the caller to return.
static int refuse(const char *why, const char *argument) {
  fprintf(stderr, "GradeLauncher: %s%s%s\n", why, argument ? ": " : "", argument ? argument : "");
  return -1;
}

// Reads a decimal number with no sign, nothing after it, and no overflow; 0 or -1.
static int number(const char *text, unsigned long long *value) {
  if (text == NULL || *text < '0' || *text > '9') return -1;
  char *end = NULL;
  errno = 0;
  *value = strtoull(text, &end, 10);
  return errno == 0 && *end == '\0' ? 0 : -1;
}

// A path inside the box: absolute, as every mount's target is.
static int box_path(const char *text) { return text != NULL && text[0] == '/' ? 0 : -1; }

// Reads one mount that starts at argv[*index] (its option), moving *index past its values.
static int read_mount(char **argv, int argc, int *index, struct orders *orders) {
  const char *option = argv[*index];
  if (orders->mount_count == LAUNCHER_MAX_MOUNTS) return refuse("too many mounts", NULL);
  struct mount_order *mount = &orders->mounts[orders->mount_count];
  int values = strcmp(option, "--proc") == 0 ? 1 : 2;
  if (*index + values >= argc) return refuse("a mount lacks its values", option);
  char **value = &argv[*index + 1];
  *mount = (struct mount_order){MOUNT_VIEW, NULL, NULL, 0};
  if (strcmp(option, "--scratch") == 0) {
    mount->kind = MOUNT_SCRATCH;
    mount->target = value[0];
    if (number(value[1], &mount->bytes) != 0 || mount->bytes == 0) return refuse("a scratch size is not a number", value[1]);
  } else if (strcmp(option, "--proc") == 0) {
    mount->kind = MOUNT_PROCESSES;
    mount->target = value[0];
  } else {
    mount->kind = strcmp(option, "--view") == 0 ? MOUNT_VIEW : strcmp(option, "--tree") == 0 ? MOUNT_TREE : MOUNT_DEVICE;
    mount->source = value[0];
    mount->target = value[1];
    if (mount->source[0] != '/') return refuse("a mount's source is not an absolute path", mount->source);
  }
  if (box_path(mount->target) != 0) return refuse("a mount's target is not an absolute path", mount->target);
  orders->mount_count++;
  *index += values;
  return 0;
}

// Reads `--link PATH TARGET` at argv[*index]: PATH inside the box, TARGET any text but none.
static int read_link(char **argv, int argc, int *index, struct orders *orders) {
  if (*index + 2 >= argc) return refuse("a link lacks its path or target", NULL);
  if (orders->link_count == LAUNCHER_MAX_LINKS) return refuse("too many links", NULL);
  struct link_order *link = &orders->links[orders->link_count];
  link->path = argv[*index + 1];
  link->target = argv[*index + 2];
  if (box_path(link->path) != 0) return refuse("a link's path is not an absolute path", link->path);
  if (link->target[0] == '\0') return refuse("a link has no target", link->path);
  orders->link_count++;
  *index += 2;
  return 0;
}

// Reads `--limit NAME VALUE` at argv[*index].
static int read_limit(char **argv, int argc, int *index, struct orders *orders) {
  if (*index + 2 >= argc) return refuse("a limit lacks its name or value", NULL);
  if (orders->limit_count == LAUNCHER_MAX_LIMITS) return refuse("too many limits", NULL);
  const char *name = argv[*index + 1];
  struct limit_order *limit = &orders->limits[orders->limit_count];
  limit->resource = -1;
  for (size_t known = 0; known < sizeof limit_names / sizeof limit_names[0]; known++) {
    if (strcmp(name, limit_names[known].name) == 0) limit->resource = limit_names[known].resource;
  }
  if (limit->resource < 0) return refuse("no such limit", name);
  if (number(argv[*index + 2], &limit->value) != 0) return refuse("a limit is not a number", argv[*index + 2]);
  orders->limit_count++;
  *index += 2;
  return 0;
}

// Reads `--env NAME=VALUE` at argv[*index]: a name of letters, digits and underscores.
static int read_variable(char **argv, int argc, int *index, struct orders *orders) {
  if (*index + 1 >= argc) return refuse("--env lacks its variable", NULL);
  if (orders->environment_count == LAUNCHER_MAX_ENVIRONMENT) return refuse("too many variables", NULL);
  char *variable = argv[*index + 1];
  size_t name = strspn(variable, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
  if (name == 0 || variable[name] != '=') return refuse("a variable is not NAME=VALUE", variable);
  orders->environment[orders->environment_count++] = variable;
  *index += 1;
  return 0;
}

// Reads an option that takes one value at argv[*index] into *value.
static int read_value(char **argv, int argc, int *index, const char **value) {
  if (*index + 1 >= argc) return refuse("an option lacks its value", argv[*index]);
  *value = argv[++*index];
  return 0;
}

// Checks that the orders make one whole request: a probe, or a program with or without a box.
static int check_whole(const struct orders *orders) {
  if (orders->probe) {
    if (orders->program || orders->root) return refuse("--probe takes no program and no box", NULL);
    return 0;
  }
  if (orders->program == NULL || orders->program[0] == NULL) return refuse("no program follows --", NULL);
  if (orders->program[0][0] != '/') return refuse("the program is not an absolute path", orders->program[0]);
  int boxed = orders->root != NULL;
  if (boxed && (orders->workdir == NULL || box_path(orders->workdir) != 0)) return refuse("a box needs --workdir, an absolute path", NULL);
  if (!boxed && (orders->mount_count > 0 || orders->link_count > 0 || orders->processes > 0 || orders->workdir)) {
    return refuse("mounts need --root", NULL);
  }
  return 0;
}

int read_orders(int argc, char **argv, struct orders *orders) {
  memset(orders, 0, sizeof *orders);
  for (int index = 1; index < argc; index++) {
    const char *option = argv[index];
    int failed = 0;
    if (strcmp(option, "--") == 0) {
      orders->program = &argv[index + 1];
      break;
    } else if (strcmp(option, "--nobody") == 0) {
      orders->nobody = 1;
    } else if (strcmp(option, "--probe") == 0) {
      failed = read_value(argv, argc, &index, &orders->probe);
    } else if (strcmp(option, "--root") == 0) {
      failed = read_value(argv, argc, &index, &orders->root);
    } else if (strcmp(option, "--workdir") == 0) {
      failed = read_value(argv, argc, &index, &orders->workdir);
    } else if (strcmp(option, "--processes") == 0) {
      unsigned long long processes = 0;
      if (index + 1 >= argc || number(argv[index + 1], &processes) != 0 || processes == 0 || processes > INT_MAX) {
        return refuse("--processes needs a positive number", NULL);
      }
      orders->processes = (long)processes;
      index++;
    } else if (strcmp(option, "--limit") == 0) {
      failed = read_limit(argv, argc, &index, orders);
    } else if (strcmp(option, "--link") == 0) {
      failed = read_link(argv, argc, &index, orders);
    } else if (strcmp(option, "--env") == 0) {
      failed = read_variable(argv, argc, &index, orders);
    } else if (strcmp(option, "--view") == 0 || strcmp(option, "--tree") == 0 || strcmp(option, "--device") == 0
               || strcmp(option, "--scratch") == 0 || strcmp(option, "--proc") == 0) {
      failed = read_mount(argv, argc, &index, orders);
    } else {
      return refuse("no such option", option);
    }
    if (failed) return -1;
  }
  if ((orders->root && orders->root[0] != '/') || (orders->probe && orders->probe[0] != '/')) {
    return refuse("a folder is not an absolute path", NULL);
  }
  return check_whole(orders);
}
