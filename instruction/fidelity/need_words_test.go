package fidelity

import "testing"

// TestNeedWordsSaysEachKindOfClassInWords: every kind of class the checker
// labels reads as words, and an unlabelled class keeps its name.
func TestNeedWordsSaysEachKindOfClassInWords(t *testing.T) {
	for class, want := range map[string]string{
		"action:upload":  "asks to upload",
		"tool:formatter": "asks for a tool formatter",
		"service:crm":    "asks for the crm service",
		"name:acme":      "names acme",
		"other:thing":    "asks for thing",
		"email":          "asks for email",
		"action:":        "asks for action:",
	} {
		if got := NeedWords(class); got != want {
			t.Errorf("NeedWords(%q) = %q, want %q", class, got, want)
		}
	}
}
