// verify's "is focused": the element holds its document's focus.
el => el === el.ownerDocument.activeElement
