package catalog

import (
	"strings"
	"testing"
)

// describe renders parsed terms compactly: content terms in brackets,
// the verb with a star, clauses separated
// by " | ".
func describe(ts []qterm) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			if t.clause != ts[i-1].clause {
				b.WriteString(" | ")
			} else {
				b.WriteByte(' ')
			}
		}
		switch {
		case t.content:
			b.WriteString("[" + t.stem + "]")
		case t.verb:
			b.WriteString(t.stem + "*")
		default:
			b.WriteString(t.stem)
		}
	}
	return b.String()
}

// parseQuery is parseTask's terms alone.
func parseQuery(q string) []qterm {
	ts := parseTask(q)
	return ts
}

// heads lists the terms that head a request's object.
func heads(ts []qterm) string {
	var out []string
	for _, t := range ts {
		if t.head {
			out = append(out, t.stem)
		}
	}
	return strings.Join(out, " ")
}

// The head of the verb's object and of what
// a request makes of its object ("as a diagram") lead the request.
func TestHeadsOfRequests(t *testing.T) {
	for q, want := range map[string]string{
		"make a bar chart of revenue":                        "chart",
		"sketch the review flow as a diagram":                "flow diagram",
		"turn the table in the spreadsheet into a pie chart": "tabl chart",
		"save the table as the final version":                "tabl",
		"approve PR 73 on acme/api":                          "pull request", // a number is no head
		"move me onto the feature/payments branch":           "branch",       // a preposition is no head
	} {
		if got := heads(parseQuery(q)); got != want {
			t.Errorf("%q: heads %q, want %q", q, got, want)
		}
	}
}

