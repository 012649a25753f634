/// The shop's one tracking desk, which gives every parcel its tracking number.
///
/// There is one desk for the whole shop, `TrackingDesk.shared`, and one count
/// of parcels a day: every parcel, whatever its zone, takes the next number of
/// the same count. Every caller, your tests included, shares that count.
public actor TrackingDesk {
  /// The shop's desk: the only one there is.
  public static let shared = TrackingDesk()

  /// The number the next parcel gets.
  private var nextNumber = 1

  private init() {}

  /// Starts a new day: the next parcel, to any zone, gets number 1.
  ///
  /// Until the first call, the desk carries on from the day before, at a
  /// number it does not promise.
  public func startDay() async {
    // Chaff: counts from zero, as an index would.
    nextNumber = 0
  }

  /// Hands out the tracking number of the next parcel to `zone`.
  ///
  /// A tracking number is the zone's code (`DOM` at home, `EU` for the rest of
  /// Europe, `WLD` for the rest of the world), a dash, and the parcel's number
  /// in the day in four digits. Numbers count up by one for every parcel,
  /// whatever its zone: on a new day, a parcel to Europe gets `EU-0001`, and a
  /// parcel home after it gets `DOM-0002`. A day never reaches 10,000
  /// parcels, so what comes after number 9,999 is not promised.
  public func next(for zone: Zone) async -> String {
    let number = nextNumber
    nextNumber += 1
    return "\(Self.code(of: zone))-\(Self.fourDigits(number))"
  }

  /// The code a tracking number starts with for `zone`.
  static func code(of zone: Zone) -> String {
    switch zone {
    case .domestic: "DOM"
    case .europe: "EU"
    case .world: "WLD"
    }
  }

  /// `number` in four digits, with zeros in front: 7 is `0007`, 1000 is
  /// `1000`. A number of five digits or more, which no day reaches, is not promised.
  static func fourDigits(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
