// swift-tools-version: 6.2
// RocketReserver: a terminal client (and embedded server) for the launch-booking GraphQL API.
// Design: docs/ARCHITECTURE.md. Depends on nothing but the toolchain and Debian C libraries.
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6)
]

let package = Package(
  name: "RocketReserver",
  // What another package can use (docs/swift-library.md): the engine, the runtime of generated
  // code, the client (with its normalized cache), the runtime of generated test mocks, and the
  // codegen build plugin with its command-line tool.
  products: [
    .executable(name: "rocket-reserver", targets: ["rocket-reserver"]),
    .executable(name: "rocket-codegen", targets: ["rocket-codegen"]),
    .library(name: "GraphQL", targets: ["GraphQL", "GraphQLWire"]),
    .library(name: "GraphQLAPI", targets: ["GraphQLAPI", "GraphQLWire"]),
    .library(name: "RocketClient", targets: ["RocketClient", "GraphQLAPI", "GraphQLWire"]),
    .library(name: "GraphQLTestSupport", targets: ["GraphQLTestSupport", "GraphQLAPI", "GraphQLWire"]),
    .plugin(name: "CodegenPlugin", targets: ["CodegenPlugin"]),
  ],
  targets: [
    // MARK: - C shims for system libraries
    // Every C library is opened on first use (dlopen), not linked, so that a command starts
    // without loading what it does not need (docs/startup.md): see CLazyLoad.
    .target(name: "CLazyLoad"),
    .target(name: "CCrypto", dependencies: ["CLazyLoad"]),
    .target(name: "CEditLine", dependencies: ["CLazyLoad"]),
    .target(name: "CSQLite", dependencies: ["CLazyLoad"]),
    // epoll for the WebSocket loop (Glibc's module map leaves <sys/epoll.h> out).
    .target(name: "CEventPoll"),
    .target(name: "CCurl", dependencies: ["CLazyLoad", "CCrypto"]),
    .target(name: "CMicroHTTPD", dependencies: ["CLazyLoad"]),
    .target(name: "CPostgres", dependencies: ["CLazyLoad", "CCrypto"]),
    .target(name: "CWslay", dependencies: ["CLazyLoad"]),
    // zlib for serve's gzip answers, opened on first use like the libraries above.
    .target(name: "CZlib", dependencies: ["CLazyLoad"]),
    // libssl for the WebSocket client's wss://, opened on first use like libcrypto (CCrypto).
    .target(name: "CTLS", dependencies: ["CLazyLoad", "CCrypto"]),
    // libjq for `--jq` filters, opened on first use; each run in a child process within limits.
    .target(name: "CJQ", dependencies: ["CLazyLoad"]),
    // libpng, libjpeg-turbo and libchafa for mission patches drawn in the terminal, opened on
    // first use like the libraries above.
    .target(name: "CImages", dependencies: ["CLazyLoad"]),

    // MARK: - Libraries
    // The module graph is one-way (docs/ARCHITECTURE.md): wire types <- engine, wire types <-
    // generated-code runtime <- client <- program; HTTP server, WebSocket <- GraphQL over HTTP;
    // the backend and the server <- program.
    .target(
      name: "GraphQLWire",
      swiftSettings: strictSettings),
    // RFC 4648's two alphabets, for the WebSocket handshake and the backend's cursors and tokens.
    .target(
      name: "Base64",
      swiftSettings: strictSettings),
    .target(
      name: "POSIXThreads",
      swiftSettings: strictSettings),
    // Owned file descriptors and private (0700) directories, for the client's cache file and
    // the program's credentials and outbox.
    .target(
      name: "POSIXFiles",
      swiftSettings: strictSettings),
    // jq filters (`--jq`) over libjq: compiled once, each run bounded in CPU, memory and output.
    .target(
      name: "JQ",
      dependencies: ["CJQ"],
      swiftSettings: strictSettings),
    .target(
      name: "GraphQL",
      dependencies: ["GraphQLWire"],
      swiftSettings: strictSettings),
    .target(
      name: "GraphQLAPI",
      dependencies: ["GraphQLWire"],
      swiftSettings: strictSettings),
    .target(
      name: "GraphQLCodegen",
      dependencies: ["GraphQL"],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "rocket-codegen",
      dependencies: ["GraphQLCodegen"],
      swiftSettings: strictSettings),
    .plugin(
      name: "CodegenPlugin",
      capability: .buildTool(),
      dependencies: ["rocket-codegen"]),
    .plugin(
      name: "ResolverCodegenPlugin",
      capability: .buildTool(),
      dependencies: ["rocket-codegen"]),
    .target(
      name: "RocketReserverAPI",
      dependencies: ["GraphQLAPI", "GraphQLWire"],
      swiftSettings: strictSettings,
      plugins: ["CodegenPlugin"]),
    // The runtime of generated test mocks (apollo-ios's ApolloTestSupport): `Mock<Object>` and
    // building any generated operation's `Data` from mocks.
    .target(
      name: "GraphQLTestSupport",
      dependencies: ["GraphQLAPI", "GraphQLWire"],
      swiftSettings: strictSettings),
    // The test mocks of Operations/schema.graphqls, as Operations/graphql-codegen.json asks.
    .target(
      name: "RocketReserverAPITestMocks",
      dependencies: ["RocketReserverAPI", "GraphQLTestSupport"],
      swiftSettings: strictSettings,
      plugins: ["CodegenPlugin"]),
    .target(
      name: "SQL",
      swiftSettings: strictSettings),
    // Images decoded within limits and drawn as terminal text (kitty, iTerm2, sixel, blocks).
    .target(
      name: "TerminalImages",
      dependencies: ["CImages"],
      swiftSettings: strictSettings),
    .target(
      name: "SQLite",
      dependencies: ["CSQLite", "SQL"],
      swiftSettings: strictSettings),
    .target(
      name: "Postgres",
      dependencies: ["CPostgres", "SQL"],
      swiftSettings: strictSettings),
    .target(
      name: "LaunchBackend",
      dependencies: ["GraphQL", "Base64", "POSIXThreads", "SQL", "SQLite", "Postgres", "CCrypto"],
      swiftSettings: strictSettings,
      plugins: ["EmbedResourcesPlugin", "ResolverCodegenPlugin"]),
    .target(
      name: "HTTPServer",
      dependencies: ["POSIXThreads", "CMicroHTTPD", "CZlib"],
      swiftSettings: strictSettings),
    .target(
      name: "WebSocket",
      dependencies: ["Base64", "CWslay", "CCrypto"],
      swiftSettings: strictSettings),
    // The in-browser GraphQL explorer: a page and its assets (CodeMirror from Debian) embedded at
    // build time, served in front of the GraphQL router.
    .target(
      name: "GraphQLExplorer",
      dependencies: ["HTTPServer", "GraphQLWire"],
      exclude: ["Assets"],
      swiftSettings: strictSettings,
      plugins: ["EmbedResourcesPlugin"]),
    .target(
      name: "GraphQLHTTP",
      dependencies: ["GraphQL", "HTTPServer", "WebSocket", "POSIXThreads", "CEventPoll", "GraphQLExplorer"],
      swiftSettings: strictSettings),
    .target(
      name: "LaunchServer",
      dependencies: ["GraphQL", "GraphQLHTTP", "HTTPServer", "LaunchBackend"],
      swiftSettings: strictSettings),
    .target(
      name: "RocketClient",
      dependencies: [
        "GraphQLWire", "GraphQLAPI", "POSIXThreads", "POSIXFiles", "SQLite", "CCurl", "CTLS", "WebSocket",
      ],
      swiftSettings: strictSettings),

    // MARK: - Build tools
    .executableTarget(
      name: "embed-resources",
      swiftSettings: strictSettings),
    .plugin(
      name: "EmbedResourcesPlugin",
      capability: .buildTool(),
      dependencies: ["embed-resources"]),

    // MARK: - Program
    .executableTarget(
      name: "rocket-reserver",
      dependencies: ["RocketReserverCLI"],
      swiftSettings: strictSettings),
    .target(
      name: "CommandLineKit",
      dependencies: ["CEditLine", "POSIXThreads"],
      swiftSettings: strictSettings),
    .target(
      name: "RocketReserverCLI",
      dependencies: [
        "CommandLineKit", "GraphQL", "GraphQLAPI", "RocketReserverAPI", "RocketClient",
        "POSIXFiles", "POSIXThreads", "SQLite", "JQ",
        "GraphQLHTTP", "HTTPServer", "LaunchBackend", "LaunchServer", "TerminalImages",
      ],
      swiftSettings: strictSettings),

    // MARK: - Benchmarks
    .executableTarget(
      name: "engine-benchmark",
      dependencies: ["GraphQL", "GraphQLCodegen", "EngineProbes"],
      swiftSettings: strictSettings),

    // The probe documents and the thread CPU clock, which the benchmark times and tests bound.
    .target(
      name: "EngineProbes",
      swiftSettings: strictSettings),

    .executableTarget(
      name: "cache-benchmark",
      dependencies: ["GraphQLWire", "RocketClient", "RocketReserverAPI", "EngineProbes"],
      swiftSettings: strictSettings),

    // MARK: - Tests
    .target(
      name: "TestSupport",
      dependencies: ["GraphQLWire", "WebSocket"],
      path: "Tests/Support",
      swiftSettings: strictSettings),
    .testTarget(
      name: "ShimTests",
      dependencies: [
        "CEditLine", "CSQLite", "CMicroHTTPD", "CCrypto", "CCurl", "CPostgres", "CWslay", "CLazyLoad",
        "CZlib", "CTLS", "TestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "JQTests",
      dependencies: ["JQ"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "GraphQLTests",
      dependencies: ["GraphQL", "EngineProbes", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "EnginePerformanceTests",
      dependencies: ["GraphQL"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "GraphQLCodegenTests",
      dependencies: [
        "GraphQLCodegen", "RocketReserverAPI", "GraphQLTestSupport", "rocket-codegen", "TestSupport",
      ],
      exclude: ["Golden"],
      swiftSettings: strictSettings),
    // Operations generated for `onError: NULL` with `@catch`, and their tests against a real
    // `serve` (a test target cannot run the plugin: its tool would be linked into the tests twice).
    .target(
      name: "ErrorAwareOperations",
      dependencies: ["GraphQLAPI", "GraphQLWire"],
      path: "Tests/ErrorAwareOperations",
      swiftSettings: strictSettings,
      plugins: ["CodegenPlugin"]),
    .testTarget(
      name: "ErrorAwareOperationTests",
      dependencies: [
        "ErrorAwareOperations", "GraphQLAPI", "GraphQLWire", "RocketClient", "TestSupport", "rocket-reserver",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "GraphQLTestSupportTests",
      dependencies: ["GraphQLTestSupport", "RocketReserverAPITestMocks", "RocketReserverAPI"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "GraphQLAPITests",
      dependencies: ["GraphQLAPI", "GraphQLWire"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SQLiteTests",
      dependencies: ["SQLite", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "PostgresTests",
      dependencies: ["Postgres", "SQL", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "ServeReliabilityTests",
      dependencies: [
        "GraphQL", "SQLite", "Postgres", "LaunchBackend", "EngineProbes", "TestSupport", "rocket-reserver",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "RocketReserverCLITests",
      dependencies: [
        "RocketReserverCLI", "CommandLineKit", "GraphQL", "GraphQLWire", "RocketReserverAPI", "RocketClient",
        "POSIXFiles", "SQLite", "EngineProbes", "TestSupport", "rocket-reserver", "credential-writer",
        "TerminalImages",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "HTTPServerTests",
      dependencies: ["HTTPServer", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "GraphQLHTTPTests",
      dependencies: ["GraphQLHTTP", "HTTPServer", "WebSocket", "GraphQL", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "LaunchBackendTests",
      dependencies: [
        "LaunchBackend", "Base64", "GraphQLHTTP", "GraphQLCodegen", "Postgres", "EngineProbes", "TestSupport",
        "embed-resources",
      ],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "credential-writer",
      dependencies: ["RocketClient", "RocketReserverCLI"],
      path: "Tests/Executables/credential-writer",
      swiftSettings: strictSettings),
    .testTarget(
      name: "RocketClientTests",
      dependencies: [
        "RocketClient", "GraphQLAPI", "GraphQLWire", "RocketReserverAPI", "LaunchBackend", "GraphQLHTTP",
        "HTTPServer",
        "SQLite",
        "TestSupport",
      ],
      swiftSettings: strictSettings),
  ]
)

/// The layers of `Sources/`, bottom up: each module's sources are in `Sources/<layer>/<module>`
/// (docs/ARCHITECTURE.md says what each layer is for). Tests stay in `Tests/<module>`.
let layers: KeyValuePairs<String, [String]> = [
  "Shims": [
    "CLazyLoad", "CCrypto", "CEditLine", "CSQLite", "CEventPoll", "CCurl", "CMicroHTTPD", "CPostgres",
    "CWslay", "CZlib", "CTLS", "CJQ", "CImages",
  ],
  "Platform": [
    "Base64", "POSIXThreads", "POSIXFiles", "SQL", "SQLite", "Postgres", "WebSocket", "JQ", "TerminalImages",
  ],
  "Engine": [
    "GraphQLWire", "GraphQL", "GraphQLAPI", "GraphQLCodegen", "rocket-codegen", "CodegenPlugin",
    "ResolverCodegenPlugin", "GraphQLTestSupport",
  ],
  "Client": ["RocketClient", "RocketReserverAPI", "RocketReserverAPITestMocks"],
  "Server": ["HTTPServer", "GraphQLExplorer", "GraphQLHTTP", "LaunchBackend", "LaunchServer"],
  "App": ["CommandLineKit", "RocketReserverCLI", "rocket-reserver"],
  "Tools": [
    "embed-resources", "EmbedResourcesPlugin", "engine-benchmark", "cache-benchmark", "EngineProbes",
  ],
]
for (layer, modules) in layers {
  for target in package.targets where modules.contains(target.name) {
    target.path = "Sources/\(layer)/\(target.name)"
  }
}
