package catalog

import "slices"

// ReservedIDs are the ids of the tools the composer itself provides: the
// deferred-mode search tool and the skill loader (instruction's synthetic
// tools). No catalog tool may take one: a step would teach two tools of
// one name, and a call or a check by that name would reach the catalog's
// tool while the model meant the console's.
var ReservedIDs = []string{"search_tools", "load_skill"}

// Reserved reports whether id is one of ReservedIDs.
func Reserved(id string) bool { return slices.Contains(ReservedIDs, id) }

// checkReserved reports every imported contract that takes a reserved id.
func checkReserved(ps *Problems, cs []Contract) {
	for _, c := range cs {
		if Reserved(c.ID) {
			ps.add(c.ID, "id", "%q is the id of the console's own tool: an imported tool cannot take it (a step would teach two tools of that name)", c.ID)
		}
	}
}
