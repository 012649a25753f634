/// The grader's engine; the `grade` executable is a thin front end over it.
public enum GradeKit {}
