package deferred

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Version is the receipt format this package mints and accepts.
const Version = 1

// Receipt kinds. A search receipt activates its names; a SEARCH_REQUIRED
// receipt answers a call to a known but inactive tool and activates
// nothing; a SURFACE_MOVED receipt, which names no tool, records a step at
// which the run's surface moved and left none of its activated tools to
// carry over: it activates nothing and, like every receipt of a later
// step, supersedes the receipts before it, so that a surface coming back
// as it was (a grant given back) revives none of them.
const (
	KindSearch         = ""
	KindSearchRequired = "SEARCH_REQUIRED"
	KindMoved          = "SURFACE_MOVED"
)

// MaxStep is the largest step number a receipt may carry.
const MaxStep = 1 << 30

// MaxRunBytes bounds a run id.
const MaxRunBytes = 128

// ValidRun reports whether a run id is acceptable: 1-128 characters of
// letters, digits and . _ : -, starting with a letter or digit (exactly
// the OpenAPI document's pattern, without a regular expression's cost on
// every receipt).
func ValidRun(run string) bool {
	if len(run) == 0 || len(run) > MaxRunBytes {
		return false
	}
	for i := 0; i < len(run); i++ {
		c := run[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || c != '.' && c != '_' && c != ':' && c != '-') {
			return false
		}
	}
	return true
}

// Receipt is a search result's proof of activation: versioned, bound to
// the run, the surface key, the step and the exact selected names, and
// authenticated by an HMAC-SHA256 over all of them with a server-held key.
type Receipt struct {
	V       int      `json:"v"`
	Kind    string   `json:"kind,omitempty"`
	Run     string   `json:"run"`
	Surface string   `json:"surface"`
	Step    int      `json:"step"`
	Names   []string `json:"names"`
	MAC     string   `json:"mac"`
}

// appendMessage appends the canonical byte string the MAC covers. Every
// field is length-prefixed, so no two receipts share a message.
func appendMessage(b []byte, kind, run, surface string, step int, names []string) []byte {
	field := func(s string) {
		b = strconv.AppendInt(b, int64(len(s)), 10)
		b = append(b, ':')
		b = append(b, s...)
	}
	field("afc-receipt/v" + strconv.Itoa(Version))
	field(kind)
	field(run)
	field(surface)
	field(strconv.Itoa(step))
	field(strconv.Itoa(len(names)))
	for _, n := range names {
		field(n)
	}
	return b
}

// macs keeps keyed HMAC states for reuse: keying one costs two hash
// blocks and several allocations, and every receipt checked needs one.
var macs sync.Pool

type keyedMAC struct {
	key []byte
	h   hash.Hash
	buf []byte
}

// mac computes the receipt MAC of the fields into sum.
func mac(sum *[sha256.Size]byte, key []byte, kind, run, surface string, step int, names []string) {
	m, _ := macs.Get().(*keyedMAC)
	if m == nil || !bytes.Equal(m.key, key) {
		m = &keyedMAC{key: bytes.Clone(key), h: hmac.New(sha256.New, key)}
	} else {
		m.h.Reset()
	}
	m.buf = appendMessage(m.buf[:0], kind, run, surface, step, names)
	m.h.Write(m.buf)
	m.h.Sum(sum[:0])
	macs.Put(m)
}

