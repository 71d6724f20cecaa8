package web

import (
	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// appendExposed appends k to ts when its description says it returns its
// server's environment or credentials (catalog.ExposesSecrets).
func appendExposed(ts []views.ExposedTool, k catalog.Contract) []views.ExposedTool {
	if what := catalog.ExposesSecrets(k); what != "" {
		ts = append(ts, views.ExposedTool{ID: k.ID, What: what})
	}
	return ts
}

// exposedByService lists, per service (a connection's name), the tools
// not rejected whose imported descriptions say they return secrets: the
// Connections page warns of them in the connection's row.
func exposedByService(snap *Snapshot) map[string][]views.ExposedTool {
	out := map[string][]views.ExposedTool{}
	for _, r := range snap.Rows() {
		if r.Status == models.ToolRejected {
			continue
		}
		k, err := r.Parsed()
		if err != nil || k.Namespace() == "" {
			continue
		}
		out[k.Namespace()] = appendExposed(out[k.Namespace()], k)
	}
	return out
}
