import GradeResults

extension Refusal {
  /// Why the rule exists, in words a learner acts on.
  var reason: String {
    switch rule {
    case .underscoredAttribute:
      "\(found) is one of the compiler's underscored attributes, which can replace functions the test harness relies on; a learner's files may not use them"
    case .attribute:
      "\(found) is not an attribute this workbook's lessons use; a learner's files may use the ones Swift code and tests need (@MainActor, @Test, @available, @discardableResult, ...), and no attribute that places code where the loader or another module runs it"
    case .declaration:
      "holds \(found), which is not a declaration this workbook's lessons make; a macro declaration would have the compiler load and run a plugin of its choosing"
    case .directive:
      "holds \(found), which is not a directive or macro this workbook's lessons use; a learner's files may write #expect, #require, #if, #available, #isolation and the like, and the grader reads every # word in a file, in comments and strings too, so reword one there"
    case .operatorFunction:
      "declares the operator \(found), which this task does not ask for; the lesson's tests compare what your code returns with the operators its types already have, and your file may not change what they compare with"
    case .synthesizedWitness:
      "declares \(found), which Swift writes for your types and this task does not ask you to write; the lesson's tests rely on the one Swift writes, and your file may not change it"
    case .cFunction:
      "calls the C function \(found), which no lesson's code needs; it could change the test harness or read the code under test. Use the Swift API the lesson teaches"
    case .reflection:
      "uses \(found), which reads stored properties inside the Swift runtime, where ThreadSanitizer cannot see the read; in a task about data races a read must be one the sanitizer sees. Read the state through its lock instead, and write a closure such as { $0.name } where you wrote a key path"
    case .section:
      "adds the section \(found) to the built code, which the lesson's own code does not have; code there could run before any test, outside them"
    case .unsafeMarking:
      "\(found) switches off the compiler's memory-safety checks; a learner's files may not use it"
    case .module:
      "imports \(found), which this lesson's files may not" + (allowed.isEmpty ? "" : "; they may import \(allowed.joined(separator: ", "))")
    case .leftBehind:
      "still uses \(found), which this task leaves behind"
    case .callStack:
      "reads the call stack (\(found)), which says how the code under test is built, not what it does; test what it does"
    case .uncheckedPromise:
      "\(found) is a promise the compiler stops checking, not a fix; it silences the diagnostic and leaves the race. Change the design instead: a value type, an actor, a Mutex, or sending"
    case .exportedSymbol:
      "exports the C symbol \(found), which would replace the test harness's own; a learner's code exports Swift symbols only"
    case .logicInView:
      "the view holds \(found); a view shows what its model holds and passes on what the user does. Move the decision into the model, where a test can reach it"
    }
  }
}
