/// Every validation rule of the specification, in graphql-js's order (chosen so the clearest
/// error comes first when a document breaks several rules), with graphql-js 17's `@defer`/`@stream`
/// rules where it puts them, then graphql-js's recommended ones. graphql-js 17 validates the
/// operation type (`knownOperationTypes`) second, where 16 left it to execution.
public let specifiedRules: [ValidationRule] =
  [
    .executableDefinitions,
    .knownOperationTypes,
    .uniqueOperationNames,
    .loneAnonymousOperation,
    .singleFieldSubscriptions,
    .knownTypeNames,
    .fragmentsOnCompositeTypes,
    .variablesAreInputTypes,
    .scalarLeafs,
    .fieldsOnCorrectType,
    .uniqueFragmentNames,
    .knownFragmentNames,
    .noUnusedFragments,
    .possibleFragmentSpreads,
    .noFragmentCycles,
    .uniqueVariableNames,
    .noUndefinedVariables,
    .noUnusedVariables,
    .knownDirectives,
    .uniqueDirectivesPerLocation,
    .deferStreamDirectiveOnRootField,
    .deferStreamDirectiveOnValidOperations,
    .deferStreamDirectiveLabel,
    .streamDirectiveOnListField,
    .knownArgumentNames,
    .uniqueArgumentNames,
    .valuesOfCorrectType,
    .providedRequiredArguments,
    .variablesInAllowedPosition,
    .overlappingFieldsCanBeMerged,
    .uniqueInputFieldNames,
  ] + recommendedRules

/// The rules graphql-js 16.9 recommends beyond the specification, which it runs with the
/// specified ones (so `specifiedRules` ends with them too): `MaxIntrospectionDepthRule`.
public let recommendedRules: [ValidationRule] = [.maxIntrospectionDepth]
