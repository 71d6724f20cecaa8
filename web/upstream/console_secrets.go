package upstream

import (
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/agentforge/console/instruction/authority/credential"
)

// The console's own secrets (its database URL and password, the key that
// seals connection secrets, the audit and receipt keys, the first admin's
// password) are masked in whatever a server says, as each connection's
// own secrets are: a server that reads them anyway (the console's
// /proc/<pid>/environ where the operating system lets it, the key file
// beside a SQLite database) cannot hand them to a client through a
// result, an error or a tool's description.

// minConsoleSecret: a console secret shorter than this is not masked
// (so short a value hides nothing, and masking it would blank ordinary
// text).
const minConsoleSecret = 8

// wordOnlyBelow: a console secret shorter than this (8 to 15 bytes; a
// database password such as "postgres", "changeme" or "admin123") is
// masked only where it stands as a word of its own, not inside a longer
// word or identifier, so a tool named postgres_query or a "postgresql"
// in a server's text keeps its name; a longer one is masked wherever it
// stands.
const wordOnlyBelow = 16

// DistinctiveLength is the length in bytes from which a console secret
// is told from ordinary text whatever its characters (wordOnlyBelow).
const DistinctiveLength = wordOnlyBelow

// distinctive says whether console secret v can be told from ordinary
// text: 16 bytes or longer, or mixing at least three kinds of character
// (lower-case letters, upper-case letters, digits, anything else). A
// value that cannot ("postgres", "password", "changeme", "admin123": a
// word, or a word and a number) is no secret a server's answer can be
// judged by: finding it is no sign of an exposure (a server saying
// "postgres" names a database engine), and masking it would blank
// ordinary words and name the secret to whoever saw "[secret]" where the
// word belongs. It is guarded as a value shorter than 8 bytes is: not at
// all in what servers say.
func distinctive(v string) bool {
	if len(v) >= wordOnlyBelow {
		return true
	}
	var lower, upper, digit, other int
	for _, r := range v {
		switch {
		case unicode.IsLower(r):
			lower = 1
		case unicode.IsUpper(r):
			upper = 1
		case unicode.IsDigit(r):
			digit = 1
		default:
			other = 1
		}
	}
	return lower+upper+digit+other >= 3
}

// consoleSet is what SetConsoleSecrets set: the values, and those of
// them masked only as a whole word. One pointer holds both, so a reader
// never sees the values of one call with the words of another.
type consoleSet struct {
	values []string
	words  map[string]bool
}

var consoleSecrets atomic.Pointer[consoleSet]

// SetConsoleSecrets sets the console's own secret values, masked in every
// connection's answers alongside its own (values shorter than 8 bytes, and
// values that cannot be told from ordinary text (distinctive), are left
// out, and one shorter than 16 bytes is masked only as a whole word). It
// returns how many values it left out for being ordinary text. Set it
// before the first connection is used.
func SetConsoleSecrets(values ...string) (ordinary int) {
	var out []string
	words := map[string]bool{}
	for _, v := range values {
		if len(v) >= minConsoleSecret && !distinctive(v) {
			ordinary++
			continue
		}
		if len(v) >= minConsoleSecret {
			out = append(out, v)
			if len(v) < wordOnlyBelow {
				words[v] = true
			}
		}
	}
	consoleSecrets.Store(&consoleSet{values: out, words: words})
	consoleRefsNow.Store(refsOf(out, words))
	return ordinary
}

// maskSecret is s with secret v written "[secret]": everywhere, or for a
// short console secret (wordOnlyBelow) only where no letter, digit, "_"
// or "-" stands right before or after it.
func maskSecret(s, v string) string {
	if p := consoleSecrets.Load(); p == nil || !p.words[v] {
		return strings.ReplaceAll(s, v, "[secret]")
	}
	var b strings.Builder
	i := 0
	for {
		j := strings.Index(s[i:], v)
		if j < 0 {
			break
		}
		j += i
		before, _ := utf8.DecodeLastRuneInString(s[:j])
		after, _ := utf8.DecodeRuneInString(s[j+len(v):])
		if j > 0 && wordRune(before) || j+len(v) < len(s) && wordRune(after) {
			b.WriteString(s[i : j+1])
			i = j + 1
			continue
		}
		b.WriteString(s[i:j])
		b.WriteString("[secret]")
		i = j + len(v)
	}
	if i == 0 {
		return s
	}
	b.WriteString(s[i:])
	return b.String()
}

// wordRune says whether r joins the characters around it into one word
// or identifier.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-'
}

// consoleSecretValues is what SetConsoleSecrets set (nil: nothing).
func consoleSecretValues() []string {
	if p := consoleSecrets.Load(); p != nil {
		return p.values
	}
	return nil
}

// ConsoleSecretsOf picks the console's secret variables from environ (as
// os.Environ gives it): every variable holding a password the way libpq
// and pgx take one (a URL's user info or its ?password= parameter, a
// key=value DSN's password=, as DATABASE_URL may: the whole value and the
// password alone), and every variable whose name holds a secret by the
// one name rule (credential.Named: PGPASSWORD, CONSOLE_SECRETS_KEY,
// CONSOLE_ADMIN_PASSWORD, CONSOLE_AUDIT_KEY, CONSOLE_RECEIPT_KEY, a cloud
// token). It returns their names (to remove from the console's
// environment) and their values (to mask). A password file (PGPASSFILE,
// ~/.pgpass) is a file, not a variable: its content is not read here.
func ConsoleSecretsOf(environ []string) (names, values []string) {
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			continue
		}
		if pw := dsnPassword(v); pw != "" {
			names, values = append(names, k), append(values, v, pw)
			continue
		}
		if credential.Named(k) {
			names, values = append(names, k), append(values, v)
		}
	}
	return names, values
}

// Ordinary says whether secret v looks like ordinary text: under
// DistinctiveLength bytes with fewer than three kinds of character (the
// rule that leaves such a console secret out of the checks). A
// connection secret like that is still masked where a server repeats it,
// which lets a caller who plants guesses in text a tool reads back learn
// it from which guess comes back masked.
func Ordinary(v string) bool { return !distinctive(v) }
