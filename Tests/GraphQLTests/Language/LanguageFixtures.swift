// Golden documents for the printer tests: the inputs are ours; the expected outputs are what
// graphql-js 16 prints for them (`print`, and `stripIgnoredCharacters(print(...))` for compact).
enum LanguageFixtures {
  /// Every executable construct: variables with defaults and directives, aliases, all three
  /// selection kinds, every value kind, escapes, a block string, long argument lists.
  static let kitchenSink = #"""
    # A document that uses every executable construct.
    query LaunchDetails($id: ID!, $size: PatchSize = LARGE, $ids: [ID!]! = ["1", "2"] @deprecated, $filter: LaunchFilter = {site: "KSC", year: 2020, tags: [], nested: {ok: true, ratio: -1.5e3}}) @live(interval: 10) {
      launch(id: $id) {
        id
        site
        patch: missionPatch(size: $size)
        ... on Launch @include(if: true) { isBooked }
        ...RocketParts @skip(if: false)
        ... @defer(label: "slow") { mission { name } }
        ... { site }
        veryLongFieldNameForWrapping(firstArgument: "first value here", secondArgument: 1234567890, third: null)
      }
      unicode: echo(text: "caf\u00e9 \uD83D\uDE80 \u{1F680} tab\t quote\" slash\\ \/ nul-ish \u0001", block: """
          Block string with "quotes" and \""" escaped triple quotes.
            Indented line.

          Last line.
      """)
    }

    mutation BookTrips { bookTrips(launchIds: [1, 2, 3]) { success message launches { id } } }

    subscription TripsBooked { tripsBooked }

    fragment RocketParts on Launch @frag { rocket { id name type } }

    { me { email } }
    """#

  static let kitchenSinkPrinted = #"""
    query LaunchDetails($id: ID!, $size: PatchSize = LARGE, $ids: [ID!]! = ["1", "2"] @deprecated, $filter: LaunchFilter = {site: "KSC", year: 2020, tags: [], nested: {ok: true, ratio: -1.5e3}}) @live(interval: 10) {
      launch(id: $id) {
        id
        site
        patch: missionPatch(size: $size)
        ... on Launch @include(if: true) {
          isBooked
        }
        ...RocketParts @skip(if: false)
        ... @defer(label: "slow") {
          mission {
            name
          }
        }
        ... {
          site
        }
        veryLongFieldNameForWrapping(
          firstArgument: "first value here"
          secondArgument: 1234567890
          third: null
        )
      }
      unicode: echo(
        text: "café 🚀 🚀 tab\t quote\" slash\\ / nul-ish \u0001"
        block: """
        Block string with "quotes" and \""" escaped triple quotes.
          Indented line.
        
        Last line.
        """
      )
    }

    mutation BookTrips {
      bookTrips(launchIds: [1, 2, 3]) {
        success
        message
        launches {
          id
        }
      }
    }

    subscription TripsBooked {
      tripsBooked
    }

    fragment RocketParts on Launch @frag {
      rocket {
        id
        name
        type
      }
    }

    {
      me {
        email
      }
    }
    """#

  static let kitchenSinkCompact = #"""
    query LaunchDetails($id:ID!$size:PatchSize=LARGE$ids:[ID!]!=["1" "2"]@deprecated$filter:LaunchFilter={site:"KSC" year:2020 tags:[]nested:{ok:true ratio:-1.5e3}})@live(interval:10){launch(id:$id){id site patch:missionPatch(size:$size)...on Launch@include(if:true){isBooked}...RocketParts@skip(if:false)...@defer(label:"slow"){mission{name}}...{site}veryLongFieldNameForWrapping(firstArgument:"first value here" secondArgument:1234567890 third:null)}unicode:echo(text:"café 🚀 🚀 tab\t quote\" slash\\ / nul-ish \u0001" block:"""Block string with "quotes" and \""" escaped triple quotes.
      Indented line.

    Last line.""")}mutation BookTrips{bookTrips(launchIds:[1 2 3]){success message launches{id}}}subscription TripsBooked{tripsBooked}fragment RocketParts on Launch@frag{rocket{id name type}}{me{email}}
    """#

  /// Every type-system definition and extension, with descriptions of both string kinds.
  static let schemaKitchenSink = #"""
    """
    The schema's description.
    """
    schema @link(url: "https://specs.example/v1") {
      query: Query
      mutation: Mutation
    }

    "A scalar with a one-line description."
    scalar DateTime @specifiedBy(url: "https://example.com/datetime")

