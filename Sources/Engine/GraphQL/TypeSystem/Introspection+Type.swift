import GraphQLWire

/// The `__Type` resolvers: a `GraphQLTypeReference` source is a named type of the schema, or a
/// `LIST` / `NON_NULL` wrapper whose `ofType` is the wrapped type.
extension IntrospectionResolvers {
  static func type<Context>() -> [String: FieldResolver<Context>] {
    func on(
      _ body:
        @escaping @Sendable (GraphQLTypeReference, GraphQLNamedType?, borrowing ResolverInput<Context>) -> (
          any Sendable
        )?
    ) -> FieldResolver<Context> {
      .sync { input in
        guard let reference = input.source as? GraphQLTypeReference else { return nil }
        var named: GraphQLNamedType?
        if case .named(let name) = reference { named = input.info.schema.typeMap[name] }
        return body(reference, named, input)
      }
    }
    return [
      "kind": on { reference, named, _ in kind(reference, named) },
      "name": on { _, named, _ in named?.name },
      "description": on { _, named, _ in named?.description },
      "specifiedByURL": on { _, named, _ in
        if case .scalar(let scalar)? = named { scalar.specifiedByURL } else { nil }
      },
      "fields": on { _, named, input in
        guard let fields = named?.fields else { return nil }
        let all = includeDeprecated(input.arguments)
        return fields.ordered.filter { all || $0.deprecationReason == nil }.map { $0 as any Sendable }
      },
      "interfaces": on { _, named, _ in
        switch named {
        case .object(let object)?: object.interfaces.map { GraphQLTypeReference.named($0) as any Sendable }
        case .interface(let interface)?:
          interface.interfaces.map { GraphQLTypeReference.named($0) as any Sendable }
        default: nil
        }
      },
      "possibleTypes": on { _, named, input in
        guard let named, named.isAbstractType else { return nil }
        return input.info.schema.possibleTypes(of: named.name).map {
          GraphQLTypeReference.named($0.name) as any Sendable
        }
      },
      "enumValues": on { _, named, input in
        guard case .enumeration(let enumeration)? = named else { return nil }
        let all = includeDeprecated(input.arguments)
        return enumeration.values.filter { all || $0.deprecationReason == nil }.map { $0 as any Sendable }
      },
      "inputFields": on { _, named, input in
        guard case .inputObject(let inputObject)? = named else { return nil }
        let all = includeDeprecated(input.arguments)
        return inputObject.fields.filter { all || $0.deprecationReason == nil }.map { $0 as any Sendable }
      },
      "ofType": on { reference, _, _ in
        switch reference {
        case .list(let inner), .nonNull(let inner): inner
        case .named: nil
        }
      },
      "isOneOf": on { _, named, _ in
        if case .inputObject(let inputObject)? = named { inputObject.isOneOf } else { nil }
      },
    ]
  }

  /// The `__TypeKind` name of a type.
  static func kind(_ reference: GraphQLTypeReference, _ named: GraphQLNamedType?) -> String? {
    switch reference {
    case .list: return "LIST"
    case .nonNull: return "NON_NULL"
    case .named:
      switch named {
      case .scalar?: return "SCALAR"
      case .object?: return "OBJECT"
      case .interface?: return "INTERFACE"
      case .union?: return "UNION"
      case .enumeration?: return "ENUM"
      case .inputObject?: return "INPUT_OBJECT"
      case nil: return nil
      }
    }
  }
}
