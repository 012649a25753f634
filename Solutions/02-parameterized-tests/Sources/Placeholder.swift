/// A placeholder until this lesson is written.
public enum Placeholder {}
