package models

import (
	"bytes"
	"context"
	"fmt"
	"strings"
)

// TablesContaining lists every table with a value holding text, in any
// column: the check that run evidence never keeps a query, a prompt or an
// argument. It reads whole tables; it is for tests and audits, not for
// the request path.
func (s *Store) TablesContaining(ctx context.Context, text string) ([]string, error) {
	tables, err := s.with(ctx).Migrator().GetTables()
	if err != nil {
		return nil, fmt.Errorf("models: list tables: %w", err)
	}
	var out []string
	for _, t := range tables {
		var rows []map[string]any
		if err := s.with(ctx).Table(t).Find(&rows).Error; err != nil {
			return nil, fmt.Errorf("models: scan %s: %w", t, err)
		}
	scan:
		for _, r := range rows {
			for _, v := range r {
				switch v := v.(type) {
				case string:
					if strings.Contains(v, text) {
						out = append(out, t)
						break scan
					}
				case []byte:
					if bytes.Contains(v, []byte(text)) {
						out = append(out, t)
						break scan
					}
				}
			}
		}
	}
	return out, nil
}
