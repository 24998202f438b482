import GraphQL
import GraphQLWire

// Documents for the all-rules tests, with what graphql-js 17's `validate` reports for each
// (every rule at once, so the order across rules is checked too); GraphQLCoreValidateDifferentialTests
// runs the same documents through graphql-core 3.3.
enum SpecifiedRulesFixtures {
  static let cases: [(query: String, errors: [(String, [String])])] = [
    (
      "query A { dog { name } }\nfragment F on Dog { age }",
      [
        ("Fragment \"F\" is never used.", ["2:1"])
      ]
    ),
    (
      "{ dog { name } }\ntype Bird { wings: Int }\nextend type Dog { tail: Int }",
      [
        ("The \"Bird\" definition is not executable.", ["2:1"]),
        ("The \"Dog\" definition is not executable.", ["3:1"]),
      ]
    ),
    (
      "schema { query: Query }\nquery Q { cat { lives } }\nextend schema @onQuery\ndirective @later on FIELD",
      [
        ("The schema definition is not executable.", ["1:1"]),
        ("The schema definition is not executable.", ["3:1"]),
        ("The \"later\" definition is not executable.", ["4:1"]),
        ("Directive \"@onQuery\" may not be used on SCHEMA.", ["3:15"]),
      ]
    ),
    (
      "query A { dog { name } }\nquery B { cat { name } }\n{ human { iq } }",
      [
        ("This anonymous operation must be the only defined operation.", ["3:1"])
      ]
    ),
    (
      "query A { dog { name } }\nfragment A on Dog { age }",
      [
        ("Fragment \"A\" is never used.", ["2:1"])
      ]
    ),
    (
      "query Pets { dog { name } }\nmutation Pets { adopt(petId: 1) { age } }\nsubscription Pets { petAdded { age } }",
      [
        ("There can be only one operation named \"Pets\".", ["1:7", "2:10"]),
        ("There can be only one operation named \"Pets\".", ["1:7", "3:14"]),
      ]
    ),
    (
      "{ dog { name } }\nfragment F on Dog { age }",
      [
        ("Fragment \"F\" is never used.", ["2:1"])
      ]
    ),
    (
      "query A { dog { name } }\nquery B { dog { age } }",
      []
    ),
    (
      "{ dog { name } }\nquery Named { cat { name } }\n{ human { iq } }",
      [
        ("This anonymous operation must be the only defined operation.", ["1:1"]),
        ("This anonymous operation must be the only defined operation.", ["3:1"]),
      ]
    ),
    (
      "subscription S { petAdded { name } }",
      []
    ),
    (
      "subscription { ... on Subscription { petAdded { age } } ...Again }\nfragment Again on Subscription { petAdded { name } }",
      []
    ),
    (
      "subscription { petAdded { age } petRemoved @skip(if: true) }",
      [
        (
          "Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.",
          ["1:44"]
        )
      ]
    ),
    (
      "subscription Watch { petAdded { name } petRemoved ... on Subscription { other: petAdded { age } } }",
      [
        ("Subscription \"Watch\" must select only one top level field.", ["1:40", "1:73"])
      ]
    ),
    (
      "subscription { __typename }",
      [
        ("Anonymous Subscription must not select an introspection top level field.", ["1:16"])
      ]
    ),
    (
      "subscription { ...Both }\nfragment Both on Subscription { petAdded { age } petRemoved(id: 1) __typename }",
      [
        ("Anonymous Subscription must select only one top level field.", ["2:50", "2:68"]),
        ("Anonymous Subscription must not select an introspection top level field.", ["2:68"]),
      ]
    ),
    (
      "query ($filter: PetFilter, $ids: [ID!]!) { pets(filter: $filter) { ... on Dog { name } } }\nfragment F on Named { name }",
      [
        ("Variable \"$ids\" is never used.", ["1:28"]),
        ("Fragment \"F\" is never used.", ["2:1"]),
      ]
    ),
    (
      "query ($f: PetFiltre, $c: [Colour!]) { pets { ... on Doggo { name } ...F } }\nfragment F on Humam { iq }",
      [
        ("Variable \"$f\" is never used.", ["1:8"]),
        ("Variable \"$c\" is never used.", ["1:23"]),
        ("Unknown type \"PetFiltre\". Did you mean \"PetFilter\"?", ["1:12"]),
        ("Unknown type \"Colour\".", ["1:28"]),
        ("Unknown type \"Doggo\". Did you mean \"Dog\"?", ["1:54"]),
        ("Unknown type \"Humam\". Did you mean \"Human\"?", ["2:15"]),
      ]
    ),
    (
      "query ($x: Xylophone) { dog { name } }",
      [
        ("Variable \"$x\" is never used.", ["1:8"]),
        ("Unknown type \"Xylophone\".", ["1:12"]),
      ]
    ),
    (
      "{ named { ... on Pet { age } ... on Dog { barkVolume } ... { name } } catOrDog { ... on DogOrCat { __typename } } }",
      []
    ),
    (
      "{ dog { ... on Boolean { x } } }\nfragment Fur on FurColor { x }",
      [
        ("Fragment cannot condition on non composite type \"Boolean\".", ["1:16"]),
        ("Fragment \"Fur\" cannot condition on non composite type \"FurColor\".", ["2:17"]),
        ("Fragment \"Fur\" is never used.", ["2:1"]),
      ]
    ),
    (
      "fragment Filter on PetFilter { species }",
      [
        ("Fragment \"Filter\" cannot condition on non composite type \"PetFilter\".", ["1:20"]),
        ("Fragment \"Filter\" is never used.", ["1:1"]),
      ]
    ),
    (
      "query ($a: String, $b: [FurColor!]!, $c: PetFilter, $d: Unknown) { dog { name } }",
      [
        ("Variable \"$a\" is never used.", ["1:8"]),
        ("Variable \"$b\" is never used.", ["1:20"]),
        ("Variable \"$c\" is never used.", ["1:38"]),
        ("Variable \"$d\" is never used.", ["1:53"]),
        ("Unknown type \"Unknown\".", ["1:57"]),
      ]
    ),
    (
      "query ($dog: Dog, $pets: [Pet!]!, $u: DogOrCat) { dog { name } }",
      [
        ("Variable \"$dog\" is never used.", ["1:8"]),
        ("Variable \"$pets\" is never used.", ["1:19"]),
        ("Variable \"$u\" is never used.", ["1:35"]),
        ("Variable \"$dog\" cannot be non-input type \"Dog\".", ["1:14"]),
        ("Variable \"$pets\" cannot be non-input type \"[Pet!]!\".", ["1:26"]),
        ("Variable \"$u\" cannot be non-input type \"DogOrCat\".", ["1:39"]),
      ]
    ),
    (
      "{ dog { name barkVolume owner { iq } } catOrDog { __typename } }",
      []
    ),
    (
      "{ dog human(id: 1) pets }",
      [
        (
          "Field \"dog\" of type \"Dog\" must have a selection of subfields. Did you mean \"dog { ... }\"?",
          ["1:3"]
        ),
        (
          "Field \"human\" of type \"Human\" must have a selection of subfields. Did you mean \"human { ... }\"?",
          ["1:7"]
        ),
        (
          "Field \"pets\" of type \"[Pet!]!\" must have a selection of subfields. Did you mean \"pets { ... }\"?",
          ["1:20"]
        ),
      ]
    ),
    (
      "{ dog { name { first } barkVolume { x } } cat { furColor { y } lives { z } } }",
      [
        ("Field \"name\" must not have a selection since type \"String\" has no subfields.", ["1:14"]),
        ("Field \"barkVolume\" must not have a selection since type \"Int\" has no subfields.", ["1:35"]),
        ("Field \"furColor\" must not have a selection since type \"FurColor\" has no subfields.", ["1:58"]),
        ("Field \"lives\" must not have a selection since type \"Int!\" has no subfields.", ["1:70"]),
      ]
    ),
    (
      "{ dog { __typename name ... on Pet { age } } named { name ... on Human { iq } } catOrDog { __typename ... on Cat { lives } } }",
      []
    ),
    (
      "{ dog { nam barkvolume knowTrick } }",
      [
        ("Cannot query field \"nam\" on type \"Dog\". Did you mean \"name\"?", ["1:9"]),
        ("Cannot query field \"barkvolume\" on type \"Dog\". Did you mean \"barkVolume\"?", ["1:13"]),
        ("Cannot query field \"knowTrick\" on type \"Dog\". Did you mean \"knowsTrick\"?", ["1:24"]),
      ]
    ),
    (
      "{ named { nickname age words meowVolume } }",
      [
        (
          "Cannot query field \"nickname\" on type \"Named\". Did you mean to use an inline fragment on \"Pet\", \"Cat\", or \"Dog\"?",
          ["1:11"]
        ),
        (
          "Cannot query field \"age\" on type \"Named\". Did you mean to use an inline fragment on \"Pet\", \"Cat\", or \"Dog\"?",
          ["1:20"]
        ),
        (
          "Cannot query field \"words\" on type \"Named\". Did you mean to use an inline fragment on \"Parrot\"?",
          ["1:24"]
        ),
        (
          "Cannot query field \"meowVolume\" on type \"Named\". Did you mean to use an inline fragment on \"Cat\"?",
          ["1:30"]
        ),
      ]
    ),
    (
      "{ catOrDog { name } catOrParrot { words } }",
      [
        (
          "Cannot query field \"name\" on type \"DogOrCat\". Did you mean to use an inline fragment on \"Named\", \"Pet\", \"Cat\", or \"Dog\"?",
          ["1:14"]
        ),
        (
          "Cannot query field \"words\" on type \"CatOrParrot\". Did you mean to use an inline fragment on \"Parrot\"?",
          ["1:35"]
        ),
      ]
    ),
    (
      "{ doggo { name } } mutation { adopted { name } }",
      [
        ("This anonymous operation must be the only defined operation.", ["1:1"]),
        ("Cannot query field \"doggo\" on type \"Query\". Did you mean \"dog\"?", ["1:3"]),
        ("This anonymous operation must be the only defined operation.", ["1:20"]),
        ("Cannot query field \"adopted\" on type \"Mutation\". Did you mean \"adopt\"?", ["1:31"]),
      ]
    ),
    (
      "{ dog { ...A ...B } }\nfragment A on Dog { name }\nfragment B on Dog { age }",
      []
    ),
    (
      "{ dog { ...A } }\nfragment A on Dog { name }\nfragment A on Dog { age }\nfragment A on Pet { age }",
      [
        ("There can be only one fragment named \"A\".", ["2:10", "3:10"]),
        ("There can be only one fragment named \"A\".", ["2:10", "4:10"]),
      ]
    ),
    (
      "{ dog { ...Known ... on Dog { ...Known } } }\nfragment Known on Dog { name }",
      []
    ),
    (
      "{ dog { ...Unknown ... on Dog { ...AlsoUnknown } owner { ...Missing } } }",
      [
        ("Unknown fragment \"Unknown\".", ["1:12"]),
        ("Unknown fragment \"AlsoUnknown\".", ["1:36"]),
        ("Unknown fragment \"Missing\".", ["1:61"]),
      ]
    ),
    (
      "{ dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { name }",
      []
    ),
    (
      "query Q { dog { ...Used } }\nfragment Used on Dog { name }\nfragment Unused on Dog { ...AlsoUnused }\nfragment AlsoUnused on Dog { age }",
      [
        ("Fragment \"Unused\" is never used.", ["3:1"]),
        ("Fragment \"AlsoUnused\" is never used.", ["4:1"]),
      ]
    ),
    (
      "{ cat { name } }\nfragment A on Dog { ...B }\nfragment B on Dog { ...A }",
      [
        ("Cannot spread fragment \"A\" within itself via \"B\".", ["2:21", "3:21"]),
        ("Fragment \"A\" is never used.", ["2:1"]),
        ("Fragment \"B\" is never used.", ["3:1"]),
      ]
    ),
    (
      "{ dog { ... on Pet { age } ...DogFields ...NamedFields } named { ... on DogOrCat { __typename } ... on Parrot { words } } catOrParrot { ... on Named { name } ... on Pet { age } } }\nfragment DogFields on Dog { name }\nfragment NamedFields on Named { name }",
      []
    ),
    (
      "{ dog { ... on Cat { lives } } catOrDog { ... on Parrot { words } ... on Human { iq } } }",
      [
        ("Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\".", ["1:9"]),
        (
          "Fragment cannot be spread here as objects of type \"DogOrCat\" can never be of type \"Parrot\".",
          ["1:43"]
        ),
        (
          "Fragment cannot be spread here as objects of type \"DogOrCat\" can never be of type \"Human\".",
          ["1:67"]
        ),
      ]
    ),
    (
      "{ cat { ...DogFields } human { ...PetFields } parrot { ...DogOrCatFields } }\nfragment DogFields on Dog { name }\nfragment PetFields on Pet { age }\nfragment DogOrCatFields on DogOrCat { __typename }",
      [
        (
          "Fragment \"DogFields\" cannot be spread here as objects of type \"Cat\" can never be of type \"Dog\".",
          ["1:9"]
        ),
        (
          "Fragment \"PetFields\" cannot be spread here as objects of type \"Human\" can never be of type \"Pet\".",
          ["1:32"]
        ),
        (
          "Fragment \"DogOrCatFields\" cannot be spread here as objects of type \"Parrot\" can never be of type \"DogOrCat\".",
          ["1:56"]
        ),
      ]
    ),
    (
      "{ dog { ...A } }\nfragment A on Dog { ...B ...B owner { name } }\nfragment B on Dog { name ... on Dog { age } }",
      []
    ),
    (
      "fragment A on Dog { name ...A }",
      [
        ("Cannot spread fragment \"A\" within itself.", ["1:26"]),
        ("Fragment \"A\" is never used.", ["1:1"]),
      ]
    ),
    (
      "fragment A on Dog { ...B }\nfragment B on Dog { owner { pets { ... on Dog { ...C } } } }\nfragment C on Dog { ...A ...B }",
      [
        ("Cannot spread fragment \"A\" within itself via \"B\", \"C\".", ["1:21", "2:49", "3:21"]),
        ("Cannot spread fragment \"B\" within itself via \"C\".", ["2:49", "3:26"]),
        ("Fragment \"A\" is never used.", ["1:1"]),
        ("Fragment \"B\" is never used.", ["2:1"]),
        ("Fragment \"C\" is never used.", ["3:1"]),
      ]
    ),
    (
      "fragment A on Dog { ...B ...C }\nfragment B on Dog { ...A }\nfragment C on Dog { ...A ...Missing }",
      [
        ("Cannot spread fragment \"A\" within itself via \"B\".", ["1:21", "2:21"]),
        ("Cannot spread fragment \"A\" within itself via \"C\".", ["1:26", "3:21"]),
        ("Unknown fragment \"Missing\".", ["3:29"]),
        ("Fragment \"A\" is never used.", ["1:1"]),
        ("Fragment \"B\" is never used.", ["2:1"]),
        ("Fragment \"C\" is never used.", ["3:1"]),
      ]
    ),
    (
      "query A($x: Int, $y: Int) { dog { name } }\nquery B($x: Int) { dog { name } }",
      [
        ("Variable \"$x\" is never used in operation \"A\".", ["1:9"]),
        ("Variable \"$y\" is never used in operation \"A\".", ["1:18"]),
        ("Variable \"$x\" is never used in operation \"B\".", ["2:9"]),
      ]
    ),
    (
      "query ($x: Int, $y: String, $x: Boolean, $y: ID, $x: Int) { dog { name } }",
      [
        ("There can be only one variable named \"$x\".", ["1:9", "1:30", "1:51"]),
        ("There can be only one variable named \"$y\".", ["1:18", "1:43"]),
        ("Variable \"$x\" is never used.", ["1:8"]),
        ("Variable \"$y\" is never used.", ["1:17"]),
        ("Variable \"$x\" is never used.", ["1:29"]),
        ("Variable \"$y\" is never used.", ["1:42"]),
        ("Variable \"$x\" is never used.", ["1:50"]),
      ]
    ),
    (
      "query Q($id: ID!, $t: TrickLevel!) { pet(id: $id) { ...F } }\nfragment F on Pet { ... on Dog { knowsTrick(trick: $t) } }",
      []
    ),
    (
      "query Q($a: ID) { pet(id: $b) { name } human(id: $b) { iq } }\n{ dog { knowsTrick(trick: $c) } }",
      [
        ("Variable \"$b\" is not defined by operation \"Q\".", ["1:27", "1:1"]),
        ("Variable \"$b\" is not defined by operation \"Q\".", ["1:50", "1:1"]),
        ("Variable \"$a\" is never used in operation \"Q\".", ["1:9"]),
        ("This anonymous operation must be the only defined operation.", ["2:1"]),
        ("Variable \"$c\" is not defined.", ["2:27", "2:1"]),
      ]
    ),
    (
      "query A { dog { ...F } }\nquery B($t: TrickLevel) { dog { ...F } }\nfragment F on Dog { knowsTrick(trick: $t, times: $n) }",
      [
        ("Variable \"$t\" is not defined by operation \"A\".", ["3:39", "1:1"]),
        ("Variable \"$n\" is not defined by operation \"A\".", ["3:50", "1:1"]),
        ("Variable \"$n\" is not defined by operation \"B\".", ["3:50", "2:1"]),
        (
          "Variable \"$t\" of type \"TrickLevel\" used in position expecting type \"TrickLevel!\".",
          ["2:9", "3:39"]
        ),
      ]
    ),
    (
      "query Q @onQuery { pets(filter: {species: $s, nested: {species: \"cat\", colors: [$c]}}) @include(if: $show) { name } }",
      [
        ("Variable \"$s\" is not defined by operation \"Q\".", ["1:43", "1:1"]),
        ("Variable \"$c\" is not defined by operation \"Q\".", ["1:81", "1:1"]),
        ("Variable \"$show\" is not defined by operation \"Q\".", ["1:101", "1:1"]),
      ]
    ),
    (
      "query ($id: ID!, $show: Boolean!) { pet(id: $id) @include(if: $show) { ...F } }\nfragment F on Pet { name }",
      []
    ),
    (
      "query Q($a: ID, $b: Int, $c: String) { pet(id: $a) { name } }\nquery ($d: Int) { dog { name } }",
      [
        ("Variable \"$b\" is never used in operation \"Q\".", ["1:17"]),
        ("Variable \"$c\" is never used in operation \"Q\".", ["1:26"]),
        ("Variable \"$a\" of type \"ID\" used in position expecting type \"ID!\".", ["1:9", "1:48"]),
        ("This anonymous operation must be the only defined operation.", ["2:1"]),
        ("Variable \"$d\" is never used.", ["2:8"]),
      ]
    ),
    (
      "query A($t: TrickLevel!, $n: Int) { dog { ...F } }\nfragment F on Dog { knowsTrick(trick: $t) }",
      [
        ("Variable \"$n\" is never used in operation \"A\".", ["1:26"])
      ]
    ),
    (
      "query Q($v: Int @onVariable) @onQuery { dog @tag(name: \"a\") @include(if: true) { ...F @skip(if: false) ... @tag(name: \"b\") { name } } }\nfragment F on Dog @onFragment { name }\nmutation M @onMutation { adopt(petId: 1) { name } }",
      [
        ("Variable \"$v\" is never used in operation \"Q\".", ["1:9"])
      ]
    ),
    (
      "{ dog @unknown { name @nope } }",
      [
        ("Unknown directive \"@unknown\".", ["1:7"]),
        ("Unknown directive \"@nope\".", ["1:23"]),
      ]
    ),
    (
      "query Q($v: Int @onQuery) @onMutation { dog @onQuery { ...F @onVariable } }\nfragment F on Dog @tag(name: \"x\") { name }\nsubscription S @skip(if: true) { petAdded { name } }",
      [
        ("Variable \"$v\" is never used in operation \"Q\".", ["1:9"]),
        ("Directive \"@onQuery\" may not be used on VARIABLE_DEFINITION.", ["1:17"]),
        ("Directive \"@onMutation\" may not be used on QUERY.", ["1:27"]),
        ("Directive \"@onQuery\" may not be used on FIELD.", ["1:45"]),
        ("Directive \"@onVariable\" may not be used on FRAGMENT_SPREAD.", ["1:61"]),
        ("Directive \"@tag\" may not be used on FRAGMENT_DEFINITION.", ["2:19"]),
        ("Directive \"@skip\" may not be used on SUBSCRIPTION.", ["3:16"]),
      ]
    ),
    (
      "type Bird @unknown { wings: Int @deprecated @onQuery }",
      [
        ("The \"Bird\" definition is not executable.", ["1:1"]),
        ("Unknown directive \"@unknown\".", ["1:11"]),
        ("Directive \"@onQuery\" may not be used on FIELD_DEFINITION.", ["1:45"]),
      ]
    ),
    (
      "{ dog @tag(name: \"a\") @tag(name: \"b\") { name @include(if: true) @skip(if: false) } cat @skip(if: true) { name } }",
      []
    ),
    (
      "query Q @onQuery @onQuery { dog @skip(if: true) @include(if: true) @skip(if: false) { name @include(if: true) @include(if: true) @include(if: false) } }",
      [
        ("The directive \"@onQuery\" can only be used once at this location.", ["1:9", "1:18"]),
        ("The directive \"@skip\" can only be used once at this location.", ["1:33", "1:68"]),
        ("The directive \"@include\" can only be used once at this location.", ["1:92", "1:111"]),
        ("The directive \"@include\" can only be used once at this location.", ["1:92", "1:130"]),
      ]
    ),
    (
      "query ($v: Int @onVariable @onVariable) { dog { ...F } }\nfragment F on Dog @onFragment @onFragment { ... @skip(if: true) @skip(if: true) { name } }",
      [
        ("Variable \"$v\" is never used.", ["1:8"]),
        ("The directive \"@onVariable\" can only be used once at this location.", ["1:16", "1:28"]),
        ("The directive \"@onFragment\" can only be used once at this location.", ["2:19", "2:31"]),
        ("The directive \"@skip\" can only be used once at this location.", ["2:49", "2:65"]),
      ]
    ),
    (
      "{ dog @include(if: true) { knowsTrick(trick: EASY, times: 2) isHousetrained name(surname: true) @tag(name: \"x\") } }",
      []
    ),
    (
      "{ dog { knowsTrick(trik: EASY, timez: 1, other: 1) name(surnames: true) } human(idd: 1) { iq } }",
      [
        ("Unknown argument \"trik\" on field \"Dog.knowsTrick\". Did you mean \"trick\"?", ["1:20"]),
        ("Unknown argument \"timez\" on field \"Dog.knowsTrick\". Did you mean \"times\"?", ["1:32"]),
        ("Unknown argument \"other\" on field \"Dog.knowsTrick\".", ["1:42"]),
        (
          "Argument \"Dog.knowsTrick(trick:)\" of type \"TrickLevel!\" is required, but it was not provided.",
          ["1:9"]
        ),
        ("Unknown argument \"surnames\" on field \"Dog.name\". Did you mean \"surname\"?", ["1:57"]),
        ("Unknown argument \"idd\" on field \"Query.human\". Did you mean \"id\"?", ["1:81"]),
      ]
    ),
    (
      "{ dog @skip(iff: true) @tag(label: \"x\", name: \"y\") { name @unknown(a: 1) } }",
      [
        ("Unknown argument \"iff\" on directive \"@skip\". Did you mean \"if\"?", ["1:13"]),
        ("Argument \"@skip(if:)\" of type \"Boolean!\" is required, but it was not provided.", ["1:7"]),
        ("Unknown argument \"label\" on directive \"@tag\". Did you mean \"name\"?", ["1:29"]),
        ("Unknown directive \"@unknown\".", ["1:59"]),
      ]
    ),
    (
      "{ dog @tag(name: \"a\") { knowsTrick(trick: EASY, times: 1) } search(text: \"a\", exact: true) { __typename } }",
      []
    ),
    (
      "{ dog { knowsTrick(trick: EASY, times: 1, trick: HARD, times: 2, trick: EASY) } }",
      [
        ("There can be only one argument named \"trick\".", ["1:20", "1:43", "1:66"]),
        ("There can be only one argument named \"times\".", ["1:33", "1:56"]),
      ]
    ),
    (
      "{ dog @skip(if: true, if: false) { name } }",
      [
        ("There can be only one argument named \"if\".", ["1:13", "1:23"])
      ]
    ),
    (
      "query ($i: Int = 1, $f: [FurColor!] = [BROWN, TAN], $p: PetFilter = {species: \"dog\", colors: TAN}) { score(value: 1, id: 7, flag: false, ints: 3, matrix: [[1], 2, null], color: SPOTTED) pets(filter: {species: \"cat\", nested: {species: \"x\", nested: null}, minAge: null}) { name } }",
      [
        ("Variable \"$i\" is never used.", ["1:8"]),
        ("Variable \"$f\" is never used.", ["1:21"]),
        ("Variable \"$p\" is never used.", ["1:53"]),
      ]
    ),
    (
      "{ score(value: \"1.5\", id: 1.5, flag: 1, ints: [\"a\", 2.5, 3000000000]) }",
      [
        ("Float cannot represent non numeric value: \"1.5\"", ["1:16"]),
        ("ID cannot represent a non-string and non-integer value: 1.5", ["1:27"]),
        ("Boolean cannot represent a non boolean value: 1", ["1:38"]),
        ("Int cannot represent non-integer value: \"a\"", ["1:48"]),
        ("Int cannot represent non-integer value: 2.5", ["1:53"]),
        ("Int cannot represent non 32-bit signed integer value: 3000000000", ["1:58"]),
      ]
    ),
    (
      "{ score(color: brown) dog { knowsTrick(trick: \"EASY\") } c2: score(color: true) }",
      [
        (
          "Value \"brown\" does not exist in \"FurColor\" enum. Did you mean the enum value \"BROWN\"?",
          ["1:16"]
        ),
        (
          "Enum \"TrickLevel\" cannot represent non-enum value: \"EASY\". Did you mean the enum value \"EASY\"?",
          ["1:47"]
        ),
        ("Enum \"FurColor\" cannot represent non-enum value: true.", ["1:74"]),
      ]
    ),
    (
      "query ($x: ID! = null) { pet(id: null) { name } search(text: \"a\", exact: null) { __typename } }",
      [
        ("Variable \"$x\" is never used.", ["1:8"]),
        ("Expected value of non-null type \"ID!\" not to be null.", ["1:18"]),
        ("Expected value of non-null type \"ID!\" not to be null.", ["1:34"]),
        ("Expected value of non-null type \"Boolean!\" not to be null.", ["1:74"]),
      ]
    ),
    (
      "{ pets(filter: {minAge: 1, colours: [TAN], nested: {species: \"x\", nestd: {}}}) { name } }",
      [
        (
          "Expected value of type \"PetFilter\" to include required field \"species\", found: { minAge: 1, colours: [TAN], nested: { species: \"x\", nestd: {  } } }.",
          ["1:16"]
        ),
        (
          "Expected value of type \"PetFilter\" not to include unknown field \"nestd\". Did you mean \"nested\"? Found: { species: \"x\", nestd: {  } }.",
          ["1:67"]
        ),
        (
          "Expected value of type \"PetFilter\" not to include unknown field \"colours\". Did you mean \"colors\"? Found: { minAge: 1, colours: [TAN], nested: { species: \"x\", nestd: {  } } }.",
          ["1:28"]
        ),
      ]
    ),
    (
      "{ score(value: {a: 1}, id: [1], matrix: [[{x: 1}]]) pets(filter: [1, 2]) { name } }",
      [
        ("Float cannot represent non numeric value: { a: 1 }", ["1:16"]),
        ("ID cannot represent a non-string and non-integer value: [1]", ["1:28"]),
        ("Int cannot represent non-integer value: { x: 1 }", ["1:43"]),
        ("Expected value of type \"PetFilter\" to be an object, found: [1, 2].", ["1:66"]),
      ]
    ),
    (
      "query ($a: Int = \"one\", $b: [FurColor] = [BROWN, \"TAN\"], $c: PetFilter = {species: 1}) { dog { name } }",
      [
        ("Variable \"$a\" is never used.", ["1:8"]),
        ("Variable \"$b\" is never used.", ["1:25"]),
        ("Variable \"$c\" is never used.", ["1:58"]),
        ("Int cannot represent non-integer value: \"one\"", ["1:18"]),
        (
          "Enum \"FurColor\" cannot represent non-enum value: \"TAN\". Did you mean the enum value \"TAN\"?",
          ["1:50"]
        ),
        ("String cannot represent a non string value: 1", ["1:84"]),
      ]
    ),
    (
      "{ pet(id: 1) { name } dog { knowsTrick(trick: HARD) isHousetrained @include(if: true) } search(text: \"a\") { __typename } }",
      []
    ),
    (
      "{ dog { knowsTrick(unknown: 1, trick: EASY) } }",
      [
        ("Unknown argument \"unknown\" on field \"Dog.knowsTrick\".", ["1:20"])
      ]
    ),
    (
      "{ pet { name } dog { knowsTrick(times: 2) } search { __typename } }",
      [
        ("Argument \"Query.pet(id:)\" of type \"ID!\" is required, but it was not provided.", ["1:3"]),
        (
          "Argument \"Dog.knowsTrick(trick:)\" of type \"TrickLevel!\" is required, but it was not provided.",
          ["1:22"]
        ),
        (
          "Argument \"Query.search(text:)\" of type \"String!\" is required, but it was not provided.",
          ["1:45"]
        ),
      ]
    ),
    (
      "{ dog @include @tag { name @skip(unless: true) } }",
      [
        ("Argument \"@include(if:)\" of type \"Boolean!\" is required, but it was not provided.", ["1:7"]),
        ("Argument \"@tag(name:)\" of type \"String!\" is required, but it was not provided.", ["1:16"]),
        ("Unknown argument \"unless\" on directive \"@skip\".", ["1:34"]),
        ("Argument \"@skip(if:)\" of type \"Boolean!\" is required, but it was not provided.", ["1:28"]),
      ]
    ),
    (
      "query ($id: ID!, $t: TrickLevel!, $b: Boolean, $ints: [Int!]!, $m: [[Int!]!], $n: Int) { pet(id: $id) { name } dog { knowsTrick(trick: $t, times: $n) isHousetrained(atOtherHomes: $b) } score(ints: $ints, matrix: $m, value: 1) search(text: \"x\", exact: $b) { __typename } }",
      []
    ),
    (
      "query ($id: ID = 1, $show: Boolean = true) { pet(id: $id) { name @include(if: $show) } }",
      []
    ),
    (
      "query Q($id: ID, $t: TrickLevel, $show: Boolean) { pet(id: $id) { name @skip(if: $show) } dog { knowsTrick(trick: $t) } }",
      [
        ("Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".", ["1:9", "1:60"]),
        (
          "Variable \"$show\" of type \"Boolean\" used in position expecting type \"Boolean!\".",
          ["1:34", "1:82"]
        ),
        (
          "Variable \"$t\" of type \"TrickLevel\" used in position expecting type \"TrickLevel!\".",
          ["1:18", "1:115"]
        ),
      ]
    ),
    (
      "query ($s: String, $f: Float, $list: [Int], $nested: [Int]) { human(id: $s) { iq } score(value: 1, id: $f, ints: [$list], matrix: $nested) }",
      [
        ("Variable \"$s\" of type \"String\" used in position expecting type \"ID\".", ["1:8", "1:73"]),
        ("Variable \"$f\" of type \"Float\" used in position expecting type \"ID\".", ["1:20", "1:104"]),
        ("Variable \"$list\" of type \"[Int]\" used in position expecting type \"Int\".", ["1:31", "1:115"]),
        (
          "Variable \"$nested\" of type \"[Int]\" used in position expecting type \"[[Int!]]\".",
          ["1:45", "1:131"]
        ),
      ]
    ),
    (
      "query A($t: String!, $n: Float) { dog { ...F } }\nfragment F on Dog { knowsTrick(trick: $t, times: $n) }",
      [
        (
          "Variable \"$t\" of type \"String!\" used in position expecting type \"TrickLevel!\".",
          ["1:9", "2:39"]
        ),
        ("Variable \"$n\" of type \"Float\" used in position expecting type \"Int\".", ["1:22", "2:50"]),
      ]
    ),
    (
      "query ($id: ID = null) { pet(id: $id) { name } }",
      [
        ("Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".", ["1:8", "1:34"])
      ]
    ),
    (
      "{ dog { name name n: name ...F ... on Dog { name } } catOrDog { ... on Dog { age: barkVolume } ... on Cat { age: meowVolume } } }\nfragment F on Dog { name owner { iq } }",
      []
    ),
    (
      "{ dog { knowsTrick(trick: EASY, times: 1) knowsTrick(times: 1, trick: EASY) } pets(filter: {species: \"a\", minAge: 1}) { name } pets(filter: {minAge: 1, species: \"a\"}) { age } }",
      []
    ),
    (
      "{ catOrDog { ... on Dog { x: name(surname: true) } ... on Cat { x: name(surname: false) } } }",
      []
    ),
    (
      "{ dog { name: nickname name } human { x: iq x: name } }",
      [
        (
          "Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:9", "1:24"]
        ),
        (
          "Fields \"x\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:39", "1:45"]
        ),
      ]
    ),
    (
      "{ dog { knowsTrick(trick: EASY) knowsTrick(trick: HARD) name(surname: true) name } }",
      [
        (
          "Fields \"knowsTrick\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:9", "1:33"]
        ),
        (
          "Fields \"name\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:57", "1:77"]
        ),
      ]
    ),
    (
      "{ named { ... on Dog { v: barkVolume } ... on Parrot { v: words } } catOrDog { ... on Dog { n: friends { name } } ... on Cat { n: age } } }",
      [
        (
          "Fields \"v\" conflict because they return conflicting types \"Int\" and \"[String!]!\". Use different aliases on the fields to fetch both if this was intentional.",
          ["1:24", "1:56"]
        ),
        (
          "Fields \"n\" conflict because they return conflicting types \"[Pet!]\" and \"Int\". Use different aliases on the fields to fetch both if this was intentional.",
          ["1:93", "1:128"]
        ),
      ]
    ),
    (
      "{ dog { owner { name: iq relatives { iq } } owner { name relatives { iq: name } } } }",
      [
        (
          "Fields \"owner\" conflict because subfields \"name\" conflict because \"iq\" and \"name\" are different fields and subfields \"relatives\" conflict because subfields \"iq\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:9", "1:17", "1:26", "1:38", "1:45", "1:53", "1:58", "1:70"]
        )
      ]
    ),
    (
      "{ dog { ...A ...B name: nickname } }\nfragment A on Dog { name owner { iq } }\nfragment B on Dog { owner { iq: name } ...C }\nfragment C on Dog { name: age }",
      [
        (
          "Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:19", "2:21"]
        ),
        (
          "Fields \"owner\" conflict because subfields \"iq\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["2:26", "2:34", "3:21", "3:29"]
        ),
        (
          "Fields \"name\" conflict because \"name\" and \"age\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["2:21", "4:21"]
        ),
        (
          "Fields \"name\" conflict because \"nickname\" and \"age\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:19", "4:21"]
        ),
      ]
    ),
    (
      "{ human { pets { ...P1 } } human { pets { ...P2 } } }\nfragment P1 on Pet { age }\nfragment P2 on Pet { age: name }",
      [
        (
          "Fields \"human\" conflict because subfields \"pets\" conflict because subfields \"age\" conflict because \"age\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:3", "1:11", "2:22", "1:28", "1:36", "3:22"]
        )
      ]
    ),
    (
      "{ dog { friends { ... on Dog { owner { x: iq } } } } dog { friends { ... on Dog { owner { x: name } } } } }",
      [
        (
          "Fields \"dog\" conflict because subfields \"friends\" conflict because subfields \"owner\" conflict because subfields \"x\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:3", "1:9", "1:32", "1:40", "1:54", "1:60", "1:83", "1:91"]
        )
      ]
    ),
    (
      "{ pets(filter: {species: \"a\", nested: {species: \"b\", nested: {species: \"c\"}}}) { name } }",
      []
    ),
    (
      "{ pets(filter: {species: \"a\", minAge: 1, species: \"b\", nested: {minAge: 2, minAge: 3}, species: \"c\"}) { name } }",
      [
        (
          "Expected value of type \"PetFilter\" to include required field \"species\", found: { minAge: 2, minAge: 3 }.",
          ["1:64"]
        ),
        ("There can be only one input field named \"species\".", ["1:17", "1:42"]),
        ("There can be only one input field named \"minAge\".", ["1:65", "1:76"]),
        ("There can be only one input field named \"species\".", ["1:17", "1:88"]),
      ]
    ),
    (
      "query Q($id: ID, $unused: Int) { pet(id: $id) { name nam ... on Cat { lives furColor { x } } } dog { knowsTrick(trick: \"HARD\") name: nickname name } }",
      [
        ("Variable \"$unused\" is never used in operation \"Q\".", ["1:18"]),
        ("Cannot query field \"nam\" on type \"Pet\". Did you mean \"name\"?", ["1:54"]),
        ("Field \"furColor\" must not have a selection since type \"FurColor\" has no subfields.", ["1:86"]),
        (
          "Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:128", "1:143"]
        ),
        (
          "Enum \"TrickLevel\" cannot represent non-enum value: \"HARD\". Did you mean the enum value \"HARD\"?",
          ["1:120"]
        ),
        ("Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".", ["1:9", "1:42"]),
      ]
    ),
    (
      "{ dog { ...F } }\nfragment F on Dog { owner { ...G } }\nfragment G on Human { pets { ...F } }\nfragment Lost on Boolean { x }",
      [
        ("Cannot spread fragment \"F\" within itself via \"G\".", ["2:29", "3:30"]),
        ("Fragment \"Lost\" cannot condition on non composite type \"Boolean\".", ["4:18"]),
        ("Fragment \"Lost\" is never used.", ["4:1"]),
      ]
    ),
    (
      "query ($f: PetFilter = {species: \"x\", species: \"y\"}, $b: Boolean!) @onMutation { pets(filter: $f) @skip(if: $b) @skip(if: $b) { ...Missing } } subscription { petAdded { name } petRemoved }",
      [
        ("This anonymous operation must be the only defined operation.", ["1:1"]),
        ("There can be only one input field named \"species\".", ["1:25", "1:39"]),
        ("Directive \"@onMutation\" may not be used on QUERY.", ["1:68"]),
        ("The directive \"@skip\" can only be used once at this location.", ["1:99", "1:113"]),
        ("Unknown fragment \"Missing\".", ["1:132"]),
        ("This anonymous operation must be the only defined operation.", ["1:144"]),
        ("Anonymous Subscription must select only one top level field.", ["1:177"]),
      ]
    ),
    (
      "{ dog { name } }\ntype Bird @unknown { wings: Wing @deprecated(reason: 1, because: 2) }\nextend schema @onQuery",
      [
        ("The \"Bird\" definition is not executable.", ["2:1"]),
        ("The schema definition is not executable.", ["3:1"]),
        ("Unknown directive \"@unknown\".", ["2:11"]),
        ("Unknown type \"Wing\". Did you mean \"Int\"?", ["2:29"]),
        ("Unknown argument \"because\" on directive \"@deprecated\".", ["2:57"]),
        ("String cannot represent a non string value: 1", ["2:54"]),
        ("Directive \"@onQuery\" may not be used on SCHEMA.", ["3:15"]),
      ]
    ),
    (
      "query { dog { name } } mutation { adopt(petId: 1, petId: 2) { ... on Dog { barkVolume } } }",
      [
        ("This anonymous operation must be the only defined operation.", ["1:1"]),
        ("This anonymous operation must be the only defined operation.", ["1:24"]),
        ("There can be only one argument named \"petId\".", ["1:41", "1:51"]),
      ]
    ),
    (
      "{ __schema { queryType { name } } __type(name: \"Dog\") { fields { name type { ofType { kind } } } } dog { __typename } }",
      []
    ),
    (
      "{ __type { name } cat { __schema { types { name } } } __typename { x } }",
      [
        (
          "Argument \"<meta>.__type(name:)\" of type \"String!\" is required, but it was not provided.",
          ["1:3"]
        ),
        ("Cannot query field \"__schema\" on type \"Cat\".", ["1:25"]),
        ("Field \"__typename\" must not have a selection since type \"String!\" has no subfields.", ["1:66"]),
      ]
    ),
    (
      "query ($c: FurColor = PURPLE, $n: Int = 1.0) { score(color: $c, value: $n, id: \"1\", flag: true, ints: [1, $n]) }",
      [
        ("Value \"PURPLE\" does not exist in \"FurColor\" enum.", ["1:23"]),
        ("Int cannot represent non-integer value: 1.0", ["1:41"]),
        ("Variable \"$n\" of type \"Int\" used in position expecting type \"Float\".", ["1:31", "1:72"]),
      ]
    ),
  ]
}
