// Whether an element is a file input: upload then sets its files directly.
el => el.tagName === 'INPUT' && el.type === 'file'
