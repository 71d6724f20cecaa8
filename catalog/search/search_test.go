package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

func tool(id, title, purpose string, params ...string) catalog.Contract {
	c := catalog.Contract{ID: id, Title: title, Purpose: purpose}
	for _, p := range params {
		c.Params = append(c.Params, catalog.Param{Name: p, Type: "string"})
	}
	return c
}

var roster = []catalog.Contract{
	tool("k8s.kubectl_apply", "Apply", "Apply a configuration to a resource by file name or stdin.", "manifest"),
	tool("k8s.kubectl_get", "Get", "Display one or many resources.", "resourceType", "name"),
	tool("web_screenshot", "Take a screenshot", "Capture an image of a web page.", "url"),
	tool("mem.delete_entities", "Delete entities", "Remove entities and their relations from the knowledge graph.", "entityNames"),
	tool("mem.create_entities", "Create entities", "Store new entities in the knowledge graph.", "entities"),
	tool("browser.file_upload", "Upload files", "Upload one or multiple files to the page.", "paths"),
	tool("issues.add_label", "Add label", "Add a label to an issue.", "label"),
	tool("issues.drop_label", "Drop label", "Remove a label from an issue.", "label"),
	{ID: "helper", Title: "Helper", Purpose: "A code-only helper that applies things.", CodeOnly: true},
}

func ids(hs []Hit) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.ID
	}
	return out
}

// A tool whose name carries the task's word comes first.
func TestLexicalMatchStaysInContention(t *testing.T) {
	ix := New(roster)
	got := ids(ix.Search("apply this ConfigMap YAML to the cluster", 5))
	if len(got) == 0 || got[0] != "k8s.kubectl_apply" {
		t.Fatalf("hits %v, want k8s.kubectl_apply first", got)
	}
}

// Code-only helpers are never indexed, and the index knows its size.
func TestCodeOnlyIsNotIndexed(t *testing.T) {
	ix := New(roster)
	if ix.Len() != len(roster)-1 {
		t.Fatalf("Len %d, want %d", ix.Len(), len(roster)-1)
	}
	if slices.Contains(ids(ix.Search("helper applies things", 25)), "helper") {
		t.Fatal("a code-only helper was returned")
	}
}

// "Nothing fits": a task whose words no tool carries gets no hit that
// fits; a task a tool's text covers does.
func TestFits(t *testing.T) {
	ix := New(roster)
	if hs := ix.Search("what is the capital of Australia", 5); ix.Fits(hs) {
		t.Fatalf("fits %v for a task no tool serves", hs)
	}
	if hs := ix.Search("upload the files to the page", 5); !ix.Fits(hs) {
		t.Fatalf("no fit %v for a task a tool's text covers", hs)
	}
	if ix.Fits(nil) {
		t.Fatal("an empty answer fits")
	}
}

// The same roster in another order ranks alike, limit is respected, and
// an empty task or index answers nothing.
func TestDeterministicAndBounded(t *testing.T) {
	a := New(roster)
	rev := slices.Clone(roster)
	slices.Reverse(rev)
	b := New(rev)
	q := "take a picture of the page"
	if x, y := ids(a.Search(q, 25)), ids(b.Search(q, 25)); !slices.Equal(x, y) {
		t.Fatalf("order-dependent: %v vs %v", x, y)
	}
	if n := len(a.Search("entities", 1)); n != 1 {
		t.Fatalf("limit 1 gave %d hits", n)
	}
	if hs := a.Search("", 5); len(hs) != 0 {
		t.Fatalf("empty task gave %v", hs)
	}
	if hs := New(nil).Search("anything", 5); len(hs) != 0 {
		t.Fatalf("empty index gave %v", hs)
	}
}

