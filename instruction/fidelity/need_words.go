package fidelity

import "strings"

// NeedWords is a capability finding's class in a reader's words, the one
// wording the web pages and the command line share: "action:upload"
// reads "asks to upload", "tool:formatter" "asks for a tool formatter",
// "service:crm" "asks for the crm service", "name:acme" "names acme",
// "email" "asks for email"; the checker's labels never reach a reader.
func NeedWords(class string) string {
	kind, v, ok := strings.Cut(class, ":")
	if !ok || v == "" {
		return "asks for " + class
	}
	switch kind {
	case "action":
		return "asks to " + v
	case "tool":
		return "asks for a tool " + v
	case "service":
		return "asks for the " + v + " service"
	case "name":
		return "names " + v
	}
	return "asks for " + v
}
