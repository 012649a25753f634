import GradeKit
print("grade: not yet")
