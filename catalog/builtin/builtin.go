// Package builtin embeds the console's default native tool catalog.
package builtin

import (
	_ "embed"

	"github.com/agentforge/console/catalog"
)

//go:embed tools.yaml
var toolsYAML []byte

// Contracts parses the embedded default catalog. It is validated by tests,
// so an error here means the binary was built from a broken file.
func Contracts() ([]catalog.Contract, error) {
	cs, ps := catalog.Parse(catalog.FormatNative, toolsYAML, "")
	if len(ps) > 0 {
		return nil, ps
	}
	return cs, nil
}

// Source returns the embedded YAML document.
func Source() []byte { return append([]byte(nil), toolsYAML...) }
