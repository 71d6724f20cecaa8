package upstream

import (
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/argon2"

	"github.com/agentforge/console/instruction/authority/credential"
)

// ConsoleSecret names one of the console's own secrets without its value:
// the variable it came from and a keyed fingerprint, so that a record of
// it (an audit event) can be matched on every replica that holds the
// same value, whatever other secrets it has, and tells nothing of the
// value to whoever reads it.
type ConsoleSecret struct {
	// Label is where the value came from ("CONSOLE_ADMIN_PASSWORD", "the
	// password in DATABASE_URL"), or its place among the console's
	// secrets when the console was not told.
	Label string
	// Fingerprint is a slow hash of the value alone (hex, fingerprintOf),
	// never the value.
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

// refsOf is the refs of the console secret values, each fingerprinted
// on its own (fingerprintOf), so a value keeps its fingerprint whatever
// other secrets a replica or a restart has.
func refsOf(values []string, words map[string]bool) *consoleRefs {
	r := &consoleRefs{byValue: map[string]ConsoleSecret{}}
	var groups []secretGroup
	for i, v := range values {
		r.byValue[v] = ConsoleSecret{Label: fmt.Sprintf("console secret #%d", i+1)}
		groups = append(groups, secretGroup{forms: append([]string{v}, encodedForms(v)...), console: true, word: words[v]})
	}
	r.set = setOf(groups)
	warmFingerprints(values)
	return r
}

// fingerprintWarmDelay is how long after the secrets are set their
// fingerprints are computed: after a start has listened, so the slow hash
// (tens of milliseconds of CPU each) is not on the way to the first
// answer, and before any caller could time a first right guess by it.
const fingerprintWarmDelay = time.Second

// warmFingerprints computes the fingerprints of values in the background,
// fingerprintWarmDelay from now; a record needed sooner computes its own
// (fingerprintOf caches either way).
func warmFingerprints(values []string) {
	values = append([]string(nil), values...)
	time.AfterFunc(fingerprintWarmDelay, func() {
		for _, v := range values {
			fingerprintOf(v)
		}
	})
}

// fingerprintSalt fixes what a fingerprint is of: the same on every
// replica and release that matches records by it.
const fingerprintSalt = "agent-forge-console: console secret fingerprint"

// fingerprints caches fingerprintOf by value (computed once a process).
var fingerprints sync.Map

// fingerprintOf is the fingerprint of console secret value v (hex):
// argon2id of v alone under a fixed salt. It depends on no other value,
// so every replica and restart that holds v gives it the same one, and
// the records of v match across them; it is slow to compute (19 MiB,
// two passes), so whoever reads a record cannot try many guesses
// against it.
func fingerprintOf(v string) string {
	if f, ok := fingerprints.Load(v); ok {
		return f.(string)
	}
	f := hex.EncodeToString(argon2.IDKey([]byte(v), []byte(fingerprintSalt), 2, 19*1024, 1, 12))
	fingerprints.Store(v, f)
	return f
}

// consoleSecretOf is the ConsoleSecret of console secret value v, labelled
// as SetConsoleSecretLabels said.
func consoleSecretOf(v string) ConsoleSecret {
	var s ConsoleSecret
	if r := consoleRefsNow.Load(); r != nil {
		if known, ok := r.byValue[v]; ok {
			s = known
			s.Fingerprint = fingerprintOf(v)
		}
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
