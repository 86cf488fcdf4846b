// What an editor's document shows: its rendered text (null once it left
// the page).
(el) => el.isConnected ? el.innerText.replace(/\n$/, '') : null
