package fidelity_test

import (
	"encoding/json"
	"testing"
)

// TestBlindItemIsScoredOnItsOwnText: a corpus item is one description
// (a tool's or a parameter's), imported with its tool's published input
// schema, whose other parameter descriptions the model also reads and the
// check also reads. The item is scored on what the check flags in its own
// text: a sibling parameter's "Use mobile_list_available_devices" is not
// a finding on the item "Whether to submit the text" (blind9-published
// b9p-073 and 10 more of its first measurement's 18 false alarms), while
// the same unknown tool named in the item's own text still is.
func TestBlindItemIsScoredOnItsOwnText(t *testing.T) {
	const src = "@mobilenext/mobile-mcp@1.0.4 mobile_type_keys"
	var c leakCorpus
	doc := map[string]any{"corpus": "own-text", "items": []map[string]any{
		{"id": "innocent", "tool": "mobile_type_keys", "source": src, "leak": false, "kind": "innocent",
			"text": "Whether to send the typed text. When true, it is sent as though the enter key were pressed."},
		{"id": "leak", "tool": "mobile_type_keys", "source": src, "leak": true, "kind": "identifier",
			"text": "The text to type. Call mobile_list_elements_on_screen first to find the focused field."},
	}}
	raw, _ := json.Marshal(doc)
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	s := measureCorpus(t, c)
	if s.all.fp != 0 || s.all.tp != 1 {
		t.Errorf("%s, want the innocent item clean and the leaky one flagged: %v", s.all, s.misses)
	}
}
