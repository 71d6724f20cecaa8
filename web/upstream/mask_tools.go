package upstream

import (
	"bytes"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority/credential"
)

// SecretMark stands in a server's text for a connection's secret value
// (or an encoded form of it).
const SecretMark = "[secret]"

// maskTools is a server's tool list with the connection's secret values,
// and their encoded forms, written SecretMark in every string of every
// tool (its name, description, schemas, annotations, _meta): a server
// that writes a secret into a tool's text never gets it imported,
// reviewed, listed or composed. A tool holding none is the one listed.
func maskTools(secrets *secretSet, tools []*mcp.Tool) ([]*mcp.Tool, error) {
	if len(secrets.plain) == 0 {
		return tools, nil
	}
	for i, t := range tools {
		b, err := marshalUnescaped(t)
		if err != nil {
			return nil, err
		}
		if !holdsAny(b, secrets.encoded) {
			continue
		}
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		if b, err = json.Marshal(maskSecretsOnly(v, secrets.plain)); err != nil {
			return nil, err
		}
		var masked mcp.Tool
		if err := json.Unmarshal(b, &masked); err != nil {
			return nil, err
		}
		tools[i] = &masked
	}
	return tools, nil
}

// marshalUnescaped is v's JSON with &, < and > written as they are (not
// \u0026…), the way secretSet.encoded holds a secret's forms.
func marshalUnescaped(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

func holdsAny(b []byte, encoded [][]byte) bool {
	for _, s := range encoded {
		if bytes.Contains(b, s) {
			return true
		}
	}
	return false
}

// maskSecretsOnly is maskValue without the credential shapes: a tool's
// text keeps its examples, only the connection's own values go.
func maskSecretsOnly(v any, secrets []string) any {
	switch x := v.(type) {
	case string:
		return maskString(x, secrets)
	case []any:
		for i := range x {
			x[i] = maskSecretsOnly(x[i], secrets)
		}
		return x
	case map[string]any:
		return credential.MaskKeys(x, func(k string) string { return maskString(k, secrets) }, func(_ string, e any) any { return maskSecretsOnly(e, secrets) })
	}
	return v
}
