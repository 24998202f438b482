// libjq opened on first use, and a filter's run in a child process within resource limits.
//
// Every libjq function is looked up once, before any child exists: a child forked from this
// multithreaded process may only call what cannot be waiting on a lock another thread held at
// the fork (dlsym, and so the lazy forwarders, could be), so the child calls libjq through the
// table `api` and does its own I/O with write(2).
#define _GNU_SOURCE  // pipe2
#include "shim.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jq.h>
#include <jv.h>

#include "lazy_load.h"

static lazy_library libjq = {"libjq.so.1", NULL, NULL};

#define JQ_API(name) __typeof__(&name) name
static struct {
  JQ_API(jq_init);
  JQ_API(jq_set_error_cb);
  JQ_API(jq_set_nomem_handler);
  JQ_API(jq_set_debug_cb);
  JQ_API(jq_compile);
  JQ_API(jq_start);
  JQ_API(jq_next);
  JQ_API(jq_halted);
  JQ_API(jq_get_exit_code);
  JQ_API(jq_get_error_message);
  JQ_API(jq_teardown);
  JQ_API(jv_get_kind);
  JQ_API(jv_copy);
  JQ_API(jv_free);
  JQ_API(jv_invalid_has_msg);
  JQ_API(jv_invalid_get_msg);
  JQ_API(jv_number_value);
  JQ_API(jv_string_value);
  JQ_API(jv_string_length_bytes);
  JQ_API(jv_dump_string);
  JQ_API(jv_parse_sized);
} api;
#undef JQ_API

static pthread_once_t api_once = PTHREAD_ONCE_INIT;
static const char *api_error;

#define LOOK_UP(name) api.name = (__typeof__(api.name))lazy_load_symbol(&libjq, #name)
static void look_up_api(void) {
  if (lazy_load_open(&libjq) == NULL) {
    api_error = lazy_load_error(&libjq);
    return;
  }
  LOOK_UP(jq_init);
  LOOK_UP(jq_set_error_cb);
  LOOK_UP(jq_set_nomem_handler);
  LOOK_UP(jq_set_debug_cb);
  LOOK_UP(jq_compile);
  LOOK_UP(jq_start);
  LOOK_UP(jq_next);
  LOOK_UP(jq_halted);
  LOOK_UP(jq_get_exit_code);
  LOOK_UP(jq_get_error_message);
  LOOK_UP(jq_teardown);
  LOOK_UP(jv_get_kind);
  LOOK_UP(jv_copy);
  LOOK_UP(jv_free);
  LOOK_UP(jv_invalid_has_msg);
  LOOK_UP(jv_invalid_get_msg);
  LOOK_UP(jv_number_value);
  LOOK_UP(jv_string_value);
  LOOK_UP(jv_string_length_bytes);
  LOOK_UP(jv_dump_string);
  LOOK_UP(jv_parse_sized);
}
#undef LOOK_UP

const char *cjq_open_error(void) {
  pthread_once(&api_once, look_up_api);
  return api_error;
}

struct cjq_filter {
  jq_state *jq;
};

void cjq_free_text(char *text) { free(text); }

// Appends jq's compile messages, one a line, to a malloc'd string.
static void collect_message(void *data, jv message) {
  char **collected = data;
  jv text = api.jv_get_kind(message) == JV_KIND_STRING ? message : api.jv_dump_string(message, 0);
  const char *line = api.jv_string_value(text);
  size_t old = *collected ? strlen(*collected) : 0, added = strlen(line);
  char *grown = realloc(*collected, old + added + 2);
  if (grown != NULL) {
    memcpy(grown + old, line, added);
    grown[old + added] = '\n';
    grown[old + added + 1] = '\0';
    *collected = grown;
  }
  api.jv_free(text);
}

cjq_filter *cjq_compile(const char *program, char **message) {
  *message = NULL;
  if (cjq_open_error() != NULL) return NULL;
  jq_state *jq = api.jq_init();
  if (jq == NULL) return NULL;
  api.jq_set_error_cb(jq, collect_message, message);
  if (!api.jq_compile(jq, program)) {
    api.jq_teardown(&jq);
    return NULL;
  }
  api.jq_set_error_cb(jq, NULL, NULL);
  cjq_filter *filter = malloc(sizeof *filter);
  if (filter == NULL) {
    api.jq_teardown(&jq);
    return NULL;
  }
  filter->jq = jq;
  return filter;
}

void cjq_filter_free(cjq_filter *filter) {
  if (filter == NULL) return;
  api.jq_teardown(&filter->jq);
  free(filter);
}

// MARK: - The child

// How the child ends: 0 when every result was written.
enum { CHILD_FAILED = 10, CHILD_OUT_OF_MEMORY = 11, CHILD_CANNOT_WRITE = 12 };

