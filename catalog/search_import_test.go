package catalog

import (
	"slices"
	"testing"
)

// The search reads imported services as they are commonly written: tool
// names prefixed with the service's name, one tool per resource with an
// operation parameter, descriptions with remarks and references to
// sibling tools. Each test below fails without the rule it names.

func svcTool(id, purpose string, params ...Param) Contract {
	return Contract{ID: id, Title: id, Purpose: purpose, Class: ClassService, Effects: EffectsExternalWrite, Version: "1", Params: params}
}

func opParam(name string, ops ...string) Param {
	p := Param{Name: name, Type: "string", Required: true, Description: "The operation to perform"}
	for _, o := range ops {
		p.Enum = append(p.Enum, o)
	}
	return p
}

// A service's own name before a tool's name is no word of the name.
func TestNamespacePrefixIsNoNameWord(t *testing.T) {
	st := stemmer{}
	d := makeSearchDoc(svcTool("acme.acme_create_comment", "Creates a comment."), st)
	if slices.Contains(d.fields[fieldName], "acm") || !slices.Contains(d.fields[fieldName], "comment") {
		t.Errorf("name words %v, want comment without acme", d.fields[fieldName])
	}
	if got := d.tool.name; !slices.Equal(got, []string{"creat", "comment"}) {
		t.Errorf("name %v, want [creat comment]", got)
	}
	// a name that is the namespace alone keeps it
	d = makeSearchDoc(svcTool("acme.acme", "Does everything."), st)
	if !slices.Equal(d.fields[fieldName], []string{"acm"}) {
		t.Errorf("name %v, want [acm]", d.fields[fieldName])
	}
}

// A tool's operations are the values of its dispatch parameter; a
// parameter of another name, or one without an enumeration, is no
// dispatch.
func TestOnlyADispatchParameterHasOperations(t *testing.T) {
	if ops := operations([]Param{opParam("action", "create", "archive")}); !slices.Equal(ops, []string{"create", "archive"}) {
		t.Errorf("action parameter: operations %v", ops)
	}
	if ops := operations([]Param{opParam("format", "json", "markdown")}); ops != nil {
		t.Errorf("format parameter read as operations %v", ops)
	}
}

// An unannotated tool whose operations all read reads; one with an
// operation that changes something does not.
func TestToolsWhoseOperationsReadRead(t *testing.T) {
	st := stemmer{}
	for ops, want := range map[string]bool{"get by_date by_project": true, "info stats": true, "list download": true,
		"get delete": false, "create get": false, "get_archived move": false} {
		d := makeSearchDoc(svcTool("svc.log", "Activity.", opParam("action", splitOps(ops)...)), st)
		if d.tool.readOnly != want {
			t.Errorf("operations %q: reads %v, want %v", ops, d.tool.readOnly, want)
		}
	}
	// a tool whose effects are declared keeps them
	c := svcTool("svc.log", "Activity.", opParam("action", "get"))
	c.Effects = EffectsDestructive
	if makeSearchDoc(c, st).tool.readOnly {
		t.Error("a destructive tool reads")
	}
}

func splitOps(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

// A remark's label ("**Note:**") and a sibling tool's name ("use this
// after svc_read_page") are not what a tool does: a task about notes, or
// about reading a page, does not find the tool by them.
func TestDescriptionsLoseRemarkLabelsAndSiblingNames(t *testing.T) {
	users := svcTool("svc.svc_list_users", "List all users. **Note:** requires an admin key.")
	update := svcTool("svc.svc_update_block", "Update a block. Use this after svc_read_page gives you a block ID.")
	ix := NewIndex([]Contract{users, update})
	for q, never := range map[string]string{"keep a note": "svc.svc_list_users", "read the page": "svc.svc_update_block"} {
		for _, h := range ix.Search(q, 5) {
			if h.ID == never {
				t.Errorf("%q finds %s", q, never)
			}
		}
	}
	// the same words as prose count
	ix = NewIndex([]Contract{svcTool("svc.svc_notes", "Keep a note on a page you read.")})
	if hits := ix.Search("keep a note", 5); len(hits) == 0 {
		t.Error("a note in prose is not found")
	}
}

// A service's name in a task says which service, and has no lexicon
// relatives: "notion" is not "idea".
func TestServiceNamesHaveNoRelatives(t *testing.T) {
	ix := NewIndex([]Contract{
		svcTool("notion.notion_find", "Find pages."),
		svcTool("ideas.board", "Collects every idea and impression."),
	})
	for _, h := range ix.Search("notion", 5) {
		if h.ID == "ideas.board" {
			t.Errorf("the service name reaches %s through its relatives", h.ID)
		}
	}
}

// A verb that opens a collocation takes the collocation's class and
// relatives when the collocation does not mean the verb: "get rid of"
// edits and does not fetch; "pull in" still pulls.
func TestCollocationsThatMeanSomethingElse(t *testing.T) {
	find := func(q, own string) concept {
		for _, c := range concepts(parseQuery(q)) {
			if c.own == own {
				return c
			}
		}
		t.Fatalf("%q: no concept %s", q, own)
		return concept{}
	}
	c := find("get rid of the paragraph", "get")
	if e, r := c.verbClass(); !e || r {
		t.Errorf("get rid of: edits %v reads %v, want an edit", e, r)
	}
	if hasRel(c.relatives, "fetch") || !hasRel(c.relatives, "remov") {
		t.Errorf("get rid of: relatives %v, want remove and not fetch", c.relatives)
	}
	c = find("pull in the pricing page", "pull")
	if !hasRel(c.relatives, "fetch") {
		t.Errorf("pull in: relatives %v, want fetch", c.relatives)
	}
	// a phrasal verb's compound and its thesaurus relatives
	if c = find("look up the weather", "look"); !hasRel(c.relatives, "lookup") || !hasRel(c.relatives, "search") {
		t.Errorf("look up: relatives %v, want lookup and search", c.relatives)
	}
	// a plain verb keeps its own class
	if e, r := find("get the page", "get").verbClass(); e || !r {
		t.Errorf("get: edits %v reads %v, want a read", e, r)
	}
}

// The verb of a question asks for no change.
func TestQuestionVerbs(t *testing.T) {
	cs := concepts(parseQuery("What did I finish last week?"))
	for _, c := range cs {
		if e, _ := c.verbClass(); e {
			t.Errorf("%s reads as a request to change something", c.own)
		}
	}
}
