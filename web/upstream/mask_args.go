package upstream

import (
	"bytes"
	"encoding/json"
	"sort"
)

// MaskArguments is a call's arguments (JSON) with every secret value of
// the connections specs (their --env and --header values, as secretsOf
// picks them for masking the servers' results; pass only the connection
// that serves the tool, so the view tells nothing of another's secrets)
// and the console's own secrets written "[secret]" in
// every string and member name, at any depth, as are their encoded forms
// and the credentials of known shapes (maskValue): what a person may be
// shown of arguments that could repeat a connection's secret. Arguments
// that are not JSON come back masked as text.
func MaskArguments(specs []Spec, args []byte) []byte {
	var secrets []string
	if len(specs) == 0 {
		specs = []Spec{{}} // the console's own secrets still
	}
	for _, sp := range specs {
		secrets = append(secrets, newSecretSet(sp).plain...)
	}
	if len(secrets) == 0 {
		return args
	}
	sort.Slice(secrets, func(i, j int) bool { return len(secrets[i]) > len(secrets[j]) })
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return []byte(maskOne(string(args), secrets))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(maskValue(v, secrets)); err != nil {
		return []byte(maskOne(string(args), secrets))
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}
