// The cost of the normalized cache on one page of launches (`make bench`, part `cache`):
// normalizing the page's `data` into records, reading it back from records in memory, and a
// write and a read through the SQLite file. Each figure is the median of 15 rounds of 200 calls,
// in CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID), which other load disturbs less
// than wall time.
//
// Usage: cache-benchmark PAGE.json SCRATCH_DIR   (PAGE.json: `launches --page-size 100 --json`)
import EngineProbes
import FoundationEssentials
import GraphQLWire
import RocketClient
import RocketReserverAPI

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let text = try? String(contentsOfFile: arguments[1], encoding: .utf8),
  case .object(let data)? = try? JSON(parsing: text)
else {
  print("usage: cache-benchmark PAGE.json SCRATCH_DIR")
  exit(2)
}
let operation = CacheableOperation(LaunchListQuery(pageSize: .some(100)))
let launches = data["launches"]?["launches"]?.arrayValue?.count ?? 0

/// The median time of one call of `body` in microseconds, over `rounds` rounds of `calls`.
func median(rounds: Int = 15, calls: Int = 200, _ body: () -> Int) -> Double {
  var checksum = 0
  for _ in 0..<calls { checksum &+= body() }
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ThreadCPUTime.now()
    for _ in 0..<calls { checksum &+= body() }
    samples.append((ThreadCPUTime.now() - start) * 1e6 / Double(calls))
  }
  if checksum == 42 { print("") }
  return samples.sorted()[samples.count / 2]
}

func normalize() -> [String: CacheRecord] {
  var normalizer = ResponseNormalizer(keyedTypes: operation.keyedTypes, variables: operation.variables)
  normalizer.normalize(data, selections: operation.selections, rootKey: "QUERY_ROOT")
  return normalizer.records
}
let records = normalize()
let normalizing = median { normalize().count }
let reading = median {
  var reader = CacheReader(variables: operation.variables) { records[$0].map { ($0, 0) } }
  return reader.read(operation.selections, rootKey: "QUERY_ROOT")?.count ?? 0
}
let cache = CacheStore(
  SQLiteNormalizedCache(path: arguments[2] + "/cache.sqlite") { print("warning: \($0)") })
let partition = CachePartition(endpoint: "http://127.0.0.1/graphql", user: nil)

/// The median wall time of one call of `body` in microseconds: a write runs on the store's writer
/// thread, so the calling thread's CPU time would not see it.
func medianWall(rounds: Int = 9, calls: Int = 20, _ body: () async -> Void) async -> Double {
  func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
  for _ in 0..<calls { await body() }
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = seconds()
    for _ in 0..<calls { await body() }
    samples.append((seconds() - start) * 1e6 / Double(calls))
  }
  return samples.sorted()[samples.count / 2]
}
let writing = await medianWall { await cache.write(data, for: operation, partition: partition) }
let sqliteReading = median(rounds: 9, calls: 20) {
  cache.read(operation, partition: partition)?.data?.count ?? 0
}
print(
  "a page of \(launches) launches, \(records.count) records; median CPU time per call (write: wall time):")
print(String("  normalize (data -> records)      ") + String(Int(normalizing.rounded())) + " µs")
print(String("  read back from records in memory ") + String(Int(reading.rounded())) + " µs")
print(String("  write through the SQLite file    ") + String(Int(writing.rounded())) + " µs")
print(String("  read from the SQLite file        ") + String(Int(sqliteReading.rounded())) + " µs")