static int child_results = -1;

static void write_all(int fd, const void *bytes, size_t length) {
  const char *next = bytes;
  while (length > 0) {
    ssize_t written = write(fd, next, length);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) _exit(CHILD_CANNOT_WRITE);
    next += written;
    length -= (size_t)written;
  }
}

static void write_record(char kind, const char *bytes, size_t length) {
  unsigned char head[5] = {(unsigned char)kind, (unsigned char)length, (unsigned char)(length >> 8),
                           (unsigned char)(length >> 16), (unsigned char)(length >> 24)};
  write_all(child_results, head, sizeof head);
  write_all(child_results, bytes, length);
}

static void write_text_record(char kind, const char *text) { write_record(kind, text, strlen(text)); }

// jq's `debug`, as the jq program prints it: ["DEBUG:",VALUE] on standard error.
static void debug_message(void *data, jv value) {
  (void)data;
  jv text = api.jv_dump_string(value, 0);
  const char *json = api.jv_string_value(text);
  write_all(STDERR_FILENO, "[\"DEBUG:\",", 10);
  write_all(STDERR_FILENO, json, strlen(json));
  write_all(STDERR_FILENO, "]\n", 2);
  api.jv_free(text);
}

static void out_of_memory(void *data) {
  (void)data;
  _exit(CHILD_OUT_OF_MEMORY);
}

// An error jq raised, as the jq program words it after `jq: error (at <stdin>:1): `.
static void write_error(jv message) {
  if (api.jv_get_kind(message) == JV_KIND_STRING) {
    write_record('e', api.jv_string_value(message), (size_t)api.jv_string_length_bytes(api.jv_copy(message)));
    api.jv_free(message);
    return;
  }
  jv text = api.jv_dump_string(message, 0);
  const char *json = api.jv_string_value(text);
  size_t length = strlen(json);
  char *worded = malloc(length + 16);
  if (worded == NULL) _exit(CHILD_OUT_OF_MEMORY);
  memcpy(worded, json, length);
  memcpy(worded + length, " (not a string)", 16);
  write_text_record('e', worded);
  free(worded);
  api.jv_free(text);
}

// `halt` ends the results; `halt_error` (a status other than 0) is an error with its message.
static void finish_halted(jq_state *jq) {
  jv code = api.jq_get_exit_code(jq);
  jv_kind kind = api.jv_get_kind(code);
  int status = kind == JV_KIND_NUMBER ? (int)api.jv_number_value(code) : kind == JV_KIND_INVALID ? 0 : 5;
  api.jv_free(code);
  if (status == 0) _exit(0);
  jv message = api.jq_get_error_message(jq);
  if (api.jv_get_kind(message) == JV_KIND_NULL || api.jv_get_kind(message) == JV_KIND_INVALID) {
    api.jv_free(message);
    write_text_record('e', "halt_error");
  } else {
    write_error(message);
  }
  _exit(CHILD_FAILED);
}

static void write_result(jv value) {
  if (api.jv_get_kind(value) == JV_KIND_STRING) {
    write_record('s', api.jv_string_value(value), (size_t)api.jv_string_length_bytes(api.jv_copy(value)));
    api.jv_free(value);
    return;
  }
  jv text = api.jv_dump_string(value, 0);
  write_text_record('j', api.jv_string_value(text));
  api.jv_free(text);
}

