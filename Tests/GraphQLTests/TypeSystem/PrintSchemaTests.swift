import Testing

@testable import GraphQL

/// `printSchema(buildSchema(x))` against the text graphql-js 16 prints for the same `x`
/// (computed once with node and pasted here).
@Suite struct PrintSchemaTests {
  @Test func printsTheProjectSchema() throws {
    #expect(printSchema(try buildSchema(Self.projectAPISDL)) == Self.projectAPIPrinted)
  }

  @Test func printsEveryKindWithExtensionsDefaultsAndDirectives() throws {
    #expect(printSchema(try buildSchema(Self.everyKindSDL)) == Self.everyKindPrinted)
  }

  @Test func printsDescriptionsAndEscapedStrings() throws {
    #expect(
      printSchema(try buildSchema(Self.descriptionsAndStringsSDL)) == Self.descriptionsAndStringsPrinted)
  }

  @Test func printsTheSchemaBlockForUnconventionalRootNames() throws {
    #expect(printSchema(try buildSchema(Self.unconventionalRootsSDL)) == Self.unconventionalRootsPrinted)
  }

  @Test func printsInterfacesImplementingInterfaces() throws {
    #expect(
      printSchema(try buildSchema(Self.interfacesImplementingInterfacesSDL))
        == Self.interfacesImplementingInterfacesPrinted)
  }
}

extension PrintSchemaTests {
  static let projectAPISDL = #"""
    schema { query: Query  mutation: Mutation  subscription: Subscription }

    type Query {
      launches(pageSize: Int, after: String): LaunchConnection!
      launch(id: ID!): Launch
      me: User
      totalTripsBooked: Int
    }
    type Mutation {
      bookTrips(launchIds: [ID]!): TripUpdateResponse!
      cancelTrip(launchId: ID!): TripUpdateResponse!
      login(email: String): User
    }
    type Subscription { tripsBooked: Int }

    type LaunchConnection { cursor: String!  hasMore: Boolean!  launches: [Launch]! }
    type Launch { id: ID!  site: String  mission: Mission  rocket: Rocket  isBooked: Boolean! }
    type Mission { name: String  missionPatch(size: PatchSize): String }
    enum PatchSize { SMALL LARGE }
    type Rocket { id: ID!  name: String  type: String }
    type User { id: ID!  email: String!  profileImage: String  trips: [Launch]!  token: String }
    type TripUpdateResponse { success: Boolean!  message: String  launches: [Launch] }
    scalar Upload
    """#

  static let projectAPIPrinted = #"""
    type Query {
      launches(pageSize: Int, after: String): LaunchConnection!
      launch(id: ID!): Launch
      me: User
      totalTripsBooked: Int
    }

    type Mutation {
      bookTrips(launchIds: [ID]!): TripUpdateResponse!
      cancelTrip(launchId: ID!): TripUpdateResponse!
      login(email: String): User
    }

    type Subscription {
      tripsBooked: Int
    }

    type LaunchConnection {
      cursor: String!
      hasMore: Boolean!
      launches: [Launch]!
    }

    type Launch {
      id: ID!
      site: String
      mission: Mission
      rocket: Rocket
      isBooked: Boolean!
    }

    type Mission {
      name: String
      missionPatch(size: PatchSize): String
    }

    enum PatchSize {
      SMALL
      LARGE
    }

    type Rocket {
      id: ID!
      name: String
      type: String
    }

    type User {
      id: ID!
      email: String!
      profileImage: String
      trips: [Launch]!
      token: String
    }

    type TripUpdateResponse {
      success: Boolean!
      message: String
      launches: [Launch]
    }

    scalar Upload
    """#

  static let everyKindSDL = #"""
    """
    The schema's own description.
    """
    schema @custom { query: Root mutation: Changes }

    "A custom directive"
    directive @custom(
      "why"
      reason: String = "because"
      level: Int = 3
    ) repeatable on SCHEMA | OBJECT | FIELD_DEFINITION | SCALAR

    directive @tag(names: [String!]! = "one", weight: Float = 1, id: ID = "42") on FIELD | QUERY

    """
    Root type.
      Indented line "quoted"
    """
    type Root implements Node & Named @custom {
      "The id"
      id: ID!
      name(
        "Upper case it"
        upper: Boolean = false
        """
        Multi
        line
        """
        suffix: String @deprecated(reason: "no more")
      ): String
      old: Int @deprecated
      older: Int @deprecated(reason: "Use `new`.")
      search(filter: Filter = {text: "x", sort: ASC}, ids: [ID!] = [1, "2"]): [Result!]!
      json: JSON
    }

    type Changes { noop(input: Filter): Boolean }

    interface Node { id: ID! }
    interface Named implements Node { id: ID! name: String }

