package ariadiff

// AdoptIDs gives the nodes of t the IDs and Space of src, a tree of the
// same page in another ref space (prima's own render beside Playwright's
// snapshot), when the two show the same thing, noise aside; it reports
// whether they did. The trees are walked in step: the same line at the
// same place in two renders of one document is the same node.
func AdoptIDs(t, src *Tree) bool {
	if src.Space == "" || !equalNodes(t.Root, src.Root) {
		return false
	}
	var adopt func(x, y *Node)
	adopt = func(x, y *Node) {
		x.ID = y.ID
		for i := range x.Children {
			adopt(x.Children[i], y.Children[i])
		}
	}
	adopt(t.Root, src.Root)
	t.Space = src.Space
	t.flat = nil // its entries hold the IDs
	return true
}
