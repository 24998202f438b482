/// A schema of our own with every kind the generator handles: interfaces, unions, enums,
/// input objects (OneOf ones too, which may contain each other), lists and non-nulls.
let codegenTestSchema = """
  \"\"\"The root of all queries.\"\"\"
  type Query {
    "A crew member by id."
    crew(id: ID!): CrewMember
    vehicles(filter: VehicleFilter, first: Int = 10): [Vehicle!]!
    search(text: String!): [SearchResult]
    status: Status!
    vehicle(by: VehicleSelector!): Vehicle
  }

  type Mutation {
    launch(vehicleIds: [ID!]!, note: String): Boolean
  }

  enum Status {
    "All systems go."
    GO
    NO_GO
    ON_HOLD
  }

  input VehicleFilter {
    kind: VehicleKind
    names: [String!]
    reusable: Boolean! = true
    near: VehicleSelector
  }

  "Picks vehicles by exactly one of these."
  input VehicleSelector @oneOf {
    "The vehicle's id."
    id: ID
    name: String
    filter: VehicleFilter
    anyOf: [VehicleSelector!]
  }

  enum VehicleKind { ROCKET CAPSULE }

  interface Vehicle {
    id: ID!
    name: String
  }

  type Rocket implements Vehicle {
    id: ID!
    name: String
    stages: Int!
  }

  type Capsule implements Vehicle {
    id: ID!
    name: String
    seats: Int
    crew: [CrewMember]
  }

  type CrewMember {
    id: ID!
    name: String! @deprecated(reason: "Use fullName.")
    fullName: String!
    type: String
  }

  union SearchResult = Rocket | CrewMember
  """
