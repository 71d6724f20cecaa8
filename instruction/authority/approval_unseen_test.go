package authority

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAReviewerSeesEveryArgumentOrCannotApprove: a view of arguments that
// fit is whole (ViewIsCut false), with every invisible format character
// escaped so a bidi override cannot make "bob\u202e999 tnuocca" read as
// another recipient; a view cut at MaxArgumentsView says so, and
// ViewIsCut reports it (the request cannot be approved).
func TestAReviewerSeesEveryArgumentOrCannotApprove(t *testing.T) {
	v := ArgumentsView([]byte(`{"amount":5,"to":"bob\u202e999 tnuocca\u202c","note":"a\u200bb"}`))
	if strings.ContainsAny(v, "\u202e\u202c\u200b") || !strings.Contains(v, `bob\u202e999`) || !strings.Contains(v, `a\u200bb`) {
		t.Fatalf("format characters reach the reviewer raw: %q", v)
	}
	var back map[string]any
	if err := json.Unmarshal([]byte(v), &back); err != nil || back["to"] != "bob\u202e999 tnuocca\u202c" {
		t.Fatalf("the escaped view is not the same JSON: %v %v", back, err)
	}
	if ViewIsCut(v) {
		t.Fatal("a whole view reads as cut")
	}
	if ViewIsCut(ArgumentsView([]byte(`{"memo":" more bytes not shown"}`))) {
		t.Fatal("a value that ends like the cut note makes a whole view read as cut")
	}
	big := `{"amount":5,"memo":"` + strings.Repeat("Monthly rent payment, routine. ", MaxArgumentsView/30+10) + `","to":"attacker-account-666"}`
	cut := ArgumentsView([]byte(big))
	if !ViewIsCut(cut) || strings.Contains(cut, "attacker-account-666") || len(cut) > MaxArgumentsView {
		t.Fatalf("a view over the bound: cut=%v, %d bytes", ViewIsCut(cut), len(cut))
	}
}
