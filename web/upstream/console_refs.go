package upstream

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/agentforge/console/instruction/authority/credential"
)

// ConsoleSecret names one of the console's own secrets without its value:
// the variable it came from and a keyed fingerprint, so that a record of
// it (an audit event) can be matched on every replica with the same
// secrets and tells nothing of the value to whoever reads it.
type ConsoleSecret struct {
	// Label is where the value came from ("CONSOLE_ADMIN_PASSWORD", "the
	// password in DATABASE_URL"), or its place among the console's
	// secrets when the console was not told.
	Label string
	// Fingerprint is a keyed hash of the value (hex): the key is made of
	// every console secret, the sealing key among them, so it cannot be
	// tried against guesses by whoever does not hold them all.
	Fingerprint string
}

// consoleLabels maps a console secret's value to its label
// (SetConsoleSecretLabels).
var consoleLabels atomic.Pointer[map[string]string]

// SetConsoleSecretLabels tells the console where each of its secrets came
// from (value to label, as ConsoleSecretLabelsOf gives them): records of
// a secret name it by that label, never by its value.
func SetConsoleSecretLabels(labels map[string]string) {
	consoleLabels.Store(&labels)
}

// ConsoleSecretLabelsOf is, for the values ConsoleSecretsOf picks from
// environ, the name of the variable each came from.
func ConsoleSecretLabelsOf(environ []string) map[string]string {
	out := map[string]string{}
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			continue
		}
		if pw := dsnPassword(v); pw != "" {
			out[v], out[pw] = k, "the password in "+k
			continue
		}
		if _, named := out[v]; !named && credential.Named(k) {
			out[v] = k
		}
	}
	return out
}

// consoleRefs is one ConsoleSecret per console secret value (values in
// SetConsoleSecrets' order), and the console-only secret set a call's
// arguments are looked at with (ConsoleSecretsIn).
type consoleRefs struct {
	byValue map[string]ConsoleSecret
	set     *secretSet
}

var consoleRefsNow atomic.Pointer[consoleRefs]

// refsOf is the refs of the console secret values: fingerprints keyed by
// all of them, so a change to any one changes every fingerprint.
func refsOf(values []string, words map[string]bool) *consoleRefs {
	sorted := append([]string(nil), values...)
	sort.Strings(sorted)
	key := sha256.Sum256([]byte(strings.Join(sorted, "\x00")))
	r := &consoleRefs{byValue: map[string]ConsoleSecret{}}
	var groups []secretGroup
	for i, v := range values {
		m := hmac.New(sha256.New, key[:])
		m.Write([]byte(v))
		r.byValue[v] = ConsoleSecret{Label: fmt.Sprintf("console secret #%d", i+1), Fingerprint: hex.EncodeToString(m.Sum(nil)[:12])}
		groups = append(groups, secretGroup{forms: append([]string{v}, encodedForms(v)...), console: true, word: words[v]})
	}
	r.set = setOf(groups)
	return r
}

// consoleSecretOf is the ConsoleSecret of console secret value v, labelled
// as SetConsoleSecretLabels said.
func consoleSecretOf(v string) ConsoleSecret {
	var s ConsoleSecret
	if r := consoleRefsNow.Load(); r != nil {
		s = r.byValue[v]
	}
	if l := consoleLabels.Load(); l != nil && (*l)[v] != "" {
		s.Label = (*l)[v]
	}
	return s
}

// ConsoleSecretsIn is the console's own secrets that the arguments args
// hold, in any form the masker knows (none: nil). Every form is looked for
// whatever was found before, so the look costs the same for a right guess
// and a wrong one.
func ConsoleSecretsIn(args []byte) []ConsoleSecret {
	r := consoleRefsNow.Load()
	if r == nil || len(r.set.groups) == 0 {
		return nil
	}
	var out []ConsoleSecret
	for gi, sent := range r.set.sentIn(args) {
		if sent {
			out = append(out, consoleSecretOf(r.set.groups[gi].forms[0]))
		}
	}
	return out
}
