package authority

// The four sets, in the order of the formula
// requested ∩ delegated ∩ authorized ∩ available.
const (
	SetRequested  = "requested"
	SetDelegated  = "delegated"
	SetAuthorized = "authorized"
	SetAvailable  = "available"
)

// SetOrder lists the four sets in formula order.
var SetOrder = []string{SetRequested, SetDelegated, SetAuthorized, SetAvailable}

// Sets are the inputs of the effective roster. Candidates is the order to
// consider tools in (profile order, then declared order, then anything
// requested); each set is a membership test. A nil Requested means the
// conversation picked nothing in particular: everything is requested.
type Sets struct {
	Candidates []string
	Requested  map[string]bool
	Delegated  map[string]bool
	Authorized map[string]bool
	Available  map[string]bool
}

// Drop is a candidate the intersection removed: Set is the first set (in
// formula order) that lacks it, Missing every set that does.
type Drop struct {
	ID      string   `json:"id"`
	Set     string   `json:"set"`
	Missing []string `json:"missing"`
}

// Intersect computes the effective roster in candidate order and says
// which set removed every other candidate. An empty set stays empty:
// a non-nil empty map removes everything.
func Intersect(s Sets) (effective []string, dropped []Drop) {
	seen := make(map[string]bool, len(s.Candidates))
	for _, id := range s.Candidates {
		if seen[id] {
			continue
		}
		seen[id] = true
		var missing []string
		if s.Requested != nil && !s.Requested[id] {
			missing = append(missing, SetRequested)
		}
		if !s.Delegated[id] {
			missing = append(missing, SetDelegated)
		}
		if !s.Authorized[id] {
			missing = append(missing, SetAuthorized)
		}
		if !s.Available[id] {
			missing = append(missing, SetAvailable)
		}
		if len(missing) == 0 {
			effective = append(effective, id)
			continue
		}
		dropped = append(dropped, Drop{ID: id, Set: missing[0], Missing: missing})
	}
	return effective, dropped
}
