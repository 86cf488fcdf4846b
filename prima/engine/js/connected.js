// Whether the element is still in its document: an action's error may come from the page removing it.
el => el.isConnected
