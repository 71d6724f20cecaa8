package models

import (
	"context"
	"fmt"

	"github.com/agentforge/console/catalog"
)

// NamespaceServedError is an import refused because a namespace it
// writes is a connection's: the tools there are the ones its server lists
// (and their reviews), which a file would replace. Nothing was imported.
type NamespaceServedError struct {
	Namespace  string
	Connection string
}

func (e *NamespaceServedError) Error() string {
	return fmt.Sprintf("namespace %q is served by connection %s: its tools come from the server's own list and are reviewed from it, and a file imported there would replace them (and lose their reviews), so nothing was imported; import under another namespace, or remove the connection first (console connection remove %s)", e.Namespace, e.Connection, e.Connection)
}

// servedNamespace refuses an import (NamespaceServedError) that writes
// into a connection's namespace: namespace itself, or for a native
// import (namespace "") the namespace of any of its tools.
func (s *Store) servedNamespace(ctx context.Context, namespace string, o catalog.Outcome) error {
	var spaces []string
	if namespace != "" {
		spaces = []string{namespace}
	} else {
		seen := map[string]bool{}
		for _, c := range o.Contracts {
			if ns := c.Namespace(); ns != "" && !seen[ns] {
				seen[ns] = true
				spaces = append(spaces, ns)
			}
		}
		for _, r := range o.Rejected {
			if ns := (catalog.Contract{ID: r.ID}).Namespace(); ns != "" && !seen[ns] {
				seen[ns] = true
				spaces = append(spaces, ns)
			}
		}
	}
	if len(spaces) == 0 {
		return nil
	}
	var names []string
	if err := s.with(ctx).Model(&Connection{}).Where("name IN ?", spaces).Order("name").Limit(1).Pluck("name", &names).Error; err != nil {
		return err
	}
	if len(names) > 0 {
		return &NamespaceServedError{Namespace: names[0], Connection: names[0]}
	}
	return nil
}
