// swift-tools-version: 6.2
// LaunchBoard: an example of RocketReserver's libraries used from another package. Its own
// operations (Sources/LaunchBoardAPI/*.graphql) become typed Swift through the codegen plugin,
// as Sources/LaunchBoardAPI/graphql-codegen.json says; the client runs them against a server;
// its tests use the generated mocks. See docs/swift-library.md.
import PackageDescription

let package = Package(
  name: "LaunchBoard",
  dependencies: [
    // By path: nothing is fetched.
    .package(name: "RocketReserver", path: "../..")
  ],
  targets: [
    // The generated operations: the plugin reads graphql-codegen.json beside them.
    .target(
      name: "LaunchBoardAPI",
      dependencies: [.product(name: "GraphQLAPI", package: "RocketReserver")],
      plugins: [.plugin(name: "CodegenPlugin", package: "RocketReserver")]),
    // The generated test mocks: graphql-codegen.json names this target in output.testMocks.
    .target(
      name: "LaunchBoardAPITestMocks",
      dependencies: ["LaunchBoardAPI", .product(name: "GraphQLTestSupport", package: "RocketReserver")],
      plugins: [.plugin(name: "CodegenPlugin", package: "RocketReserver")]),
    // What the program does, apart from its command line, so tests can call it.
    .target(
      name: "LaunchBoard",
      dependencies: ["LaunchBoardAPI", .product(name: "RocketClient", package: "RocketReserver")]),
    .executableTarget(
      name: "launch-board",
      dependencies: ["LaunchBoard"]),
    .testTarget(
      name: "LaunchBoardTests",
      dependencies: ["LaunchBoard", "LaunchBoardAPITestMocks", "launch-board"]),
  ]
)
