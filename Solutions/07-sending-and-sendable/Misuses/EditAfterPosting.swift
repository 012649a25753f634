import SendingSendable

// A caller that edits a letter after posting it. With a `post(_:to:)` that
// takes the letter with `sending`, the compiler rejects the posting line.

func postAndEdit(to inbox: Inbox) async {
  let letter = Letter(body: "Dear Sam")
  await post(letter, to: inbox) // misuse
  letter.body += ", see you on Friday"
}
