import GraphQLAPI

// Hand-written conformances in the shape `rocket-codegen` generates for Operations/*.graphql,
// until the generated RocketReserverAPI module is merged into this branch.

typealias D = ResponseDecoding

/// `query LaunchList($pageSize: Int, $after: String)`.
struct LaunchListQuery: GraphQLQuery {
  static let operationName = "LaunchList"
  static let document =
    "query LaunchList($pageSize:Int,$after:String){launches(pageSize:$pageSize,after:$after)"
    + "{cursor hasMore launches{id site mission{name missionPatch(size:SMALL)}rocket{name type}isBooked}}}"

  var pageSize: GraphQLNullable<Int> = .absent
  var after: GraphQLNullable<String> = .absent

  var variables: JSONObject {
    var object = JSONObject()
    if let value = pageSize.inputJSON { object["pageSize"] = value }
    if let value = after.inputJSON { object["after"] = value }
    return object
  }

  struct Data: SelectionSetData {
    var launches: Launches

    init(object: JSONObject, path: [PathComponent]) throws {
      let path = path + [.key("launches")]
      launches = try D.nonNull(try D.member(object, "launches", path), path) { try D.object($0, $1) }
    }

    struct Launches: SelectionSetData {
      var cursor: String
      var hasMore: Bool
      var launches: [Launch?]

      init(object: JSONObject, path: [PathComponent]) throws {
        let cursorPath = path + [.key("cursor")]
        cursor = try D.nonNull(try D.member(object, "cursor", cursorPath), cursorPath) {
          try D.scalar($0, $1)
        }
        let hasMorePath = path + [.key("hasMore")]
        hasMore = try D.nonNull(try D.member(object, "hasMore", hasMorePath), hasMorePath) {
          try D.scalar($0, $1)
        }
        let launchesPath = path + [.key("launches")]
        launches = try D.nonNull(try D.member(object, "launches", launchesPath), launchesPath) {
          try D.list($0, $1) { try D.nullable($0, $1) { try D.object($0, $1) } }
        }
      }
    }

    struct Launch: SelectionSetData {
      var id: GraphQLID
      var site: String?
      var missionName: String?
      var isBooked: Bool

      init(object: JSONObject, path: [PathComponent]) throws {
        let idPath = path + [.key("id")]
        id = try D.nonNull(try D.member(object, "id", idPath), idPath) { try D.scalar($0, $1) }
        let sitePath = path + [.key("site")]
        site = try D.nullable(try D.member(object, "site", sitePath), sitePath) { try D.scalar($0, $1) }
        let missionPath = path + [.key("mission")]
        missionName =
          try D.nullable(try D.member(object, "mission", missionPath), missionPath) {
            json, path in
            let namePath = path + [.key("name")]
            return try D.nullable(try D.member(json.objectValue ?? [:], "name", namePath), namePath) {
              try D.scalar($0, $1) as String
            }
          } ?? nil
        let bookedPath = path + [.key("isBooked")]
        isBooked = try D.nonNull(try D.member(object, "isBooked", bookedPath), bookedPath) {
          try D.scalar($0, $1)
        }
      }
    }
  }
}

/// `mutation Login($email: String!)`.
struct LoginMutation: GraphQLMutation {
  static let operationName = "Login"
  static let document = "mutation Login($email:String!){login(email:$email){id email token}}"

  var email: String
  var variables: JSONObject { ["email": email.inputJSON] }

  struct Data: SelectionSetData {
    var login: User?

    init(object: JSONObject, path: [PathComponent]) throws {
      let path = path + [.key("login")]
      login = try D.nullable(try D.member(object, "login", path), path) { try D.object($0, $1) }
    }

    struct User: SelectionSetData {
      var id: GraphQLID
      var email: String
      var token: String?

      init(object: JSONObject, path: [PathComponent]) throws {
        id = try D.nonNull(try D.member(object, "id", path + [.key("id")]), path + [.key("id")]) {
          try D.scalar($0, $1)
        }
        email = try D.nonNull(
          try D.member(object, "email", path + [.key("email")]), path + [.key("email")]
        ) { try D.scalar($0, $1) }
        token = try D.nullable(
          try D.member(object, "token", path + [.key("token")]), path + [.key("token")]
        ) { try D.scalar($0, $1) }
      }
    }
  }
}

/// The `TripUpdateResponse` selection shared by `BookTrips` and `CancelTrip`.
struct TripUpdate: SelectionSetData {
  var success: Bool
  var message: String?
  var launchIDs: [GraphQLID]?