func sign(key []byte, kind, run, surface string, step int, names []string) string {
	var sum [sha256.Size]byte
	mac(&sum, key, kind, run, surface, step, names)
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// Mint issues a receipt. Only the holder of key can mint one that Verify
// accepts.
func Mint(key []byte, kind, run, surface string, step int, names []string) Receipt {
	ns := append([]string{}, names...)
	return Receipt{V: Version, Kind: kind, Run: run, Surface: surface, Step: step, Names: ns, MAC: sign(key, kind, run, surface, step, ns)}
}

// ID is a short, stable identifier of the receipt for evidence: a digest
// of its MAC (the MAC itself never leaves the response it was minted in).
func (r Receipt) ID() string {
	sum := sha256.Sum256([]byte(r.MAC))
	return hex.EncodeToString(sum[:8])
}

// errMalformed wraps every way a receipt's bytes can be wrong.
var errMalformed = errors.New("malformed")

// Parse decodes one receipt strictly: a JSON object with exactly the
// receipt's fields, the supported version, a valid run id, a 64-hex
// surface key, a step in 0..MaxStep, 1..maxNames distinct names (none for
// a SURFACE_MOVED receipt) and a
// 43-character base64url MAC. Anything else is malformed.
func Parse(raw []byte, maxNames int) (Receipt, error) {
	r, ok := decodeMinted(raw)
	if !ok {
		var err error
		if r, err = decodeStrict(raw); err != nil {
			return r, err
		}
	}
	switch {
	case r.V != Version:
		return r, fmt.Errorf("%w: version %d is not %d", errMalformed, r.V, Version)
	case r.Kind != KindSearch && r.Kind != KindSearchRequired && r.Kind != KindMoved:
		return r, fmt.Errorf("%w: unknown kind %q", errMalformed, r.Kind)
	case !ValidRun(r.Run):
		return r, fmt.Errorf("%w: run is not a run id", errMalformed)
	case !isHex64(r.Surface):
		return r, fmt.Errorf("%w: surface is not a surface key", errMalformed)
	case r.Step < 0 || r.Step > MaxStep:
		return r, fmt.Errorf("%w: step %d is out of range", errMalformed, r.Step)
	case r.Kind == KindMoved && len(r.Names) > 0:
		return r, fmt.Errorf("%w: a %s receipt names no tool", errMalformed, KindMoved)
	case len(r.Names) == 0 && r.Kind != KindMoved:
		return r, fmt.Errorf("%w: names is empty", errMalformed)
	case len(r.Names) > maxNames:
		return r, fmt.Errorf("%w: %d names, over the ceiling of %d", errMalformed, len(r.Names), maxNames)
	case len(r.MAC) != 43:
		return r, fmt.Errorf("%w: mac is not an HMAC-SHA256", errMalformed)
	}
	var sum [sha256.Size]byte
	if n, err := base64.RawURLEncoding.Decode(sum[:], []byte(r.MAC)); err != nil || n != len(sum) {
		return r, fmt.Errorf("%w: mac is not base64url", errMalformed)
	}
	for i, n := range r.Names {
		// names are few (a ceiling bounds them): pairwise beats a map
		if n == "" || len(n) > 200 || slices.Contains(r.Names[:i], n) {
			return r, fmt.Errorf("%w: names must be distinct, non-empty tool ids", errMalformed)
		}
	}
	return r, nil
}

// decodeStrict decodes a receipt with encoding/json: exactly the
// receipt's fields, one JSON value.
func decodeStrict(raw []byte) (Receipt, error) {
	var r Receipt
	if err := checkReceiptKeys(raw); err != nil {
		return r, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, fmt.Errorf("%w: %s", errMalformed, decodeProblem(err))
	}
	if dec.More() {
		return r, fmt.Errorf("%w: more than one JSON value", errMalformed)
	}
	return r, nil
}

// receiptKeys are a receipt's keys, exactly as minted.
var receiptKeys = []string{"v", "kind", "run", "surface", "step", "names", "mac"}

// checkReceiptKeys refuses what encoding/json would silently accept in a
// receipt object: a key that matches a field only case-insensitively
// ("Names") and a key given twice (the last would win), like the API's
// own body check. Syntax errors are left to the decoder.
func checkReceiptKeys(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	seen := make([]bool, len(receiptKeys))
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		k, _ := t.(string)
		i := slices.Index(receiptKeys, k)
		switch {
		case i < 0:
			return fmt.Errorf("%w: unknown key %.40q (keys are case-sensitive)", errMalformed, k)
		case seen[i]:
			return fmt.Errorf("%w: key %q given twice", errMalformed, k)
		}
		seen[i] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil
		}
	}
	return nil
}

// authentic reports whether the receipt's MAC is the key's, in constant
// time.
func (r Receipt) authentic(key []byte) bool {
	// strict: exactly one encoding per MAC, so comparing the decoded
	// bytes is comparing the strings the server minted
	var got, want [sha256.Size]byte
	if n, err := base64.RawURLEncoding.Strict().Decode(got[:], []byte(r.MAC)); err != nil || n != len(got) {
		return false
	}
	mac(&want, key, r.Kind, r.Run, r.Surface, r.Step, r.Names)
	return hmac.Equal(got[:], want[:])
}

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// decodeProblem words a decoding error in the receipt's JSON terms, not
// encoding/json's Go ones ("into Go struct field Receipt.step of type
// int"): the field and the JSON type it must have.
func decodeProblem(err error) string {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return strings.TrimPrefix(err.Error(), "json: ")
	}
	if te.Field == "" {
		return "not a JSON object"
	}
	want := map[reflect.Kind]string{reflect.Int: "an integer", reflect.String: "a string", reflect.Slice: "an array"}[te.Type.Kind()]
	if want == "" {
		want = "another JSON type"
	}
	if f, ok := reflect.TypeOf(Receipt{}).FieldByNameFunc(func(n string) bool { return strings.EqualFold(n, te.Field) }); ok && f.Type.Kind() == reflect.Slice && f.Type != te.Type {
		return "each item of " + te.Field + " must be " + want
	}
	return te.Field + " must be " + want
}
