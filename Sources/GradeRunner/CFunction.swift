#if canImport(Glibc)
  import Glibc
#endif

/// The C function named `name` in this process, as a Swift function of type `T`; `nil` when there is none.
///
/// The runner finds its C helpers (`GradeRunnerC`) and the runtime's entry points this way,
/// so it compiles on its own, with no module map, into the program the grader links.
func cFunction<T>(_ name: String, as type: T.Type) -> T? {
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
  return unsafeBitCast(symbol, to: type)
}
