import GraphQL
import GraphQLWire

/// The schema the validation tests check documents against: pets and their owners, with
/// interfaces (one implementing another), unions, enums, an input object with a default and a
/// recursive field, lists and non-nulls at several depths, and custom directives.
enum ValidationTestSchema {
  static let sdl = """
    schema { query: Query mutation: Mutation subscription: Subscription }

    interface Named { name(surname: Boolean): String }
    interface Pet implements Named { name(surname: Boolean): String nickname: String age: Int }
    enum FurColor { BROWN BLACK TAN SPOTTED }
    enum TrickLevel { EASY HARD }

    type Dog implements Pet & Named {
      name(surname: Boolean): String
      nickname: String
      age: Int
      barkVolume: Int
      knowsTrick(trick: TrickLevel!, times: Int = 1): Boolean
      isHousetrained(atOtherHomes: Boolean = true): Boolean
      owner: Human
      friends: [Pet!]
    }

    type Cat implements Pet & Named {
      name(surname: Boolean): String
      nickname: String
      age: Int
      meowVolume: Int
      furColor: FurColor
      lives: Int!
    }

    type Parrot implements Named { name(surname: Boolean): String words: [String!]! }
    union DogOrCat = Dog | Cat
    union CatOrParrot = Cat | Parrot

    type Human implements Named {
      name(surname: Boolean): String
      pets: [Pet]
      relatives: [Human!]!
      iq: Int
    }

    input PetFilter { species: String! minAge: Int = 0 colors: [FurColor!] nested: PetFilter }

    type Query {
      pet(id: ID!): Pet
      dog: Dog
      cat: Cat
      parrot: Parrot
      human(id: ID): Human
      pets(filter: PetFilter, first: Int = 10): [Pet!]!
      catOrDog: DogOrCat
      catOrParrot: CatOrParrot
      named: Named
      search(text: String!, exact: Boolean! = false): [DogOrCat]
      score(value: Float, id: ID, flag: Boolean, ints: [Int], matrix: [[Int!]], color: FurColor): Int
    }

    type Mutation { adopt(petId: ID!): Pet rename(id: ID!, name: String!): Named }
    type Subscription { petAdded: Pet petRemoved(id: ID): ID }

    directive @onQuery on QUERY
    directive @onMutation on MUTATION
    directive @tag(name: String!) repeatable on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
    directive @onVariable on VARIABLE_DEFINITION
    directive @onFragment on FRAGMENT_DEFINITION
    """

  /// The pets schema; the build is checked by the tests that use it.
  static let schema: GraphQLSchema? = try? buildSchema(sdl)

  /// A schema with a query root only.
  static let queryOnly: GraphQLSchema? = try? buildSchema("type Query { a: Int b: String }")

  /// The launch-booking API's schema (`Operations/schema.graphqls`).
  static let launches: GraphQLSchema? = try? buildSchema(PrintSchemaTests.projectAPISDL)

  /// The LaunchList query of the RocketReserver tutorial.
  static let launchList = """
    query LaunchList($cursor: String) {
      launches(after: $cursor) {
        cursor
        hasMore
        launches {
          id
          site
          mission {
            name
            missionPatch(size: SMALL)
          }
        }
      }
    }
    """
}
