package upstream

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority/credential"
)

// secretsOf are the secret values of spec that are masked in whatever of
// the server's text leaves the console: each --env and --header value of
// at least minSecret bytes and, for a header value of the form "Scheme
// credential" (Authorization: Bearer …), the credential alone too; and
// the console's own secrets (SetConsoleSecrets); longest first, so a
// value containing another is masked whole.
func secretsOf(spec Spec) []string {
	var out []string
	add := func(v string) {
		if len(v) >= minSecret {
			out = append(out, v)
		}
	}
	for _, v := range spec.Env {
		add(v)
	}
	for _, v := range spec.Headers {
		add(v)
		if scheme, cred, ok := strings.Cut(strings.TrimSpace(v), " "); ok && scheme != "" && !strings.ContainsAny(scheme, "=,") {
			add(strings.TrimSpace(cred))
		}
	}
	// the console's own (console_secrets.go)
	out = append(out, consoleSecretValues()...)
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// secretSet is a connection's secret values (secretsOf) and their
// encoded forms (encodedForms), longest first, each also as
// encodedInString writes it; groups holds each value with its own forms
// (exceptSent drops a value with all of them).
type secretSet struct {
	plain   []string
	encoded [][]byte
	groups  [][]string
}

func newSecretSet(spec Spec) *secretSet {
	var groups [][]string
	for _, v := range secretsOf(spec) {
		groups = append(groups, append([]string{v}, encodedForms(v)...))
	}
	return setOf(groups)
}

// setOf is the secret set of groups (each a value and its forms).
func setOf(groups [][]string) *secretSet {
	s := &secretSet{groups: groups}
	for _, g := range groups {
		s.plain = append(s.plain, g...)
	}
	sort.SliceStable(s.plain, func(i, j int) bool { return len(s.plain[i]) > len(s.plain[j]) })
	for _, v := range s.plain {
		s.encoded = append(s.encoded, encodedInString(v))
	}
	return s
}

// maskResult is a call's result with every secret value (or encoded
// form of one) masked "[secret]" and every credential of a known shape
// (credential.Find: another service's token the server writes) masked
// "[credential]" in every string it holds, at any depth and in member
// names too (the text of each content block, structured content, _meta, a
// resource's text), with its JSON as decodeResult gives it; the result as
// it came when it holds none. raw is the result's JSON when at hand (nil:
// encoded here).
//
// The result is looked at as ResultJSON writes it: that encoder escapes
// each character alone, so a string holding a secret is written with the
// secret's own encoding inside it, and a result whose JSON holds none of
// them holds no secret (the usual case costs a scan, no decoding).
func maskResult(secrets *secretSet, res *mcp.CallToolResult, raw []byte) (*mcp.CallToolResult, []byte, error) {
	b := raw
	if b == nil {
		var err error
		if b, err = ResultJSON(res); err != nil {
			return nil, nil, err
		}
	}
	found := false
	for _, s := range secrets.encoded {
		if bytes.Contains(b, s) {
			found = true
			break
		}
	}
	if !found && credential.Find(jsonUnescaper.Replace(string(b))) == nil {
		return res, raw, nil
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(maskValue(v, secrets.plain)); err != nil {
		return nil, nil, err
	}
	return decodeResult(bytes.TrimRight(buf.Bytes(), "\n"))
}

// jsonUnescaper undoes the escapes a JSON string writes for whitespace,
// quotes and slashes, so the quick look at a result's JSON sees
// "Bearer\n<token>" as the per-string masking does (a look that errs
// toward decoding: JSON's own punctuation may add a match, never hide
// one).
var jsonUnescaper = strings.NewReplacer(`\t`, "\t", `\n`, "\n", `\r`, "\r", `\f`, "\f", `\b`, "\b", `\"`, `"`, `\/`, "/", `\\`, `\`)

// CredentialMark stands in a server's answer for a credential of a known
// shape (credential.Find) that no connection's secret is.
const CredentialMark = "[credential]"

// maskValue is v (a decoded JSON value) with the secrets masked in every
// string and member name, then the credentials of known shapes.
func maskValue(v any, secrets []string) any {
	switch x := v.(type) {
	case string:
		return maskOne(x, secrets)
	case []any:
		for i := range x {
			x[i] = maskValue(x[i], secrets)
		}
		return x
	case map[string]any:
		return credential.MaskKeys(x, func(k string) string { return maskOne(k, secrets) }, func(_ string, e any) any { return maskValue(e, secrets) })
	}
	return v
}

// maskOne is s with the secrets (plain values and encoded forms, longest
// first) written "[secret]", then every credential of a known shape
// written CredentialMark: results, error texts, health messages and the
// reviewer's view of arguments all mask through it.
func maskOne(s string, secrets []string) string {
	return credential.Mask(maskString(s, secrets), CredentialMark)
}

func maskString(s string, secrets []string) string {
	for _, v := range secrets {
		s = maskSecret(s, v)
	}
	return s
}

// encodedInString is s as ResultJSON writes it inside a string (without
// the quotes).
func encodedInString(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b := bytes.TrimRight(buf.Bytes(), "\n")
	return b[1 : len(b)-1]
}
