// Whether the element a used: locator matches now is connected and of the old one's tag.
(el, old) => el.isConnected && el.tagName === old.tagName
