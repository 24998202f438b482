import CTLS

/// OpenSSL's global state and the end of the process.
///
/// By default libcrypto frees its locks and tables in an `atexit` handler. When a command ends
/// while another thread is still in OpenSSL (a `wss://` socket closing, a libcurl transfer being
/// torn down, `serve` making a token), that thread then takes a freed lock and the process dies
/// with SIGSEGV after it has printed everything. The memory goes back to the system at exit anyway.
///
/// This package opens libcrypto, libssl, libcurl and libpq on first use, and each is preceded by
/// this initialization, so the library's own users need not call it. A program that reaches
/// OpenSSL by another way before any of those (its own TLS, say) calls it first.
public enum OpenSSLLifetime {
  /// Keeps OpenSSL's state until the process is gone, opening libcrypto if it is not open yet.
  /// Only the first initialization of libcrypto in the process decides.
  public static func keepThroughExit() {
    _ = ctls_keep_state_through_exit()
  }
}