__attribute__((noreturn)) static void run_child(jq_state *jq, const char *input, size_t length,
                                                cjq_limits limits, size_t mapped, int results) {
  // Signals as a fresh process has them: Ctrl-C ends the run, SIGXCPU ends it at the CPU limit.
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  struct sigaction standard;
  memset(&standard, 0, sizeof standard);
  standard.sa_handler = SIG_DFL;
  // The crash signals too: the Swift runtime's backtracer must not run in this child.
  const int reset[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, SIGPIPE, SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP};
  for (size_t index = 0; index < sizeof reset / sizeof reset[0]; index++) sigaction(reset[index], &standard, NULL);
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  struct rlimit cpu = {limits.cpu_seconds, limits.cpu_seconds + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  if (mapped > 0) {
    struct rlimit memory = {mapped + limits.memory_bytes, mapped + limits.memory_bytes};
    setrlimit(RLIMIT_AS, &memory);
  }
  child_results = results;
  api.jq_set_nomem_handler(jq, out_of_memory, NULL);
  api.jq_set_debug_cb(jq, debug_message, NULL);
  jv document = api.jv_parse_sized(input, (int)length);
  if (api.jv_get_kind(document) == JV_KIND_INVALID) {
    api.jv_free(document);
    write_text_record('e', "the document is not JSON");
    _exit(CHILD_FAILED);
  }
  api.jq_start(jq, document, 0);
  for (;;) {
    jv result = api.jq_next(jq);
    if (api.jv_get_kind(result) != JV_KIND_INVALID) {
      write_result(result);
      continue;
    }
    if (api.jq_halted(jq)) {
      api.jv_free(result);
      finish_halted(jq);
    }
    if (api.jv_invalid_has_msg(api.jv_copy(result))) {
      write_error(api.jv_invalid_get_msg(result));
      _exit(CHILD_FAILED);
    }
    api.jv_free(result);
    _exit(0);
  }
}

// MARK: - The parent

// The bytes of address space this process has mapped (/proc/self/statm's first field), or 0
// when it cannot be read (then the child runs without a memory limit but still within its CPU).
static size_t mapped_bytes(void) {
  int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[64] = {0};
  ssize_t count = read(fd, text, sizeof text - 1);
  close(fd);
  if (count <= 0) return 0;
  return (size_t)strtoull(text, NULL, 10) * (size_t)sysconf(_SC_PAGESIZE);
}

static long long milliseconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

cjq_run_result cjq_run(const cjq_filter *filter, const char *input, size_t length, cjq_limits limits) {
  cjq_run_result result = {CJQ_SYSTEM_ERROR, NULL, 0, NULL};
  if (length > INT_MAX) {
    result.message = "the document is larger than jq reads";
    return result;
  }
  if (limits.cpu_seconds == 0) limits.cpu_seconds = 1;
  size_t capacity = limits.output_bytes + 64;
  char *buffer = malloc(capacity);
  int pipe_ends[2];
  if (buffer == NULL || pipe2(pipe_ends, O_CLOEXEC) != 0) {
    free(buffer);
    result.message = "no pipe or memory for the filter's results";
    return result;
  }
  size_t mapped = mapped_bytes();
  pid_t child = fork();
  if (child == 0) {
    close(pipe_ends[0]);
    run_child(filter->jq, input, length, limits, mapped, pipe_ends[1]);
  }
  close(pipe_ends[1]);
  if (child < 0) {
    close(pipe_ends[0]);
    free(buffer);
    result.message = "no process could be started for the filter";
    return result;
  }
  // A backstop in wall time for a child that stops using CPU (it never should): generous, since
  // a loaded machine gives the child its CPU seconds slowly.
  long long deadline = milliseconds_now() + 1000LL * (limits.cpu_seconds * 20 + 60);
  size_t used = 0;
  int too_much = 0, too_long = 0;
  for (;;) {
    long long left = deadline - milliseconds_now();
    if (left <= 0) {
      too_long = 1;
      break;
    }
    struct pollfd ready = {pipe_ends[0], POLLIN, 0};
    int count = poll(&ready, 1, left > INT_MAX ? INT_MAX : (int)left);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) continue;
    ssize_t got = read(pipe_ends[0], buffer + used, capacity - used);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got <= 0) break;
    used += (size_t)got;
    if (used > limits.output_bytes) {
      too_much = 1;
      break;
    }
  }
  close(pipe_ends[0]);
  if (too_much || too_long) kill(child, SIGKILL);
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) {
      status = -1;
      break;
    }
  }
  result.output = buffer;
  result.output_length = used;
  if (too_much) {
    result.outcome = CJQ_OUTPUT_LIMIT;
  } else if (too_long) {
    result.outcome = CJQ_CPU_LIMIT;
  } else if (status != -1 && WIFEXITED(status)) {
    switch (WEXITSTATUS(status)) {
      case 0: result.outcome = CJQ_FINISHED; break;
      case CHILD_FAILED: result.outcome = CJQ_FAILED; break;
      case CHILD_OUT_OF_MEMORY: result.outcome = CJQ_MEMORY_LIMIT; break;
      default: result.message = "the filter's process could not write its results"; break;
    }
  } else if (status != -1 && WIFSIGNALED(status)) {
    switch (WTERMSIG(status)) {
      case SIGXCPU:
      case SIGKILL: result.outcome = CJQ_CPU_LIMIT; break;
      case SIGINT:
      case SIGTERM:
      case SIGHUP:
      case SIGQUIT: result.outcome = CJQ_INTERRUPTED; break;
      // Out of stack or of address space outside libjq's own allocations.
      case SIGSEGV:
      case SIGBUS:
      case SIGABRT: result.outcome = CJQ_MEMORY_LIMIT; break;
      default: result.message = "the filter's process ended by a signal"; break;
    }
  } else {
    result.message = "the filter's process was lost";
  }
  return result;
}

void cjq_run_result_free(cjq_run_result *result) {
  free(result->output);
  result->output = NULL;
  result->output_length = 0;
}