func TestParseQuery(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		// quoted text is content, whatever the quote marks; apostrophes
		// inside words open no quote
		{`drop the word 'urgent' from todo`, "drop* word [urgent] todo"},
		{`replace “thank you” with "cheers"`, "replac* [thank] [cheer]"},
		{"what's in the repo's readme", "repositori readm"},
		// a text noun after an article, and names, open a span that ends
		// at a preposition, a joiner or punctuation
		{"delete the word schedule from this draft", "delet* word [schedul] draft"},
		{"set up a folder called invoices-2026", "set* folder [invoic] [2026]"},
		{"make a branch named hotfix, then push it", "make* branch [hotfix] | push*"},
		// a topic after "about" is content, not the adverb after it
		{"find articles about the outage online", "find* articl [outag] onlin"},
		// what a text says is content, and so is the word that says so
		{"open a ticket saying the page crashes on Safari", "creat* ticket [say] [page] [crash] [safari]"},
		// a named file is its base name (content), its extension and "file"
		{"summarise docs/q3-report.pdf", "summaris* [q3] [report] pdf file"},
		// a verb acting on a part of a text edits it; a file named after
		// "from" is a source
		{"delete the second line from notes.md", "delet* second line [note] md file"},
		{"which customers spent most, from orders.parquet", "custom spent | [order] parquet file"},
		// questions have no verb; joiners and commas split clauses, never
		// inside quotes
		{"how big is the video", "big video"},
		{`read the sheet and open an issue`, "read* sheet | creat* issu"},
		{`add "salt and pepper" to the list`, "add* [salt] [pepper] list"},
		// an indefinite object of open/raise/file/start is made, a
		// definite one acted on
		{"open a ticket about the crash", "creat* ticket [crash]"},
		{"open the quarterly report", "open* quarter report"},
		// a condition names an event, not what to do: content to the end
		// of its clause; "when" at the start asks a question
		{"email me when the export is done", "email* [export] [done] notifi*"},
		// a request to the user put off until an event asks to be
		// notified; a question about an event does not
		{"let me know once the sync is done", "know* [sync] [done] notifi*"},
		{"tell me when the calendar export is ready", "[calendar] [export] [readi] notifi*"},
		// "remind me to …" asks for a reminder
		{"remind me to call the bank", "remind* call bank"},
		// a verb that neither reads, edits nor makes, with an
		// indefinite object, makes the object
		{"attach a summary to issue 42", "attach* summari issu 42 creat*"},
		{"leave a comment on the roadmap page", "leav* comment roadmap page creat*"},
		{"find a file about taxes", "find* file [tax]"},
		{"pull a list of open issues", "pull* list open issu"},
		{"save a copy of the chart as chart-final.png", "save* copi chart [chart] [final] png file"},
		{"show the table as json", "show* tabl json"},
		// a percent or an operator between numbers is a sum to work out;
		// dates and hyphenated numbers are not
		{"what's 15% of 2,400?", "15 percent 2400 calcul*"},
		{"what is 1200 / 12", "1200 12 calcul*"},
		{"add a task due 2026-12-01", "add* task due 2026 12 01"},
		{"when did we ship it", "ship"},
		// a verb acting on a part of a text edits it
		{"move the paragraph on risks to the end", "move* paragraph risk end"},
		// a plural in -ings is a noun, not its verb
		{"post the findings", "post* finding"},
		// references are names: a web address's host and path, an
		// owner/name pair (which marks a repository), a folder
		{"pull the numbers from https://www.stats.example.org/summary now", "pull* number [stat] [exampl] [summari] url"},
		{"which PRs are open on acme/web", "pull request open [acm] [web] [repositori]"},
		{"put it into the old/ folder", "put* [old] folder folder"},
		{"keep it and/or drop it", "keep* drop"},
		// "and" before a file, a number, an article or a possessive joins
		// things, not requests
		{"merge q1.csv and q2.csv into one table", "merg* [q1] csv file [q2] csv file tabl"},
		{"revenue between 2023 and 2024", "revenu* 2023 2024"},
		// a prohibition asks nothing: its words are content
		{"don't zip anything, just move them", "[zip] | move*"},
		{"do not delete it; archive it", "[delet] | archiv*"},
		{"no zip, just move them", "[zip] | move*"},
		// a clause opening with its subject is a statement: no verb
		{"nobody uses the tag, remove it", "use tag | remov*"},
		{"i keep getting mails", "keep get mail"},
		{"our deploy workflow keeps failing. rerun it", "deploy workflow keep fail | rerun*"},
		// "I need/want …" is a request put as a wish
		{"we'd like a bar chart of revenue", "bar chart revenu"},
		// "that" opening a clause of its own introduces what is said
		{"reply that it's fixed in the last commit", "repli* [fix] [last] [commit]"},
		{"star that repo", "star* repositori"},
		// plural file types are files; a singular one names a format
		{"turn them into a PDF", "turn* pdf"},
		// a lower camelCase or snake_case word is a name from code
		{"find where we call parseInvoice", "find* call [pars] [invoic] code"},
		// a name in two humps is read whole, not also as its humps
		{"star GitHub repos", "star* github repositori"},
		{"Put 'renew passport' in OmniFocus, due Friday", "put* [renew] [passport] omnifocus | due* friday"},
		// a hyphenated word whose parts say nothing alone is one word
		{"add a to-do to my list", "add* todo list"},
		{"send an e-mail to the team", "send* email mail team"},
		// "tell me …" asks to be told, though "tell" names no tool
		{"tell me about the flaky test", "[flaki] [test]"},
		{"pull in the competitor's pricing page", "pull* competitor price page"},
		// a clause ending in '?' is a question (no verb) unless polite
		{"average order value in orders.csv?", "averag order valu [order] csv file"},
		{"can you screenshot the page?", "screenshot* page"},
		// an auxiliary ends a name
		{"the branch called release-2.1 should be deleted", "branch [releas] delet"},
		// a statement's past tense tells what happened (content); a
		// question's does not, and a question has no statement
		{"which of my repos have I starred?", "repositori star"},
		// reading a text or making one edits nothing
		{"save the text to a page", "save* text page"},
		{"grab the second paragraph", "grab* second paragraph"},
		// a sentence ends a clause; a colon does not
		{"zip nothing. don't zip it, move them", "zip* | [zip] | move*"},
		{"archive the drafts: put them away", "archiv* draft put away"},
		// punctuation after a reference ends the clause too
		{"the tag in acme/api, remove it", "tag [acm] [api] [repositori] | remov*"},
		{"save the list to todo.md", "save* list [todo] md file"},
		{"compare a.md to b.md", "compar* md file md file"},
		// what a text says runs to the end of its clause, verbs and all
		{"write a note saying the office is closed friday, then star it", "write* note [say] [offic] [close] [friday] | star*"},
		// after "with:" and the like, what goes in runs to the end of the
		// sentence, commas and verbs and all; a web address stays one
		{"read this and tell me what it says: https://example.org/post/42", "read* | [say] [exampl] [post] [42] url"},
		// "one" is as indefinite as "a": the thing is made
		{"file one tracking issue for it", "creat* track issu"},
		{"talk to the team", "talk* team"},
		{"draw how the service talks to billing", "draw* servic talk bill"},
		// a dash between words sets a clause apart; a hyphen inside one
		// does not
		{"give me the history since Monday — who committed what", "give* histori sinc monday | commit"},
		{"diff a.json and b.json - do they agree?", "diff* json file json file | agre"},
		{"a well-known 2026-12-01 fix", "well known 2026 12 01 fix"},
		{"take a screenshot of the page", "take* screenshot page"}, // no verb the lexicon knows
		// a "#" before a name names a chat channel: the name is content
		// and the word "channel" is the request's; "#212" is a number
		{"read me the last messages in #random.", "read* last messag [random] channel"},
		{"post it in #dev-team, then close #212", "post* [dev] [team] channel | close* 212"},
	} {
		got := describe(parseQuery(tc.q))
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.q, got, tc.want)
		}
	}
}