    union Result = Root | Other
    type Other { x: Int }

    enum Sort {
      "ascending"
      ASC
      DESC @deprecated(reason: "sorted")
      """
      Random order
      """
      RANDOM
    }

    "Filter input"
    input Filter {
      text: String! = "all"
      "Sort order"
      sort: Sort = DESC
      limit: Int = 10 @deprecated(reason: "unused")
      nested: [Filter!]
      ratio: Float = 1.5e3
    }

    scalar JSON @specifiedBy(url: "https://tools.ietf.org/html/rfc7159")

    extend type Other implements Node { id: ID! more: String }
    extend union Result = Third
    type Third { y: Float }
    extend enum Sort { NONE }
    extend input Filter { extra: Boolean }
    extend scalar JSON @custom
    extend schema { subscription: Events }
    type Events { changed: Root }
    """#

  static let everyKindPrinted = #"""
    """The schema's own description."""
    schema {
      query: Root
      mutation: Changes
      subscription: Events
    }

    """A custom directive"""
    directive @custom(
      """why"""
      reason: String = "because"
      level: Int = 3
    ) repeatable on SCHEMA | OBJECT | FIELD_DEFINITION | SCALAR

    directive @tag(names: [String!]! = ["one"], weight: Float = 1, id: ID = 42) on FIELD | QUERY

    """
    Root type.
      Indented line "quoted"
    """
    type Root implements Node & Named {
      """The id"""
      id: ID!
      name(
        """Upper case it"""
        upper: Boolean = false

        """
        Multi
        line
        """
        suffix: String @deprecated(reason: "no more")
      ): String
      old: Int @deprecated
      older: Int @deprecated(reason: "Use `new`.")
      search(filter: Filter = {text: "x", sort: ASC, limit: 10, ratio: 1500}, ids: [ID!] = [1, 2]): [Result!]!
      json: JSON
    }

    type Changes {
      noop(input: Filter): Boolean
    }

    interface Node {
      id: ID!
    }

    interface Named implements Node {
      id: ID!
      name: String
    }

    union Result = Root | Other | Third

    type Other implements Node {
      x: Int
      id: ID!
      more: String
    }

    enum Sort {
      """ascending"""
      ASC
      DESC @deprecated(reason: "sorted")

      """Random order"""
      RANDOM
      NONE
    }

    """Filter input"""
    input Filter {
      text: String! = "all"

      """Sort order"""
      sort: Sort = DESC
      limit: Int = 10 @deprecated(reason: "unused")
      nested: [Filter!]
      ratio: Float = 1500
      extra: Boolean
    }

    scalar JSON @specifiedBy(url: "https://tools.ietf.org/html/rfc7159")

    type Third {
      y: Float
    }

    type Events {
      changed: Root
    }
    """#

  static let descriptionsAndStringsSDL = #"""
    """
      leading spaces keep a single line
    """
    type Query {
      "ends with a quote\""
      a: String
      """
      has \"""triple\""" quotes
      """
      b(x: String = "line\nbreak\t\u0001"): String
      "A very long description that goes on and on past the seventy character limit for one line"
      c: Int
      "\nstarts with newline"
      d: Int
    }
    """#

  static let descriptionsAndStringsPrinted = #"""
    """leading spaces keep a single line"""
    type Query {
      """
      ends with a quote"
      """
      a: String

      """has \"""triple\""" quotes"""
      b(x: String = "line\nbreak\t\u0001"): String

      """
      A very long description that goes on and on past the seventy character limit for one line
      """
      c: Int

      "\nstarts with newline"
      d: Int
    }
    """#

  static let unconventionalRootsSDL = #"""
    schema { query: Q }
    type Q { ok: Boolean }
    type Mutation { unused: Int }
    """#

  static let unconventionalRootsPrinted = #"""
    schema {
      query: Q
    }

    type Q {
      ok: Boolean
    }

    type Mutation {
      unused: Int
    }
    """#

  static let interfacesImplementingInterfacesSDL = #"""
    interface A { id: ID! }
    interface B implements A { id: ID! b: [B] }
    type C implements B & A { id: ID! b: [C!]! c(arg: Int = -1, f: Float = 0.5, e: [E] = [X, Y]): E }
    enum E { X Y }
    type Query { c: C a: A }
    """#

  static let interfacesImplementingInterfacesPrinted = #"""
    interface A {
      id: ID!
    }

    interface B implements A {
      id: ID!
      b: [B]
    }

    type C implements B & A {
      id: ID!
      b: [C!]!
      c(arg: Int = -1, f: Float = 0.5, e: [E] = [X, Y]): E
    }

    enum E {
      X
      Y
    }

    type Query {
      c: C
      a: A
    }
    """#
}
