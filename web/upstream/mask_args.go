package upstream

import (
	"bytes"
	"encoding/json"
)

// MaskArguments is a call's arguments (JSON) with every credential of a
// known shape (credential.Find) written CredentialMark in every string
// and member name, at any depth: what a person may be shown of them.
// They are never masked for equalling a secret of the console or of a
// connection: the caller sent them and has them already, and a view (or
// an answer) that changed when a value equals a secret would tell the
// caller which guess is one. Arguments that are not JSON come back
// masked as text.
func MaskArguments(args []byte) []byte {
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return []byte(maskOne(string(args), nil))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(maskValue(v, nil, nil)); err != nil {
		return []byte(maskOne(string(args), nil))
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}
