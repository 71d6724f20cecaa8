// Package builtin embeds the console's default native tool catalog.
package builtin

import (
	_ "embed"
	"strings"

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

// idLine starts the line of each tool's id in tools.yaml (the first key of
// each item of the tools list).
const idLine = "  - id: "

// IDs lists the built-in tools' ids in catalog order without parsing the
// catalog (about 10 ms at every process start for a caller that only needs
// the ids). TestIDsAreTheContractsIDs keeps it equal to Contracts' ids.
func IDs() []string {
	var ids []string
	for _, line := range strings.Split(string(toolsYAML), "\n") {
		if id, ok := strings.CutPrefix(line, idLine); ok {
			ids = append(ids, strings.Trim(strings.TrimSpace(id), `"'`))
		}
	}
	return ids
}

// Source returns the embedded YAML document.
func Source() []byte { return append([]byte(nil), toolsYAML...) }
