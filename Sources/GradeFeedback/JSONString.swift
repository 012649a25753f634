import Foundation

/// A JSON string literal.
package func jsonString(_ text: String) -> String {
  let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
  return String(decoding: data, as: UTF8.self)
}