// TestWriteVerbsPreferToolsThatWrite: two tools alike in every word but
// their effects; a request that opens with a verb that makes, keeps or
// changes something ranks the one that writes first, whatever the roster
// order, and any other request keeps roster order.
func TestWriteVerbsPreferToolsThatWrite(t *testing.T) {
	read := Contract{ID: "notes_view", Title: "Notes", Purpose: "Notes about the user's preferences.", Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"}
	write := read
	write.ID, write.Effects = "notes_keep", EffectsWorkspaceWrite
	ix := NewIndex([]Contract{read, write})
	wantTops(t, ix, map[string]string{
		"remember my preferences":          "notes_keep",
		"save the user's preferences":      "notes_keep",
		"fix the notes about preferences":  "notes_keep",
		"what are the user's preferences":  "notes_view",
		"look at the notes about the user": "notes_view",
	})
}

// A nominalisation meets its verb (Snowball stems them apart); a word
// that only ends like one keeps its own stem.
func TestNominalisationsMeetTheirVerbs(t *testing.T) {
	for _, p := range [][2]string{
		{"notification", "notify"}, {"notifications", "notified"}, {"subscription", "subscribe"},
		{"description", "describe"}, {"conversion", "convert"}, {"permission", "permit"},
		{"submission", "submit"}, {"analysis", "analyze"}, {"analyses", "analyse"}, {"creation", "create"},
		{"verification", "verify"}, {"reaction", "react"}, {"reactions", "reacting"}, {"transaction", "transact"},
	} {
		if a, b := stemmer(nil).terms(p[0]), stemmer(nil).terms(p[1]); len(a) != 1 || len(b) != 1 || a[0] != b[0] {
			t.Errorf("%s → %v, %s → %v: want one stem", p[0], a, p[1], b)
		}
	}
	for _, p := range [][2]string{{"version", "vert"}, {"mission", "mit"}, {"basis", "baze"}, {"faction", "fact"}, {"action", "act"}} {
		if a, b := stemmer(nil).terms(p[0]), stemmer(nil).terms(p[1]); len(a) == 1 && len(b) == 1 && a[0] == b[0] {
			t.Errorf("%s and %s share the stem %s", p[0], p[1], a[0])
		}
	}
}

// The other way round: with the tool that writes first in the roster, a
// request to be shown or told something, a question, and a prohibition of
// what the writer is named for rank the reader first.
func TestReadVerbsAndQuestionsPreferToolsThatRead(t *testing.T) {
	write := Contract{ID: "notes_keep", Title: "Notes", Purpose: "Notes about the user's preferences.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"}
	read := write
	read.ID, read.Effects = "notes_view", EffectsReadOnly
	ix := NewIndex([]Contract{write, read})
	wantTops(t, ix, map[string]string{
		"show me the notes about preferences": "notes_view",
		"any notes about my preferences?":     "notes_view",
		"keep notes about my preferences":     "notes_keep",
		"notes about my preferences":          "notes_keep", // no verb: roster order
	})
}

// A verb collocation the lexicon knows is read as one word: its first
// word carries it, and its relatives are the collocation's.
func TestCollocationsAreReadAsOneWord(t *testing.T) {
	for q, want := range map[string]string{
		"kick off the nightly build": "kick off",
		"get rid of the temp folder": "get rid of",
		"please set up a new repo":   "set up",
		"kick the tires":             "",
		"turn 'off' the alarm":       "", // a quoted word is content
		// a collocation is a verb's: not a noun's ("work in", "file in")
		"save my work in the repo":                  "",
		"what's in the notes.txt file in my folder": "",
		"kick it off now":                           "kick off", // a pronoun between verb and particle
		"I need to kick off the build":              "kick off",
	} {
		got := ""
		for _, t := range parseQuery(q) {
			if t.colloc != "" {
				got = t.colloc
			}
		}
		if want != "" {
			want = strings.Join(stemmer(nil).phraseWords(want), " ")
		}
		if got != want {
			t.Errorf("%q: collocation %q, want %q", q, got, want)
		}
	}
	var kick concept
	for _, c := range concepts(parseQuery("kick off the nightly build")) {
		if c.own == stemWord("kick", false) {
			kick = c
		}
	}
	if !hasRel(kick.relatives, stemWord("commence", false)) {
		t.Errorf("kick off: relatives %v lack commence", kick.relatives)
	}
}

// wantTops checks that each task ranks its tool first among the index's
// two best.
func wantTops(t *testing.T, ix *Index, tops map[string]string) {
	t.Helper()
	for q, want := range tops {
		if hits := ix.Search(q, 2); len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: top %v, want %s", q, hits, want)
		}
	}
}

