/// What a session knows of launch ids for Tab: those its answers showed, those read once from a
/// `KnownLaunchSource`, and the logged-in user's trips (another user's start afresh, so `cancel
/// <Tab>` never offers the previous user's).
struct KnownLaunches: Sendable, Equatable {
  /// Ids the session's answers showed.
  private(set) var seen: Set<Int> = []
  /// Ids read from the source; nil until it was read.
  private(set) var sourceIDs: Set<Int>?
  /// Whose trips ``trips`` and ``changes`` are (the email logged in when they were noted).
  private(set) var tripsUser: String?
  /// The user's whole list of booked trips, once an answer gave it or the source was read.
  private(set) var trips: Set<Int>?
  /// Booked states answers gave before the whole list was known, applied over the source's.
  private(set) var changes: [Int: Bool] = [:]

  /// Mission names by launch id, shown beside ids in Tab lists.
  private(set) var missions: [Int: String] = [:]

  /// Every id shown or read, in numeric order.
  var launchIDs: [Int] { seen.union(sourceIDs ?? []).sorted() }

  /// Remembers launches' mission names (an answer's newer word replaces an older one).
  mutating func noteMissions(_ names: some Sequence<(Int, String)>) {
    for (id, name) in names { missions[id] = name }
  }

  /// Remembers ids an answer showed.
  mutating func noteSeen(_ ids: some Sequence<Int>) { seen.formUnion(ids) }

  /// Keeps the ids the source gave.
  mutating func noteSourceIDs(_ ids: some Sequence<Int>) { sourceIDs = Set(ids) }

  /// Remembers whether launch `id` is booked by `user`, as an answer said.
  mutating func noteBooking(_ id: Int, isBooked: Bool, user: String?) {
    seen.insert(id)
    switchUser(to: user)
    if trips == nil {
      changes[id] = isBooked
    } else if isBooked {
      trips?.insert(id)
    } else {
      trips?.remove(id)
    }
  }

  /// Remembers `user`'s whole list of trips: `isFresh` for an answer's (every change included),
  /// else the source's, over which the session's changes apply.
  mutating func noteTrips(_ ids: some Sequence<Int>, user: String?, isFresh: Bool) {
    seen.formUnion(ids)
    switchUser(to: user)
    var list = Set(ids)
    if !isFresh {
      for (id, isBooked) in changes {
        if isBooked { list.insert(id) } else { list.remove(id) }
      }
    }
    trips = list
    changes = [:]
  }

  /// `user`'s booked trips in numeric order, and whether that is the whole list (or only those
  /// answers showed booked).
  func bookedIDs(user: String?) -> (ids: [Int], isWhole: Bool) {
    guard user == tripsUser else { return ([], false) }
    if let trips { return (trips.sorted(), true) }
    return (changes.filter(\.value).keys.sorted(), false)
  }

  private mutating func switchUser(to user: String?) {
    guard user != tripsUser else { return }
    tripsUser = user
    trips = nil
    changes = [:]
  }
}