    """
    Something with an id.
    """
    interface Node { id: ID! }

    interface Resource implements Node & Named @key(fields: "id") {
      id: ID!
      name: String
    }

    type Launch implements & Node & Resource {
      "The launch id."
      id: ID!
      name: String
      site: String @deprecated(reason: "Use `pad`.")
      missionPatch(
        "How big."
        size: PatchSize = LARGE
        other: [Int!] = [1, 2]
      ): String
      trips(first: Int = 10, after: String, filter: TripFilter = {status: BOOKED}): [Trip!]!
    }

    union SearchResult @tagged = | Launch | Rocket | Mission

    enum PatchSize @flags {
      "Small patch."
      SMALL
      LARGE @deprecated
    }

    input TripFilter {
      status: TripStatus = BOOKED
      ids: [ID!] @oneOf
      """Block described field."""
      since: DateTime
    }

    "A repeatable directive."
    directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE
    directive @live(interval: Int = 5) on | QUERY | SUBSCRIPTION

    extend schema @extra { subscription: Subscription }
    extend schema @only
    extend scalar DateTime @format(pattern: "iso")
    extend type Launch implements Dated @cached { launchedAt: DateTime }
    extend interface Node @extended
    extend union SearchResult = Payload
    extend enum PatchSize { MEDIUM }
    extend input TripFilter @tagged { limit: Int }
    """#

  static let schemaKitchenSinkPrinted = #"""
    """The schema's description."""
    schema @link(url: "https://specs.example/v1") {
      query: Query
      mutation: Mutation
    }

    "A scalar with a one-line description."
    scalar DateTime @specifiedBy(url: "https://example.com/datetime")

    """Something with an id."""
    interface Node {
      id: ID!
    }

    interface Resource implements Node & Named @key(fields: "id") {
      id: ID!
      name: String
    }

    type Launch implements Node & Resource {
      "The launch id."
      id: ID!
      name: String
      site: String @deprecated(reason: "Use `pad`.")
      missionPatch(
        "How big."
        size: PatchSize = LARGE
        other: [Int!] = [1, 2]
      ): String
      trips(first: Int = 10, after: String, filter: TripFilter = {status: BOOKED}): [Trip!]!
    }

    union SearchResult @tagged = Launch | Rocket | Mission

    enum PatchSize @flags {
      "Small patch."
      SMALL
      LARGE @deprecated
    }

    input TripFilter {
      status: TripStatus = BOOKED
      ids: [ID!] @oneOf
      """Block described field."""
      since: DateTime
    }

    "A repeatable directive."
    directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE

    directive @live(interval: Int = 5) on QUERY | SUBSCRIPTION

    extend schema @extra {
      subscription: Subscription
    }

    extend schema @only

    extend scalar DateTime @format(pattern: "iso")

    extend type Launch implements Dated @cached {
      launchedAt: DateTime
    }

    extend interface Node @extended

    extend union SearchResult = Payload

    extend enum PatchSize {
      MEDIUM
    }

    extend input TripFilter @tagged {
      limit: Int
    }
    """#

  static let schemaKitchenSinkCompact = #"""
    """The schema's description.""" schema@link(url:"https://specs.example/v1"){query:Query mutation:Mutation}"A scalar with a one-line description." scalar DateTime@specifiedBy(url:"https://example.com/datetime")"""Something with an id.""" interface Node{id:ID!}interface Resource implements Node&Named@key(fields:"id"){id:ID!name:String}type Launch implements Node&Resource{"The launch id." id:ID!name:String site:String@deprecated(reason:"Use `pad`.")missionPatch("How big." size:PatchSize=LARGE other:[Int!]=[1 2]):String trips(first:Int=10 after:String filter:TripFilter={status:BOOKED}):[Trip!]!}union SearchResult@tagged=Launch|Rocket|Mission enum PatchSize@flags{"Small patch." SMALL LARGE@deprecated}input TripFilter{status:TripStatus=BOOKED ids:[ID!]@oneOf """Block described field.""" since:DateTime}"A repeatable directive." directive@tag(name:String!)repeatable on FIELD_DEFINITION|OBJECT|INTERFACE directive@live(interval:Int=5)on QUERY|SUBSCRIPTION extend schema@extra{subscription:Subscription}extend schema@only extend scalar DateTime@format(pattern:"iso")extend type Launch implements Dated@cached{launchedAt:DateTime}extend interface Node@extended extend union SearchResult=Payload extend enum PatchSize{MEDIUM}extend input TripFilter@tagged{limit:Int}
    """#
}
