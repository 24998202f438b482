#include "event_poll.h"

#include <malloc.h>
#include <sys/epoll.h>

int cep_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int cep_watch(int poll_fd, int fd, uint64_t id, uint32_t interest, int add) {
  struct epoll_event event = {0};
  event.events = ((interest & CEP_READABLE) ? EPOLLIN : 0) | ((interest & CEP_WRITABLE) ? EPOLLOUT : 0);
  event.data.u64 = id;
  return epoll_ctl(poll_fd, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event);
}

int cep_forget(int poll_fd, int fd) {
  struct epoll_event unused = {0};
  return epoll_ctl(poll_fd, EPOLL_CTL_DEL, fd, &unused);
}

int cep_wait(int poll_fd, uint64_t *ids, uint32_t *ready, int capacity, int timeout_ms) {
  struct epoll_event events[1024];
  if (capacity > 1024) capacity = 1024;
  int count = epoll_wait(poll_fd, events, capacity, timeout_ms);
  for (int index = 0; index < count; index++) {
    uint32_t flags = events[index].events;
    ids[index] = events[index].data.u64;
    ready[index] = ((flags & EPOLLIN) ? CEP_READABLE : 0) | ((flags & EPOLLOUT) ? CEP_WRITABLE : 0) |
                   ((flags & (EPOLLHUP | EPOLLERR | EPOLLRDHUP)) ? CEP_ENDED : 0);
  }
  return count;
}

void cep_release_free_memory(void) { malloc_trim(0); }
