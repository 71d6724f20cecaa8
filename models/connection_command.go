package models

import (
	"fmt"
	"strings"

	"github.com/agentforge/console/instruction/authority/credential"
)

// commandCredential says why a connection's command is refused for
// holding a credential, "" when it holds none: a flag named like one
// with a value (--token abc, --api-key=abc, --password x), a credential
// of a known shape (credential.Find), or a URL holding one
// (urlCredential). A command is shown and stored in clear, and every
// local user sees it in ps; a credential goes in --env, sealed and
// write-only. The message names the flag, never its value.
func commandCredential(argv []string) string {
	for i, a := range argv {
		if i > 0 && strings.HasPrefix(a, "-") {
			name, val, eq := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if !eq && i+1 < len(argv) && !strings.HasPrefix(argv[i+1], "-") {
				val = argv[i+1]
			}
			if credential.Named(name) && val != "" {
				return fmt.Sprintf("passes %q a value, which looks like a credential and would be shown and stored in clear (and seen in ps): give it with --env instead (sealed and never shown) and have the server read it from its environment", "--"+name)
			}
		}
		if heldCredential(a) {
			return fmt.Sprintf("argument %d holds a credential, which would be shown and stored in clear (and seen in ps): give it with --env instead (sealed and never shown)", i+1)
		}
		if strings.Contains(a, "://") && urlCredential(a) != "" {
			return fmt.Sprintf("argument %d is a URL that holds a credential, which would be shown and stored in clear: give it with --env instead (sealed and never shown)", i+1)
		}
	}
	return ""
}

// heldCredential says whether a holds a credential of a known shape that
// is a value, not a shell variable's name ($TOKEN, ${TOKEN}: the server's
// environment gives it, as --env sets it).
func heldCredential(a string) bool {
	for _, sp := range credential.Find(a) {
		if !strings.Contains(a[sp[0]:sp[1]], "$") {
			return true
		}
	}
	return false
}
