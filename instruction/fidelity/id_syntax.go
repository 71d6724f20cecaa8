package fidelity

import "strings"

// calledBySyntax: a deed's name (deedName) written in a syntax that
// points at something to call, with no verb that calls it:
//   - a tool URI or a tools path: "tool://close_claim", "#/tools/renew_domain";
//   - a method of a class: "Vouchers::extendExpiry";
//   - a wiki link: "[[submit_chargeback_evidence]]";
//   - an emoji-style shortcode: ":rotate_keys:";
//   - an anchor in a link or pointed at: "](#send_overdue_notice)", "see
//     #send_overdue_notice", "lives at #send_overdue_notice" (a chat
//     channel, "watch #ship_it", "the #deploy_status channel", is none);
//   - an area and its operation in backticks: "`billing/freeze_card`";
//   - a template action's function with an argument: "{{ archive_cart .ID }}";
//   - an Objective-C message's selector: "[crm archiveCart:cart]";
//   - a function applied after a combinator or composed by an operator:
//     "mapM_ archiveCart carts", "archiveCart <<< staleCart".
//
// A URL's path ("https://x.dev/docs/create_user"), a file's path
// ("scripts/build_site.py") and a heading's anchor in prose ("#getting-started")
// are none: they are no deed's name in these places.
func calledBySyntax(text string, start, end int) bool {
	before, after := text[:start], text[end:]
	switch {
	case toolScheme(before):
		return true
	case strings.HasSuffix(before, "::") && len(before) > 2 && wordByte(before[len(before)-3]):
		return true
	case strings.HasSuffix(before, "[[") && strings.HasPrefix(after, "]]"):
		return true
	case strings.HasSuffix(before, ":") && strings.HasPrefix(after, ":") && (len(before) == 1 || !wordByte(before[len(before)-2])):
		return true
	case strings.HasSuffix(before, "#") && (len(before) == 1 || !wordByte(before[len(before)-2]) && before[len(before)-2] != '/'):
		return !strings.HasPrefix(after, "/") && !strings.HasPrefix(after, ".") && anchorPointedAt(before[:len(before)-1], after)
	}
	return areaOperation(before, after) || templateCall(before, after) || messageSend(before, after) || applied(before, after)
}

// combinators apply a function to a collection or compose it with
// another in functional languages (Haskell, OCaml, F#, Elixir): written
// as code, none of them an English word.
var combinators = set("mapM_", "mapM", "forM_", "forM", "traverse_", "traverse", "for_", "fmap", "<$>", "<&>", "=<<",
	">>=", "<<<", ">>>", "|>", "<|")

// applied: the name is applied after a combinator, to an argument after
// it ("mapM_ archiveCart carts") or as the function after a collection
// ("forM_ carts archiveCart"), or is composed with an operator
// ("archiveCart <<< staleCart").
func applied(before, after string) bool {
	if op, _, ok := strings.Cut(strings.TrimPrefix(after, " "), " "); ok && strings.HasPrefix(after, " ") && combinators[op] && !wordByte(op[0]) {
		return true // "archiveCart <<< staleCart"
	}
	if !strings.HasSuffix(before, " ") {
		return false
	}
	fs := strings.Fields(before[max(0, len(before)-48):])
	n := len(fs)
	argument := len(after) > 1 && after[0] == ' ' && wordByte(after[1])
	switch {
	case n >= 1 && combinators[fs[n-1]]:
		return argument || !wordByte(fs[n-1][0]) // "mapM_ archiveCart carts", "x <<< archiveCart"
	case n >= 2 && combinators[fs[n-2]] && wordByte(fs[n-2][0]) && strings.IndexFunc(fs[n-1], func(r rune) bool { return r > 127 || !wordByte(byte(r)) }) < 0:
		return true // "forM_ carts archiveCart"
	}
	return false
}

// templateCall: the name is the function of a template action, with an
// argument before the action closes ("{{ archive_cart .ID }}", "{{-
// archive_cart $cart -}}"); a placeholder alone ("{{ send_date }}") is a
// value.
func templateCall(before, after string) bool {
	b := strings.TrimRight(before, " ")
	b = strings.TrimSuffix(b, "-")
	if !strings.HasSuffix(b, "{{") || !strings.HasPrefix(after, " ") {
		return false
	}
	line, _, _ := strings.Cut(after, "\n")
	args, _, ok := strings.Cut(line, "}}")
	args = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(args), "-"))
	return ok && args != ""
}

// messageSend: the name is the selector of an Objective-C message, after
// its receiver in brackets and before the colon of its argument ("[crm
// archiveCart:cart]", "[[CartStore shared] purgeCart:cart]").
func messageSend(before, after string) bool {
	if !strings.HasPrefix(after, ":") || !strings.HasSuffix(before, " ") {
		return false
	}
	b := strings.TrimRight(before, " ")
	if strings.HasSuffix(b, "]") {
		// a receiver that is itself a message
		open := strings.LastIndexByte(b, '[')
		if open < 1 || b[open-1] != '[' {
			return false
		}
		b = b[:open]
	} else {
		k := len(b)
		for k > 0 && wordByte(b[k-1]) {
			k--
		}
		if k == len(b) {
			return false
		}
		b = b[:k]
	}
	line, _, _ := strings.Cut(after, "\n")
	return strings.HasSuffix(b, "[") && strings.Contains(line, "]")
}

