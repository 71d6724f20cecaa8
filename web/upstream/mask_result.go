package upstream

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority/credential"
)

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
	res, raw, _, err := maskResultWith(secrets.plain, secrets.encoded, res, raw)
	return res, raw, err
}

// maskResultWith is maskResult with the secret forms plain (longest
// first) and the same as encodedInString writes them (enc); hit says
// whether a secret (not a credential shape) was masked.
func maskResultWith(plain []string, enc [][]byte, res *mcp.CallToolResult, raw []byte) (*mcp.CallToolResult, []byte, bool, error) {
	return maskResultBy(func(b []byte) bool { return holdsAny(b, enc) }, func(v any, hit *bool) any { return maskValue(v, plain, hit) }, res, raw)
}

// maskResultBy is maskResultWith masking the decoded result with mask
// (which sets *hit when it masked a secret) when held says the result's
// JSON may hold a secret (a quick look that errs toward masking).
func maskResultBy(held func(b []byte) bool, mask func(v any, hit *bool) any, res *mcp.CallToolResult, raw []byte) (*mcp.CallToolResult, []byte, bool, error) {
	b := raw
	if b == nil {
		var err error
		if b, err = ResultJSON(res); err != nil {
			return nil, nil, false, err
		}
	}
	if !held(b) && credential.Find(jsonUnescaper.Replace(string(b))) == nil {
		return res, raw, false, nil
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, nil, false, err
	}
	var buf bytes.Buffer
	e := json.NewEncoder(&buf)
	e.SetEscapeHTML(false)
	hit := false
	if err := e.Encode(mask(v, &hit)); err != nil {
		return nil, nil, false, err
	}
	out, outRaw, err := decodeResult(bytes.TrimRight(buf.Bytes(), "\n"))
	return out, outRaw, hit, err
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
// string and member name, then the credentials of known shapes; *hit
// (when given) is set when a secret was masked.
func maskValue(v any, secrets []string, hit *bool) any {
	one := func(s string) string {
		m := maskString(s, secrets)
		if hit != nil && m != s {
			*hit = true
		}
		return credential.Mask(m, CredentialMark)
	}
	switch x := v.(type) {
	case string:
		return one(x)
	case []any:
		for i := range x {
			x[i] = maskValue(x[i], secrets, hit)
		}
		return x
	case map[string]any:
		return credential.MaskKeys(x, one, func(_ string, e any) any { return maskValue(e, secrets, hit) })
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
