package catalog

// quantifiers, before a singular, speak of every thing of its kind ("show
// every user", "each issue"): the singular counts nothing.
var quantifiers = map[string]bool{"every": true, "each": true, "all": true, "any": true}

// countsNothing reports whether the word at i, a singular, says nothing
// of how many things the task acts on: a quantifier comes right before
// it in its clause ("every user", "any issue").
func countsNothing(ws []parsedWord, i int) bool {
	return i > 0 && ws[i-1].clause == ws[i].clause && ws[i-1].punct == 0 && quantifiers[ws[i-1].lower]
}