// A sum written out is read as a request to calculate, in the clause of
// the number it starts with — the whole number ("18%" is not "8%"), not
// an earlier number that begins with the same digit — and it leads the
// ranking.
func TestSumsAreCalculatedInTheirClause(t *testing.T) {
	for q, want := range map[string]int{
		"run the numbers for me: 18% VAT on 2,450 euros, what's the total?": 0,
		"list 1 file, then what's 15% of 2,400?":                            1,
		"open the sheet and work out 12 times 7":                            1,
	} {
		got := -1
		for _, t := range parseQuery(q) {
			if t.implied && t.stem == calculateStem {
				got = t.clause
			}
		}
		if got != want {
			t.Errorf("%q: calculate in clause %d, want %d", q, got, want)
		}
	}
	for _, c := range concepts(parseQuery("run the numbers: 18% VAT on 2,450 euros")) {
		if c.own == calculateStem && c.weight != leadWeight {
			t.Errorf("calculate weighs %v, want the lead's %v", c.weight, leadWeight)
		}
	}
}

// A path from the root or the home folder names a folder, not an
// owner/name pair: "/var/app" is no repository.
func TestRootedPathsAreFolders(t *testing.T) {
	for q, want := range map[string]string{
		"list everything under /var/app":      "list* [app] folder",
		"anything uncommitted in ~/code/api?": "uncommit [api] folder",
		"star acme/api":                       "star* [acm] [api] [repositori]",
	} {
		if got := describe(parseQuery(q)); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

// A key of upper-case letters, a dash and a number ("WEB-142", "PAY-45")
// names a thing, as a quoted name does: its letters are no request word
// ("web" in WEB-142 asks for no web tool).
func TestKeysAreNames(t *testing.T) {
	for q, want := range map[string]string{
		"assign WEB-142 to Ana":           "assign* [web] [142] ana",
		"reopen WEB-131, the bug is back": "reopen* [web] [131] | bug back",
		"show me PAY-45":                  "show* [pay] [45]",
		"set up a web-app":                "set* web app",
	} {
		if got := describe(parseQuery(q)); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

// phraseWords are the words of a text as a collocation is spelled: split like
// terms, lower-cased and stemmed, stop words kept ("What did I tell
// you?": what, did, i, tell, you).
func (st stemmer) phraseWords(s string) []string {
	ws := splitWords(s)
	for i, w := range ws {
		ws[i] = st.stem(w)
	}
	return ws
}
