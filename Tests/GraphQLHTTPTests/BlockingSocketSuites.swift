import Testing

/// The suites whose tests block their thread reading a socket while the server needs the
/// cooperative thread pool to produce what they wait for (subscription events, deferred parts,
/// keep-alives). Swift Testing runs synchronous tests on that pool, which is as wide as the
/// machine has cores: on two cores, two such tests at once take the whole pool and the server
/// starves until their reads time out. Nested here, they run one at a time.
@Suite(.serialized) enum BlockingSocketSuites {}
