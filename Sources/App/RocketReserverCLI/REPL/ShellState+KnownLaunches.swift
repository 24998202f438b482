import RocketClient

/// The launch ids and trips Tab offers: what answers showed, and what `KnownLaunchSource` knows
/// (read at the first Tab that needs it).
extension ShellState {
  /// Remembers the booked state of launches an answer gave the logged-in user.
  func noteBookings(_ launches: some Sequence<(id: String, isBooked: Bool)>) {
    let user = session?.loggedInEmail
    let states = launches.compactMap { launch in Int(launch.id).map { ($0, launch.isBooked) } }
    known.withLock { known in
      for (id, isBooked) in states { known.noteBooking(id, isBooked: isBooked, user: user) }
    }
  }

  /// Remembers the logged-in user's whole list of trips, as an answer just gave it.
  func noteTrips(_ ids: some Sequence<String>) {
    let user = session?.loggedInEmail
    let numbers = ids.compactMap { Int($0) }
    known.withLock { $0.noteTrips(numbers, user: user, isFresh: true) }
  }

  /// Remembers the mission names an answer gave, shown beside ids in Tab lists.
  func noteMissions(_ launches: some Sequence<(id: String, mission: String?)>) {
    let names = launches.compactMap { launch in
      Int(launch.id).flatMap { id in launch.mission.map { (id, $0) } }
    }
    known.withLock { $0.noteMissions(names) }
  }

  /// The launch ids for Tab, in numeric order: those shown so far and those the source knows.
  var launchIDsForCompletion: [String] {
    readSourceOnce()
    return known.withLock { $0.launchIDs }.map(String.init)
  }

  /// The mission name of launch `id` as an answer or the source gave it, or nil.
  func missionName(ofLaunch id: String) -> String? {
    guard let number = Int(id) else { return nil }
    readSourceOnce()
    return known.withLock { $0.missions[number] }
  }

  /// Reads the ids (and mission names) the source knows, the first time they are needed.
  private func readSourceOnce() {
    guard known.withLock({ $0.sourceIDs == nil }) else { return }
    let launches = knownSource.launches(user: session?.loggedInEmail)
    known.withLock { known in
      known.noteSourceIDs(launches.map(\.id))
      // An answer this session saw is newer than what the source kept.
      let unseen = launches.compactMap { launch in
        launch.mission.flatMap { known.missions[launch.id] == nil ? (launch.id, $0) : nil }
      }
      known.noteMissions(unseen)
    }
  }

  /// The logged-in user's trips for Tab, in numeric order: until an answer gave the whole list,
  /// the source's with this session's changes over it, else those answers showed booked.
  var bookedLaunchIDs: [String] {
    let credential = try? session?.client.currentCredential()
    let user = credential?.email
    let booked = known.withLock { $0.bookedIDs(user: user) }
    guard !booked.isWhole, user != nil, let trips = knownSource.tripIDs(credential: credential) else {
      return booked.ids.map(String.init)
    }
    return known.withLock { known in
      known.noteTrips(trips, user: user, isFresh: false)
      return known.bookedIDs(user: user).ids
    }.map(String.init)
  }
}
