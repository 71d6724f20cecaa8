package web

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"testing"
)

// When the response cache is full, an answer enters it only on its key's
// second miss, in place of answers taken at random: a flood of distinct
// requests no longer empties the cache, and a request asked again still
// gets in.
func TestAFullResponseCacheAdmitsOnASecondMiss(t *testing.T) {
	var rc receiptCache
	body := func() []byte { return bytes.Repeat([]byte{'x'}, 64<<10) }
	for i := 0; rc.respBytes+(64<<10) <= maxCachedResponseBytes; i++ {
		if !rc.keep(string(rune(i)), cachedResponse{body: body()}) {
			t.Fatalf("answer %d was not kept by a cache with room", i)
		}
	}
	held := len(rc.responses)
	if rc.keep("new", cachedResponse{body: body()}) {
		t.Fatal("a full cache held a key on its first miss")
	}
	if _, ok := rc.response([]byte("new")); ok || len(rc.responses) != held {
		t.Fatalf("a full cache took a key on its first miss: %d answers, %d before", len(rc.responses), held)
	}
	if !rc.keep("new", cachedResponse{body: body()}) {
		t.Fatal("a full cache did not take a key on its second miss")
	}
	if _, ok := rc.response([]byte("new")); !ok || len(rc.responses) != held || rc.respBytes > maxCachedResponseBytes {
		t.Fatalf("after the second miss the cache holds %d answers (%d before) and %d bytes: want the new one in place of another",
			len(rc.responses), held, rc.respBytes)
	}
	// a key the full cache holds, kept again (two concurrent misses of one
	// request), stays: it is replaced, not put to the doorkeeper
	if !rc.keep("new", cachedResponse{body: bytes.Repeat([]byte{'y'}, 256<<10)}) {
		t.Fatal("a full cache refused a key it holds")
	}
	if _, ok := rc.response([]byte("new")); !ok || rc.respBytes > maxCachedResponseBytes {
		t.Fatalf("a full cache lost a key it held when it was kept again: %d answers, %d bytes", len(rc.responses), rc.respBytes)
	}
	// a body in a buffer sized by an estimate is copied: the caller keeps
	// its buffer
	if rc.keep("wide", cachedResponse{body: make([]byte, 10, 100)}) {
		t.Fatal("the cache claimed a buffer it copied")
	}
}

// Compose answers are encoded into lent buffers that go back once written
// unless the response cache holds them: answers asked again, from the
// cache or composed anew, stay byte for byte what they were while a flood
// of distinct requests (more than the cache holds) borrows the buffers.
func TestComposeAnswersSurviveLentBuffers(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	_, first := h.api(http.MethodPost, "/api/v1/compose", key, `{"agent":"analyst"}`)
	var roster struct {
		Roster []string `json:"roster"`
	}
	if err := json.Unmarshal(first, &roster); err != nil || len(roster.Roster) < 8 {
		t.Fatalf("analyst: %v, %d tools", err, len(roster.Roster))
	}
	tiers, forms, encs := []string{"full", "standard", "compact"}, []string{"full", "compact"}, []string{"o200k_base", "cl100k_base"}
	rng := rand.New(rand.NewPCG(28, 5))
	var bodies, answers [][]byte
	size := 0
	for i := 0; size < 2*maxCachedResponseBytes; i++ {
		var tools []string
		for _, id := range roster.Roster {
			if rng.IntN(2) == 0 {
				tools = append(tools, id)
			}
		}
		b, _ := json.Marshal(map[string]any{"agent": "analyst", "tools": tools, "tier": tiers[rng.IntN(3)], "catalog_form": forms[rng.IntN(2)], "encoding": encs[rng.IntN(2)]})
		res, a := h.api(http.MethodPost, "/api/v1/compose", key, b)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("request %d: %d %s", i, res.StatusCode, a)
		}
		bodies, answers, size = append(bodies, b), append(answers, a), size+len(a)
		if i%40 == 0 {
			if _, again := h.api(http.MethodPost, "/api/v1/compose", key, `{"agent":"analyst"}`); !bytes.Equal(again, first) {
				t.Fatalf("after %d distinct requests the repeated request's answer differs", i+1)
			}
		}
	}
	for i := 0; i < len(bodies); i += 3 {
		if _, again := h.api(http.MethodPost, "/api/v1/compose", key, bodies[i]); !bytes.Equal(again, answers[i]) {
			t.Fatalf("distinct request %d answered differently the second time", i)
		}
	}
}
