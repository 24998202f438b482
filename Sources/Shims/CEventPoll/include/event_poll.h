// Linux epoll for Swift: Glibc's module map does not export <sys/epoll.h>, and `struct
// epoll_event` is packed, so the struct stays on this side and Swift sees ids and flags.
#ifndef CEVENTPOLL_EVENT_POLL_H
#define CEVENTPOLL_EVENT_POLL_H

#include <stdint.h>

/// What a descriptor is ready for (or wants to be watched for), as bits.
enum {
  CEP_READABLE = 1,
  CEP_WRITABLE = 2,
  /// Hang-up or error: the next read or write tells which.
  CEP_ENDED = 4,
};

/// A new epoll instance (close-on-exec), or -1 with errno.
int cep_create(void);

/// Watches `fd` for `interest` (CEP_READABLE | CEP_WRITABLE), reported with `id`; `add` 1 adds
/// the descriptor, 0 changes the interest of one already watched. 0, or -1 with errno.
int cep_watch(int poll_fd, int fd, uint64_t id, uint32_t interest, int add);

/// Stops watching `fd`. 0, or -1 with errno.
int cep_forget(int poll_fd, int fd);

/// Waits up to `timeout_ms` (-1: no limit) and fills at most `capacity` (<= 1024) ids and
/// their readiness; returns how many, 0 on timeout, -1 with errno (EINTR included).
int cep_wait(int poll_fd, uint64_t *ids, uint32_t *ready, int capacity, int timeout_ms);

/// Gives the heap's free pages back to the system (glibc's malloc_trim(0), which Glibc's Swift
/// module does not declare): a loop calls it after closing a socket that held megabytes.
void cep_release_free_memory(void);

#endif
