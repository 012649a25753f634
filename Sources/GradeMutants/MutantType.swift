
/// What a mutant maker needs to know of a type the compiler names in its mangled form.
///
/// The type-checked dump spells each expression's type mangled (`$sSiD` is `Int`), which
/// is exact: a `String` is never taken for a number however it is written.
package enum MutantType: Equatable, Sendable {
  /// `Bool`.
  case bool
  /// A fixed-width integer, signed or not.
  case integer(signed: Bool)
  /// `Double`, `Float` and their kin.
  case floatingPoint
  /// `Duration`: adds and subtracts, but is no number.
  case duration
  /// `String`.
  case string
  /// `Optional`.
  case optional
  /// `Array`.
  case array
  /// `Set`.
  case set
  /// `Dictionary`.
  case dictionary
  /// Anything else.
  case other

  /// The kind of the mangled type `mangled`; an `inout` type counts as the type it refers to.
  init(mangled: String) {
    var name = mangled
    // `$sSizD` is `inout Int`: the `z` marks inout.
    if name.hasSuffix("zD") { name = String(name.dropLast(2)) + "D" }
    if name.hasSuffix("SgD") {
      self = .optional
      return
    }
    if let known = Self.known[name] {
      self = known
      return
    }
    if name.hasPrefix("$sSay"), name.hasSuffix("GD") {
      self = .array
    } else if name.hasPrefix("$sShy"), name.hasSuffix("GD") {
      self = .set
    } else if name.hasPrefix("$sSDy"), name.hasSuffix("GD") {
      self = .dictionary
    } else {
      self = .other
    }
  }

  /// Whether values of it are numbers.
  var isNumber: Bool {
    switch self {
    case .integer, .floatingPoint: true
    default: false
    }
  }

  /// Standard types by mangled name.
  private static let known: [String: MutantType] = [
    "$sSbD": .bool, "$sSSD": .string, "$ss8DurationVD": .duration,
    "$sSiD": .integer(signed: true), "$ss4Int8VD": .integer(signed: true), "$ss5Int16VD": .integer(signed: true),
    "$ss5Int32VD": .integer(signed: true), "$ss5Int64VD": .integer(signed: true),
    "$sSuD": .integer(signed: false), "$ss5UInt8VD": .integer(signed: false), "$ss6UInt16VD": .integer(signed: false),
    "$ss6UInt32VD": .integer(signed: false), "$ss6UInt64VD": .integer(signed: false),
    "$sSdD": .floatingPoint, "$sSfD": .floatingPoint, "$ss7Float16VD": .floatingPoint,
    "$s10Foundation7CGFloatVD": .floatingPoint, "$s12CoreGraphics7CGFloatVD": .floatingPoint,
  ]
}