  init(object: JSONObject, path: [PathComponent]) throws {
    success = try D.nonNull(
      try D.member(object, "success", path + [.key("success")]), path + [.key("success")]
    ) { try D.scalar($0, $1) }
    message = try D.nullable(
      try D.member(object, "message", path + [.key("message")]), path + [.key("message")]
    ) { try D.scalar($0, $1) }
    let launchesPath = path + [.key("launches")]
    launchIDs = try D.nullable(try D.member(object, "launches", launchesPath), launchesPath) {
      try D.list($0, $1) { json, path in
        let idPath = path + [.key("id")]
        return try D.nonNull(try D.member(json.objectValue ?? [:], "id", idPath), idPath) {
          try D.scalar($0, $1) as String
        }
      }
    }
  }
}

/// `mutation BookTrips($ids: [ID]!)`.
struct BookTripsMutation: GraphQLMutation {
  static let operationName = "BookTrips"
  static let document =
    "mutation BookTrips($ids:[ID]!){bookTrips(launchIds:$ids){success message launches{id isBooked}}}"

  var ids: [GraphQLID]
  var variables: JSONObject { ["ids": ids.inputJSON] }

  struct Data: SelectionSetData {
    var bookTrips: TripUpdate

    init(object: JSONObject, path: [PathComponent]) throws {
      let path = path + [.key("bookTrips")]
      bookTrips = try D.nonNull(try D.member(object, "bookTrips", path), path) { try D.object($0, $1) }
    }
  }
}

/// `mutation CancelTrip($id: ID!)`.
struct CancelTripMutation: GraphQLMutation {
  static let operationName = "CancelTrip"
  static let document =
    "mutation CancelTrip($id:ID!){cancelTrip(launchId:$id){success message launches{id isBooked}}}"

  var id: GraphQLID
  var variables: JSONObject { ["id": id.inputJSON] }

  struct Data: SelectionSetData {
    var cancelTrip: TripUpdate

    init(object: JSONObject, path: [PathComponent]) throws {
      let path = path + [.key("cancelTrip")]
      cancelTrip = try D.nonNull(try D.member(object, "cancelTrip", path), path) { try D.object($0, $1) }
    }
  }
}

/// `query Me`, reduced to the user's email and trip ids.
struct MeQuery: GraphQLQuery {
  static let operationName = "Me"
  static let document = "query Me{me{id email trips{id}}}"

  var variables: JSONObject { [:] }

  struct Data: SelectionSetData {
    var email: String?
    var tripIDs: [GraphQLID]

    init(object: JSONObject, path: [PathComponent]) throws {
      let mePath = path + [.key("me")]
      let me = try D.nullable(try D.member(object, "me", mePath), mePath) { json, _ in json.objectValue }
      guard let me = me ?? nil else {
        email = nil
        tripIDs = []
        return
      }
      let emailPath = mePath + [.key("email")]
      email = try D.nonNull(try D.member(me, "email", emailPath), emailPath) { try D.scalar($0, $1) }
      let tripsPath = mePath + [.key("trips")]
      tripIDs = try D.nonNull(try D.member(me, "trips", tripsPath), tripsPath) {
        try D.list($0, $1) { json, path in
          try D.scalar(try D.member(json.objectValue ?? [:], "id", path + [.key("id")]), path + [.key("id")])
        }
      }
    }
  }
}

/// `query TotalTripsBooked`.
struct TotalTripsBookedQuery: GraphQLQuery {
  static let operationName = "TotalTripsBooked"
  static let document = "query TotalTripsBooked{totalTripsBooked}"

  var variables: JSONObject { [:] }

  struct Data: SelectionSetData {
    var totalTripsBooked: Int?

    init(object: JSONObject, path: [PathComponent]) throws {
      let path = path + [.key("totalTripsBooked")]
      totalTripsBooked = try D.nullable(try D.member(object, "totalTripsBooked", path), path) {
        try D.scalar($0, $1)
      }
    }
  }
}

/// An operation the schema rejects (no such field), to see request errors come back.
struct InvalidQuery: GraphQLQuery {
  static let operationName = "Invalid"
  static let document = "query Invalid{rockets{id}}"

  var variables: JSONObject { [:] }

  struct Data: SelectionSetData {
    init(object: JSONObject, path: [PathComponent]) throws {}
  }
}
