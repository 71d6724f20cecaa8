package models

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/agentforge/console/instruction/authority"
)

// The bounds of the fields people type. Each check and the message it
// gives use the same constant (or the pattern built from it), so a message
// never states a limit the check does not apply.
const (
	MaxSlug        = 63   // agent, profile and skill slugs
	MaxUsername    = 64   // user names
	MaxName        = 128  // agent and profile names
	MaxKeyName     = 64   // API key names
	MaxMessage     = 500  // version messages and review reasons
	MaxDescription = 2000 // agent descriptions
	MaxComment     = 4000 // review comments
	MaxGrants      = 1000 // grants of one group
)

var (
	slugPattern    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(fmt.Sprintf(`^[a-z0-9][a-z0-9-]{0,%d}$`, MaxSlug-1)) })
	servicePattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(fmt.Sprintf(`^[a-z][a-z0-9_]{0,%d}$`, MaxServiceName-1))
	})
	usernamePattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(fmt.Sprintf(`^[a-z0-9][a-z0-9._-]{1,%d}$`, MaxUsername-1))
	})
)

// MaxServiceName bounds a service (namespace) name.
const MaxServiceName = 64

// slugRule is the message of a slug that breaks slugPattern.
func slugRule() string {
	return fmt.Sprintf("use 1-%d lower-case letters, digits and dashes", MaxSlug)
}

// groupRule is the message of a group name that breaks the group rule.
func groupRule() string {
	return fmt.Sprintf("use 1-%d lower-case letters, digits, dashes and underscores, starting with a letter (%s)", authority.MaxGroupName, authority.GroupRule())
}

// tooLong reports whether a typed text is over its bound of n characters.
// It counts characters, as its message and Postgres's varchar(n) do, not
// bytes: a name in another script is not refused sooner than the message
// says.
func tooLong(s string, n int) bool { return utf8.RuneCountInString(s) > n }

// atMost is the message of a text over its bound.
func atMost(n int) string { return fmt.Sprintf("is at most %d characters", n) }

// requiredAtMost is the message of a required text, empty or over its
// bound.
func requiredAtMost(n int) string { return fmt.Sprintf("is required (at most %d characters)", n) }

// NormalizeLineEndings turns every "\r\n" and lone "\r" of a typed text
// into "\n". Browsers post textareas with "\r\n" (the HTML form encoding),
// other clients send "\n": one text, one form, so a diff, a digest or a
// runtime never sees a difference that is only the line ending.
func NormalizeLineEndings(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}