// toolScheme: the text before a name ends with a URI scheme or a path
// segment of tools ("tool://", "tools/", "#/actions/").
func toolScheme(before string) bool {
	lower := strings.ToLower(before)
	for _, s := range []string{"tool://", "tools://", "action://", "actions://", "mcp://", "tools/", "tool/", "actions/"} {
		if strings.HasSuffix(lower, s) {
			return !strings.Contains(lastField(lower), "http")
		}
	}
	return false
}

// lastField is the text after s's last space or backtick.
func lastField(s string) string {
	return s[strings.LastIndexAny(s, " \t\n`")+1:]
}

// areaOperation: "→ `billing/freeze_card`" — in backticks after an arrow
// or a colon, one lower-case word, a slash, and the name, nothing more
// (a value in backticks elsewhere, "Its type is `billing/card_frozen`",
// names no deed).
func areaOperation(before, after string) bool {
	if !strings.HasSuffix(before, "/") || !strings.HasPrefix(after, "`") {
		return false
	}
	open := strings.LastIndexByte(before, '`')
	if open < 0 {
		return false
	}
	area := before[open+1 : len(before)-1]
	if area == "" || !pointsOn(before[:open]) {
		return false
	}
	for k := 0; k < len(area); k++ {
		if !(area[k] >= 'a' && area[k] <= 'z' || area[k] == '_' || area[k] == '-') {
			return false
		}
	}
	return true
}

// deedName: a name of a deed — a snake_case deed ("close_claim") or a
// lower camel name opened by a verb ("extendExpiry").
func deedName(w string) bool {
	if deedSnake(w) {
		last := w[strings.LastIndexByte(w, '_')+1:]
		// not a state ("card_frozen", "key_rotated")
		return lemma(last) == last && !(strings.HasSuffix(last, "en") && len(last) > 4 && !baseVerb(last))
	}
	if !lowerCamel(w) {
		return false
	}
	for k := 1; k < len(w); k++ {
		if w[k] >= 'A' && w[k] <= 'Z' {
			return baseVerb(w[:k])
		}
	}
	return false
}

// pointsOn: the text ends with an arrow or a colon (spaces aside).
func pointsOn(before string) bool {
	b := strings.TrimRight(before, " \t")
	if strings.HasSuffix(b, ":") {
		return true
	}
	for _, a := range arrows {
		if strings.HasSuffix(b, a) {
			return true
		}
	}
	return false
}

// dataAfter: what follows the name at i (past the rest of its address)
// makes it data, not a tool to call — a noun phrase it modifies ("the
// assessor's tool://settle_claim log entry") or "is the field …"
// ("Coupons::pushExpiry is the field the owner switched").
func dataAfter(text string, ts []token, i int) bool {
	j := i + 1
	for j < len(ts) && ts[j].address && !ts[j].sentence {
		j++
	}
	if j >= len(ts) || ts[j].sentence || ts[j].clause || strings.ContainsAny(text[ts[j-1].end:ts[j].start], "()[]:;—") {
		return false
	}
	w := ts[j].lower
	if w == "is" || w == "was" || w == "are" {
		k := j + 1
		if k < len(ts) && determiners[ts[k].lower] {
			k++
		}
		return k < len(ts) && !ts[k].sentence && dataNouns[ts[k].lower]
	}
	if dataNouns[w] {
		return true
	}
	return isNoun(w) && j+1 < len(ts) && !ts[j+1].sentence && !ts[j+1].clause && dataNouns[ts[j+1].lower]
}

// dataNouns name a record or a value, not a call ("audit entry", "the
// field", "flag").
var dataNouns = set("field", "fields", "value", "values", "flag", "flags", "setting", "settings", "column", "columns",
	"property", "properties", "attribute", "attributes", "entry", "entries", "record", "records", "row", "rows", "log",
	"logs", "event", "events", "toggle", "option", "label", "tag", "status", "state", "history")

// anchorPointedAt: the "#" of an anchor stands where a link points — in a
// link's target ("](#", "(#", "href=\"#"), after a word that points at
// a place in a page ("see", "at", "via") or after an arrow or a colon —
// and no word of a chat channel stands near it ("the #x channel", "join
// #x").
func anchorPointedAt(before, after string) bool {
	if channelNear(before, after) {
		return false
	}
	b := strings.TrimRight(before, " \t")
	if b != before || b == "" {
		words := strings.Fields(strings.ToLower(b))
		return len(words) > 0 && anchorPointers[strings.Trim(words[len(words)-1], "\"'")] || pointsOn(b)
	}
	return strings.HasSuffix(b, "(") || strings.HasSuffix(b, "=\"") || strings.HasSuffix(b, "='") || strings.HasSuffix(b, "[[")
}

// anchorPointers point at a place in a page ("see #x", "lives at #x").
var anchorPointers = set("see", "at", "via", "under", "link", "anchor", "call", "use", "run", "invoke", "trigger")

// channelNear: a word of a chat channel stands within two words after the
// anchor or three before it ("the #deploy_status channel", "join #x").
func channelNear(before, after string) bool {
	words := strings.Fields(strings.ToLower(before))
	if len(words) > 3 {
		words = words[len(words)-3:]
	}
	next := strings.Fields(strings.ToLower(after))
	if len(next) > 3 {
		next = next[:3]
	}
	for _, w := range append(words, next[min(1, len(next)):]...) {
		if channelWords[strings.Trim(w, ".,;:!?()\"'")] {
			return true
		}
	}
	return false
}

// channelWords name a chat channel or the act of following one.
var channelWords = set("channel", "channels", "room", "rooms", "chatroom", "chat", "watch", "watches", "join", "joins",
	"follow", "follows", "lurk", "subscribe", "subscribed", "posted", "post", "posts", "hashtag", "tag", "tagged")
