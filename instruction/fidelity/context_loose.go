package fidelity

import "strings"

// looseDeed: a snake_case deed ("certify_transcript", "quote_regrind") in
// a sentence after the text's first names a tool whatever words stand
// around it — its subject ("certify_transcript is next", "x handles
// anything over two months"), its complement ("Chipped ones need
// quote_regrind"), a step of its own ("publish_puzzle once the editor
// approves"), a macro's value ("#define NEXT_STEP recall_batch") — since
// a name written as an operation, a verb and its object, is how a tool is
// named and how nothing else in prose is. It is none where the words
// around it make it a value or a field ("the `create_time` field",
// "action: add_member", "events such as …"), a comparison or a source
// (compared, provenance), data in JSON, or a denied or past deed.
func looseDeed(text string, ts []token, i int) bool {
	t := ts[i]
	if !t.later || !deedSnake(t.text) || t.markup || t.attr || t.address {
		return false
	}
	if o := innermostOpen(text[:t.start]); o == '{' || o == '[' {
		return false // data
	}
	if compared(ts, i) || provenance(text, ts, i) || valueWritten(text, ts, i) || listedWithOthers(ts, i) {
		return false
	}
	for k := i - 1; k >= 0 && k >= i-reach; k-- {
		w := ts[k].lower
		if negators[w] || w == "t" || w == "avoid" || w == "without" || namedAsValue[w] && i-k <= 4 || formerly[w] {
			return false
		}
		if ts[k].sentence || ts[k].clause {
			break
		}
	}
	for k := i - 1; k >= 0 && k >= i-reach; k-- {
		if comparing[ts[k].lower] {
			return false // "More efficient than repeated set_attribute calls"
		}
		if ts[k].sentence {
			break
		}
	}
	for k := i + 1; k < len(ts) && k <= i+6 && !ts[k].sentence && !ts[k].clause; k++ {
		w := ts[k].lower
		if k <= i+2 && (namedAsValue[w] || shapeNouns[w]) || w == "by" && byDoer(ts, k, len(ts)) {
			return false // "the `create_time` field", "is done automatically by the editor"
		}
		if k == i+2 && i > 0 && ts[i-1].lower == "for" && ts[i+1].lower == "to" {
			return false // "while waiting for generate_report to finish": a run awaited
		}
		if k == i+2 && (ts[i+1].lower == "is" || ts[i+1].lower == "are") && valueStates[w] {
			return false // "When send_email is true"
		}
	}
	return true
}

// valueWritten: the name is written as a value — in quotes ("with method
// 'modify_custom_fields'"), after "as" or "like" within its phrase
// ("computed … as price_per_meal", "as in a get_file_contents result"),
// in a comma list after another item of one word, in a parenthesized
// list ("(backup.sh, rotate_logs.sh)"), or as the term
// a definition follows ("`total_notebooks` — how many …").
func valueWritten(text string, ts []token, i int) bool {
	t := ts[i]
	if q := byteAt(text, t.start-1); q == '"' || q == '\'' {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if ts[k].lower == "as" || ts[k].lower == "like" {
			return true // "as price_per_meal", "as in a get_file_contents result"
		}
		if ts[k].sentence || ts[k].clause {
			break
		}
	}
	if i > 1 && !t.sentence && (t.clause || ts[i-1].lower == "and" || ts[i-1].lower == "or") {
		p := i - 1
		if !t.clause {
			p--
		}
		if p >= 1 && ts[p].clause && !ts[p].sentence {
			return true // "received, cleaning, pressed, ready_for_pickup"
		}
	}
	if open := strings.LastIndexAny(text[:t.start], "()\n"); open >= 0 && text[open] == '(' {
		inside := text[open:]
		if end := strings.IndexAny(inside, ")\n"); end > 0 && strings.ContainsAny(inside[:end], ",/") {
			return true
		}
	}
	after := strings.TrimLeft(text[t.end:], "`*")
	return t.sentence && (strings.HasPrefix(after, " —") || strings.HasPrefix(after, " -") || strings.HasPrefix(after, ":"))
}

// listedWithOthers: the sentence of the name holds two more snake_case
// words — a list of fields, values or events, not a step.
func listedWithOthers(ts []token, i int) bool {
	s := i
	for s > 0 && !ts[s].sentence && i-s < reach {
		s--
	}
	n := 0
	for k := s; k < len(ts) && k-s < reach && (k == s || !ts[k].sentence); k++ {
		if k != i && strings.Contains(ts[k].text, "_") && identifierShaped(ts[k].text) {
			n++
		}
	}
	return n >= 2
}

// comparing set what follows against the tool ("faster than", "unlike",
// "instead of").
var comparing = set("than", "unlike", "instead", "rather", "versus", "vs", "compared")

// namedAsValue name what a snake_case word is when it is no tool: a
// field, a value, an event, a permission ("the `create_time` field",
// "action: add_member", "the send_invoice permission").
var namedAsValue = set("field", "fields", "column", "columns", "parameter", "parameters", "param", "params",
	"argument", "arguments", "arg", "args", "key", "keys", "value", "values", "status", "statuses", "state", "states",
	"event", "events", "type", "types", "enum", "property", "properties", "attribute", "attributes", "flag", "flags",
	"option", "options", "mode", "modes", "permission", "permissions", "scope", "scopes", "role", "roles", "action",
	"actions", "operation", "operations", "setting", "settings", "variable", "variables", "label", "labels", "tag",
	"tags", "metric", "metrics", "error", "errors", "code", "codes", "reason", "reasons", "trigger", "triggers",
	"webhook", "webhooks", "method", "methods", "topic", "topics", "queue", "queues", "table", "tables", "header", "headers", "such",
	"e.g", "eg", "i.e", "ie", "example", "examples", "format", "kind", "kinds", "category", "categories", "level",
	"levels", "policy", "policies", "rule", "rules", "template", "templates", "sort", "order", "grant", "grants", "right",
	"rights")

// formerly name an old name of the tool itself ("formerly get_items",
// "alias of x").
var formerly = set("formerly", "previously", "renamed", "alias", "aliases", "aliased", "deprecated", "legacy", "old",
	"was", "were", "been")

// shapeNouns after a name make it the shape of a value, not a call ("a
// get_file_contents result", "the list_users response").
var shapeNouns = set("result", "results", "response", "responses", "output", "outputs", "payload", "payloads", "shape",
	"schema")
