// Every task of lesson 9 is graded by tests you write, in
// Lessons/09-traits-and-migration/Tests/, run against the real code and
// against copies that each hide one bug. This folder holds no tests of its own.
