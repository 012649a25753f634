import ApproachableConcurrency

// A caller on the main actor that hands Darkroom.render(_:) the editor's
// own photo, which the main actor keeps and may edit at any moment. Once
// render(_:) runs off the main actor, it would read the photo while the
// main actor writes it, and the compiler rejects the call.

func renderKeptPhoto(of editor: Editor) async -> [UInt8] {
  await Darkroom.render(editor.photo) // misuse
}
