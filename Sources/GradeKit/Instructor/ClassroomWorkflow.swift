import GradeCatalog
import GradeFeedback

/// The GitHub Actions workflow `grade release --classroom` adds to a student copy: on each
/// push it grades every task with `swift run grade N --task K`, one autograding test per task,
/// in the layout GitHub Classroom's autograding reads (its command grader and reporter actions).
///
/// It runs in the student's own repository, which the student can edit, so its points are
/// feedback, not grades: the instructor grades with `grade class`, which takes only the files
/// each student owns, so an edited workflow or test gains nothing there.
public enum ClassroomWorkflow {
  /// Where the workflow goes in the copy.
  public static let path = ".github/workflows/classroom.yml"

  /// The Swift toolchain image the workflow grades in: the one the copy's variants are built with.
  static let image = "swift:6.3.1-noble"

  /// The command that grades one task, as the workflow runs it.
  public static func command(lesson: Lesson, task: LessonTask) -> String {
    "swift run grade \(lesson.number) --task \(task.number) --color never"
  }

  /// The workflow for `lessons`, each task worth its whole-point share of what `points` gives
  /// the lesson, so the shares add up to the lesson's points: the command grader reads
  /// `max-score` with JavaScript's `parseInt`, which would cut 3.33 to 3. A lesson whose points
  /// are not a whole number is refused, saying so.
  public static func yaml(lessons: [Lesson], points: Points) throws(GradeError) -> String {
    var steps: [String] = []
    var runners: [String] = []
    for lesson in lessons {
      let worth = points.maximum(of: lesson)
      guard worth == worth.rounded() else {
        throw .usage(
          "lesson \(lesson.number) is worth \(Points.text(worth)) points, and GitHub Classroom reads a test's max-score as a whole number (parseInt); give it whole points in the points file")
      }
      let shares = points.shares(of: lesson, unit: 1)
      for (index, task) in lesson.tasks.enumerated() {
        let id = "l\(lesson.number)t\(task.number)"
        runners.append(id)
        let name = jsonString("Lesson \(lesson.number), task \(task.number): \(task.title)")
        steps.append("""
                - name: \(name)
                  id: \(id)
                  uses: classroom-resources/autograding-command-grader@v1
                  with:
                    test-name: \(name)
                    command: \(command(lesson: lesson, task: task))
                    timeout: 15
                    max-score: \(Int(shares[index]))
          """)
      }
    }
    let env = runners.map { "          \($0.uppercased())_RESULTS: \"${{ steps.\($0).outputs.result }}\"" }
    return """
      # Written by swift run grade release --classroom.
      # Each push grades every task: GitHub Classroom shows a test and its points per task.
      # Students can edit this file, so its points are feedback; grades come from
      # swift run grade class in the instructor's workbook, which reads only students' own files.
      name: Autograding
      on: [push, workflow_dispatch]
      permissions:
        checks: write
        actions: read
        contents: read
      jobs:
        grade:
          runs-on: ubuntu-24.04
          container: \(image)
          timeout-minutes: 60
          steps:
            - uses: actions/checkout@v5
            - name: Build the grader
              run: swift build --product grade
      \(steps.joined(separator: "\n"))
            - name: Report points to GitHub Classroom
              uses: classroom-resources/autograding-grading-reporter@v1
              env:
      \(env.joined(separator: "\n"))
              with:
                runners: \(runners.joined(separator: ","))

      """
  }
}
