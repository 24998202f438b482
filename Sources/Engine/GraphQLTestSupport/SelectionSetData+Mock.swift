import GraphQLAPI
import GraphQLWire

extension SelectionSetData {
  /// The data a server would have answered if its objects were `mock` and the mocks nested in
  /// it: every field the generated type selects is read from the mock (by schema field name, so
  /// aliases and arguments do not matter), then decoded as a response would be.
  ///
  /// ```swift
  /// let data = try LaunchListQuery.Data.from(Mock<Query>(launches: connection))
  /// ```
  ///
  /// A field that failed is one left unset (or null) with an error at its path in `errors`: it
  /// reads as its `@catch` says (`FieldResult.failure`, nil, or this function throws).
  ///
  /// - Parameters:
  ///   - mock: the root object (`Mock<Query>` for a query's `Data`, `Mock<Mutation>` for a
  ///     mutation's) or the object a nested selection set is on.
  ///   - errors: the errors the server would have answered with (default none).
  /// - Throws: ``MockDataError`` when a selected non-null field is unset or holds a value of the
  ///   wrong kind, or a field failed that nothing catches.
  public static func from<Object: MockObject>(_ mock: Mock<Object>, errors: [GraphQLError] = [])
    throws(MockDataError) -> Self
  {
    let failed = Set(errors.compactMap(\.path))
    let object = try MockResponse.object(
      typename: Object.__typename, fields: mock.__fields, selections: __selections, path: [], failed: failed)
    do {
      return try Self(object: object, path: [], errors: ResponseErrors(errors))
    } catch let error as ResponseDecodingError {
      throw MockDataError(path: error.path, reason: error.reason)
    } catch {
      throw MockDataError(path: [], reason: "\(error)")
    }
  }
}

/// Turns mocks into the JSON a server would have sent for a selection set.
enum MockResponse {
  /// - Parameter failed: the paths of the fields that failed: unset there is null, whatever the
  ///   field's type (the server answered `onError: NULL`).
  static func object(
    typename: String, fields: [String: MockValue], selections: [Selection], path: [PathComponent],
    failed: Set<[PathComponent]>
  ) throws(MockDataError) -> JSONObject {
    var object = JSONObject()
    try write(selections, typename: typename, fields: fields, path: path, failed: failed, into: &object)
    return object
  }

  private static func write(
    _ selections: [Selection], typename: String, fields: [String: MockValue], path: [PathComponent],
    failed: Set<[PathComponent]>, into object: inout JSONObject
  ) throws(MockDataError) {
    for selection in selections {
      switch selection {
      case .field(let field):
        let fieldPath = path + [.key(field.responseKey)]
        if field.name == "__typename" {
          object[field.responseKey] = .string(typename)
        } else if let value = fields[field.name] {
          object[field.responseKey] = try json(value, field: field, path: fieldPath, failed: failed)
        } else if case .nonNull = field.type, !field.isConditional, !failed.contains(fieldPath) {
          throw MockDataError(
            path: fieldPath, reason: "\(typename).\(field.name) is not set and cannot be null")
        } else if !field.isConditional {
          object[field.responseKey] = .null
        }
      case .typeCase(let possibleTypes, let nested):
        if possibleTypes.contains(typename) {
          try write(nested, typename: typename, fields: fields, path: path, failed: failed, into: &object)
        }
      }
    }
  }

  private static func json(
    _ value: MockValue, field: Selection.Field, path: [PathComponent], failed: Set<[PathComponent]>
  )
    throws(MockDataError) -> JSON
  {
    switch value {
    case .null:
      return .null
    case .scalar(let json):
      guard field.selections.isEmpty else {
        throw MockDataError(path: path, reason: "\(field.name) needs an object, the mock has a value")
      }
      return json
    case .object(let typename, let fields):
      guard !field.selections.isEmpty else {
        throw MockDataError(path: path, reason: "\(field.name) needs a value, the mock has an object")
      }
      return .object(
        try object(
          typename: typename, fields: fields, selections: field.selections, path: path, failed: failed))
    case .list(let items):
      var array: [JSON] = []
      for (index, item) in items.enumerated() {
        array.append(try json(item, field: field, path: path + [.index(index)], failed: failed))
      }
      return .array(array)
    }
  }
}