// A task that names a service, whole or by its first four or more
// letters, lifts that service's tools; a shorter word names none.
func TestNamedServiceLeads(t *testing.T) {
	ix := New([]catalog.Contract{
		tool("alpha.send_message", "Send message", "Send a chat message to a channel.", "text"),
		tool("bravo.send_message", "Send message", "Send a chat message to a channel.", "text"),
	})
	for q, want := range map[string]string{
		"send a message":            "alpha.send_message", // a tie goes by id
		"send a message with bravo": "bravo.send_message",
		"send a message on Brav":    "bravo.send_message",
		"send a message on br":      "alpha.send_message",
	} {
		if got := ids(ix.Search(q, 5)); got[0] != want {
			t.Errorf("%q: %v, want %s first", q, got, want)
		}
	}
	if got := ids(ix.SearchWith("send a message on Brav", 5, Options{NoServices: true})); got[0] != "alpha.send_message" {
		t.Errorf("without the service stage: %v", got)
	}
}

// Words said only inside quotes or values (an id, a key, a file name)
// weigh less than the request's words; a word said both ways weighs 1.
func TestValuesWeighLess(t *testing.T) {
	terms, w := taskTerms(`set "Upload Files" on session:8812 and upload cv.pdf`)
	want := map[string]float64{"set": 1, "upload": 1, "file": valueWeight, "session": valueWeight, "8812": valueWeight, "cv": valueWeight, "pdf": valueWeight}
	if len(terms) != len(want) {
		t.Fatalf("terms %v, want %v", terms, want)
	}
	for _, term := range terms {
		if w[term] != want[term] {
			t.Errorf("%s weighs %.1f, want %.1f", term, w[term], want[term])
		}
	}
}

func TestTerms(t *testing.T) {
	got := Terms("Please getFileContents of the repos")
	want := []string{"get", "file", "content", "repo"}
	if !slices.Equal(got, want) {
		t.Fatalf("Terms = %v, want %v", got, want)
	}
}

// generated is a catalog of n tools over a vocabulary drawn from the
// lexicon-sized English of tool descriptions.
func generated(n int) []catalog.Contract {
	verbs := strings.Fields("get list create update delete search find fetch send upload download move copy rename archive restore apply run start stop schedule cancel merge compare convert export import share publish tag label assign")
	nouns := strings.Fields("file folder issue comment message channel user team project task event calendar invoice payment customer order product image page document table row column record database query branch commit release deployment pod service secret config note entity relation graph email contact")
	r := rand.New(rand.NewPCG(1, 2))
	out := make([]catalog.Contract, n)
	for i := range out {
		v, o := verbs[r.IntN(len(verbs))], nouns[r.IntN(len(nouns))]
		var d []string
		for range 12 + r.IntN(20) {
			if r.IntN(2) == 0 {
				d = append(d, verbs[r.IntN(len(verbs))])
			} else {
				d = append(d, nouns[r.IntN(len(nouns))])
			}
		}
		out[i] = tool(fmt.Sprintf("svc%d.%s_%s_%d", i%97, v, o, i), v+" "+o, strings.Join(d, " "), o+"Id", "limit")
	}
	return out
}

// BenchmarkSearch10k: one search over 10,000 generated tools (target
// ≤ 1 ms per query).
func BenchmarkSearch10k(b *testing.B) {
	ix := New(generated(10000))
	tasks := []string{"send a message to the team channel", "delete the old branch", "find invoices for this customer",
		"schedule a meeting on my calendar next week", "apply the config to the deployment"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ix.Search(tasks[i%len(tasks)], 25)
	}
}

// BenchmarkIndex10k: building the index of 10,000 generated tools
// (target ≤ 1 s).
func BenchmarkIndex10k(b *testing.B) {
	cs := generated(10000)
	b.ReportAllocs()
	for b.Loop() {
		New(cs)
	}
}

// Matched is the idf a task shares with a tool's text; an unknown tool
// shares nothing, and the threshold is the idf of a word one tool in
// eight carries.
func TestMatchedAndThreshold(t *testing.T) {
	ix := New(roster)
	if m := ix.Matched("upload files", "nobody"); m != 0 {
		t.Errorf("unknown tool matched %.2f", m)
	}
	if a, b := ix.Matched("upload files", "browser.file_upload"), ix.Matched("upload", "browser.file_upload"); a <= b || b <= 0 {
		t.Errorf("matched %.2f for two shared words, %.2f for one", a, b)
	}
	big := New(generated(800))
	if th := big.Threshold(); th < 2 || th > 2.2 {
		t.Errorf("threshold %.2f on 800 tools, want about 2.1", th)
	}
}
