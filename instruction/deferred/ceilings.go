package deferred

import (
	"fmt"

	"github.com/agentforge/console/catalog"
)

// Ceilings bound what one search or one step may carry. Going over one is
// an error the caller sees (a 4xx naming the field), never a silent
// truncation.
type Ceilings struct {
	QueryBytes  int `json:"query_bytes"`  // bytes of one search query
	Results     int `json:"results"`      // hits (and receipt names) of one search
	Active      int `json:"active"`       // active tools of one step
	SchemaBytes int `json:"schema_bytes"` // canonical contract bytes of one step's active tools
	Receipts    int `json:"receipts"`     // receipts one request may send back
}

// DefaultCeilings are the ceilings when nothing is configured.
func DefaultCeilings() Ceilings {
	return Ceilings{QueryBytes: catalog.MaxQueryBytes, Results: catalog.MaxSearchLimit, Active: 48, SchemaBytes: 256 << 10, Receipts: 512}
}

// Validate checks every ceiling is positive and the search ceilings stay
// within what the catalog's search can honour.
func (c Ceilings) Validate() error {
	switch {
	case c.QueryBytes < 1 || c.QueryBytes > catalog.MaxQueryBytes:
		return fmt.Errorf("deferred: query bytes ceiling %d is not in 1..%d", c.QueryBytes, catalog.MaxQueryBytes)
	case c.Results < 1 || c.Results > catalog.MaxSearchLimit:
		return fmt.Errorf("deferred: results ceiling %d is not in 1..%d", c.Results, catalog.MaxSearchLimit)
	case c.Active < 1:
		return fmt.Errorf("deferred: active ceiling %d is not positive", c.Active)
	case c.SchemaBytes < 1:
		return fmt.Errorf("deferred: schema bytes ceiling %d is not positive", c.SchemaBytes)
	case c.Receipts < 1:
		return fmt.Errorf("deferred: receipts ceiling %d is not positive", c.Receipts)
	}
	return nil
}

// InputError is a request the package refuses: Field names the request
// field. Limit is the ceiling it went over (0 when it is not a ceiling).
type InputError struct {
	Field   string
	Limit   int
	Message string
}

// Error says which field is at fault and why.
func (e *InputError) Error() string { return e.Field + ": " + e.Message }

func overCeiling(field string, got, limit int, what string) error {
	return &InputError{Field: field, Limit: limit, Message: fmt.Sprintf("%s is %d, over the ceiling of %d", what, got, limit)}
}
