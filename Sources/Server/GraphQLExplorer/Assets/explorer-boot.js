// The explorer's first script, a few hundred bytes: it asks for the schema (introspection) at once,
// so that the answer is on its way while the editor's much larger script downloads and starts.
(function () {
  "use strict";
  var introspection =
    "query IntrospectionQuery { __schema { queryType { name } mutationType { name } subscriptionType { name } " +
    "types { ...FullType } directives { name description locations args { ...InputValue } } } } " +
    "fragment FullType on __Type { kind name description " +
    "fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason } " +
    "inputFields { ...InputValue } interfaces { ...TypeRef } " +
    "enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason } possibleTypes { ...TypeRef } } " +
    "fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue } " +
    "fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }";

  window.explorerSchemaRequest = fetch("/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/graphql-response+json, application/json" },
    body: JSON.stringify({ query: introspection, operationName: "IntrospectionQuery" }),
    credentials: "omit"
  }).then(function (response) {
    return response.text().then(function (text) { return { status: response.status, text: text }; });
  });
})();
