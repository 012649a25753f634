#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C function named `name` in this process, as a Swift function of type `T`; `nil` when there is none.
///
/// The runner finds its C helpers (`GradeRunnerC`) and the runtime's entry points this way,
/// so it compiles on its own, with no module map, into the program the grader links.
func cFunction<T>(_ name: String, as type: T.Type) -> T? {
  #if os(Linux)
    let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
  #else
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
  #endif
  guard let symbol = dlsym(everywhere, name) else { return nil }
  return unsafeBitCast(symbol, to: type)
}
