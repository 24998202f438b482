// libjq (Debian's libjq-dev) for Swift: `--jq EXPR` filters. Opened on first use
// (Sources/Shims/CLazyLoad/include/lazy_load.h), so only a command given `--jq` loads it.
//
// libjq has no limit of its own on the time or memory a filter takes (`[range(1e9)]`,
// `repeat(.)` never end), so a filter runs in a child process forked for the run, bounded by
// resource limits (CPU time, address space) and by the size of what it writes back. Every jq
// value (`jv`) and the compiled program stay in this module's C file.
#ifndef ROCKET_CJQ_SHIM_H
#define ROCKET_CJQ_SHIM_H

#include <stddef.h>

/// A compiled jq program.
typedef struct cjq_filter cjq_filter;

/// What one run may cost.
typedef struct cjq_limits {
  /// CPU seconds (at least 1).
  unsigned cpu_seconds;
  /// Bytes of address space beyond what the process had mapped when the run began.
  size_t memory_bytes;
  /// Bytes of results written back, all together.
  size_t output_bytes;
} cjq_limits;

/// How a run ended.
typedef enum cjq_outcome {
  /// Every result was written.
  CJQ_FINISHED = 0,
  /// jq reported an error (or `halt_error`): the last record is an 'e' record with its text.
  CJQ_FAILED = 1,
  /// The run used its CPU seconds.
  CJQ_CPU_LIMIT = 2,
  /// The run needed more memory than its limit.
  CJQ_MEMORY_LIMIT = 3,
  /// The results passed `output_bytes`.
  CJQ_OUTPUT_LIMIT = 4,
  /// A signal from outside (Ctrl-C, kill) ended the run.
  CJQ_INTERRUPTED = 5,
  /// The run could not be started or ended otherwise: `message` says why.
  CJQ_SYSTEM_ERROR = 6,
} cjq_outcome;

/// The results of a run: `output` holds records, each one kind byte ('s' a string, given raw;
/// 'j' any other value as compact JSON; 'e' jq's error text), a 4-byte length (little-endian),
/// then that many bytes.
typedef struct cjq_run_result {
  cjq_outcome outcome;
  char *output;
  size_t output_length;
  /// For CJQ_SYSTEM_ERROR: why (static text); else NULL.
  const char *message;
} cjq_run_result;

/// NULL once libjq is open and every function this shim calls was found (opening it now if
/// needed), otherwise why not.
const char *cjq_open_error(void);

/// Compiles `program`. Returns NULL when it does not compile, with jq's messages (one a line) in
/// `*message`, which the caller frees with `cjq_free_text`.
cjq_filter *cjq_compile(const char *program, char **message);

/// Frees a compiled program.
void cjq_filter_free(cjq_filter *filter);

/// Frees text this shim allocated.
void cjq_free_text(char *text);

/// Runs `filter` on the JSON text `input[0..<length]` in a child process within `limits`.
/// Blocks until the run ends; free the result with `cjq_run_result_free`.
cjq_run_result cjq_run(const cjq_filter *filter, const char *input, size_t length, cjq_limits limits);

/// Frees a run's output.
void cjq_run_result_free(cjq_run_result *result);

#endif
