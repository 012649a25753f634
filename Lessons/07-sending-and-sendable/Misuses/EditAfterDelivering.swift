import SendingSendable

// A caller that edits a letter after handing it to the inbox. With an inbox
// that takes letters with `sending`, the compiler rejects the delivery line.

func postAndEdit(to inbox: Inbox) async {
  let letter = Letter(body: "Dear Sam")
  await inbox.deliver(letter) // misuse
  letter.body += ", see you on Friday"
}
