package fidelity

// A deed's name in prose: a snake_case name made of a verb and its object
// (deedName: "approve_vendor_review", "issue_notice_to_quit"; not a
// field such as "page_id", "created_at" or "card_frozen") written in a
// sentence after the first where prose puts a deed: as the subject of a
// verb of acting ("sign_supplier_audit lifts the flag",
// "normalize_address may help", "certify_transcript is next"), as what a
// thing needs ("Chipped ones need quote_regrind"), or as a step's verb
// opening a sentence before its time or condition ("publish_puzzle after
// the editor signs off", "A: stage_firmware, then wait"). A field or value
// is none — quoted, followed by a parameter's noun ("the start_page
// field"), "=" or a glued colon, an item of a list of names not all deeds
// ("merge_requests, issues, repositories"), described by "is", "was" or
// "has" ("send_email is true", "`raise_case` is the label of the
// field") — nor is a name compared with the tool ("quicker than
// many set_style calls") or a value's source. The roster's own
// names and parameters are credited by the scope.
func deedInProse(text string, ts []token, i int) bool {
	t := ts[i]
	if !t.later || t.quoted || !deedName(t.text) || compared(ts, i) || provenance(text, ts, i) || inComparedChain(text, ts, i) {
		return false
	}
	if i+1 < len(ts) && !ts[i+1].sentence && (notTools[ts[i+1].lower] || parameterNouns[ts[i+1].lower]) {
		return false // "the start_page field"
	}
	if b := byteAt(text, t.end); b == '=' || b == ':' && byteAt(text, t.end+1) != ' ' || b == '@' {
		return false // "sort_order=asc", "refund_order@v2"
	}
	if listedAmongOthers(ts, i) {
		return false
	}
	return deedSubject(ts, i) || neededDeed(ts, i) || deedStep(ts, i)
}

// deedSubject: the name opens a sentence or clause (or follows a
// subordinator) and a verb of acting follows it: a third-person present
// form, a modal, or "is next", "comes first".
func deedSubject(ts []token, i int) bool {
	if !(ts[i].sentence || ts[i].clause || i > 0 && subordinators[ts[i-1].lower]) || i+1 >= len(ts) || ts[i+1].sentence {
		return false
	}
	w := ts[i+1].lower
	switch {
	case w == "is" || w == "comes":
		return i+2 < len(ts) && !ts[i+2].sentence && (ts[i+2].lower == "next" || ts[i+2].lower == "first")
	case modals[w] && w != "are" && w != "have" && w != "need" && w != "want":
		return true // "normalize_address may help"
	case w == "does":
		return true // "when get_x does not list it"
	case w == "was" || w == "has" || w == "holds" || w == "means" || w == "marks" || w == "stores":
		return false
	}
	base := verbBase(w)
	return base != w && baseVerb(base) && !stativeVerbs[base]
}

// subordinators open a clause whose subject follows.
var subordinators = set("when", "whenever", "if", "unless", "once", "until", "after", "before", "while", "because", "since")

// neededDeed: the name is what a thing needs ("Passes need
// issue_exam_certificate").
func neededDeed(ts []token, i int) bool {
	return i > 0 && !ts[i].sentence && (ts[i-1].lower == "need" || ts[i-1].lower == "needs")
}

// deedStep: the name opens a sentence as its verb, before the time,
// condition or sequel of the step ("publish_puzzle after …",
// "export_bibs_to_printer so …", "stage_firmware, then …").
func deedStep(ts []token, i int) bool {
	if !ts[i].sentence || i+1 >= len(ts) || ts[i+1].sentence {
		return false
	}
	return stepSequels[ts[i+1].lower]
}

// stepSequels follow a step's verb: its time, condition or sequel.
var stepSequels = set("once", "when", "whenever", "if", "unless", "so", "then", "before", "after", "until", "first", "now")

// listedAmongOthers: the name at i is an item of a list of names — a
// comma on both sides of it, or on one side where the next item has one
// too — beside a word that is no deed's name ("merge_requests, issues,
// repositories"); a clause after a comma ("If it is over,
// sign_supplier_audit lifts it") is none.
func listedAmongOthers(ts []token, i int) bool {
	before := ts[i].clause && i > 0 && !ts[i].sentence
	after := i+1 < len(ts) && ts[i+1].clause && !ts[i+1].sentence
	switch {
	case before && after:
	case after && i+2 < len(ts) && (ts[i+2].clause || ts[i+2].lower == "and" || ts[i+2].lower == "or") && !ts[i+2].sentence:
	case before && i > 1 && ts[i-1].clause && !ts[i-1].sentence:
	default:
		return false
	}
	for _, n := range []int{i - 1, i + 1} {
		if n >= 0 && n < len(ts) && !ts[n].sentence && !deedName(ts[n].text) {
			return true
		}
	}
	return false
}
