package catalog

// More readings of a task's structure (see parseTask): times, scopes,
// questions' verbs, instruments, states set and things made. General
// English, written for no catalog.

// markMadeThings reads a request whose verb says nothing of reading,
// editing or making ("leave a comment", "drop a line", "log a new
// entry") and whose object is indefinite as making the object: the clause
// gains the verb create. The verb must be one the lexicon knows and none
// of the verbs the search already reads (readVerbs, editVerbs,
// writeVerbs, action verbs of tool names, generic verbs): "find a file"
// reads, "delete a label" edits, "run a query" runs.
func markMadeThings(ws []parsedWord) []parsedWord {
	lexicon := theLexicon()
	n := len(ws)
	for i := 0; i+1 < n; i++ {
		w := ws[i]
		if !w.verb || w.content || w.implied || len(w.terms) != 1 || w.colloc != "" || !indefinite[ws[i+1].lower] || ws[i+1].clause != w.clause {
			continue
		}
		v := w.terms[0]
		if readVerbs[v] || editVerbs[v] || writeVerbs[v] || actionVerbs[v] || genericVerbs[v] || v == createStem {
			continue
		}
		rs, ok := lexicon.verb(v)
		if !ok || readsLike(v, rs) {
			continue
		}
		ws = append(ws, parsedWord{lower: "create", terms: []string{createStem}, verb: true, implied: true, clause: w.clause})
	}
	return ws
}

// readsLike reports whether a verb is related to a reading verb, in the
// thesaurus or the lexicon ("pull", "grab": fetch): "pull a list of …"
// reads.
func readsLike(v string, lexRels lexRels) bool {
	for _, r := range related()[v] {
		if readVerbs[r] {
			return true
		}
	}
	for r := range lexRels.all() {
		if readVerbs[r.stem] {
			return true
		}
	}
	return false
}
