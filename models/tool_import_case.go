package models

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// refuseCaseTwins is o with every tool whose id differs only in letter
// case from another tool's (a stored tool that is or was approved, or a
// candidate, or one earlier in the same list: evil.Send_Mail beside
// evil.send_mail) moved to its rejected tools, naming the field and the
// other id: a reviewer could not tell the two apart in a list, nor a
// model in its instructions. The tool stored under the id keeps it; a
// rejected tool never holds an id against another.
func refuseCaseTwins(o catalog.Outcome, stored []Tool) catalog.Outcome {
	held := map[string]string{}
	approved := map[string]bool{}
	for _, t := range stored {
		k := strings.ToLower(t.ID)
		if t.Status == ToolRejected && t.PrevDigest == "" || approved[k] {
			continue
		}
		if _, ok := held[k]; !ok || t.EverApproved() {
			// of twins stored before they were refused, the approved one
			// keeps the name
			held[k], approved[k] = t.ID, t.EverApproved()
		}
	}
	var kept []catalog.Contract
	for i, c := range o.Contracts {
		k := strings.ToLower(c.ID)
		if other, ok := held[k]; ok && other != c.ID {
			o.Rejected = append(o.Rejected, caseTwinRejection(c, other, i))
			continue
		}
		if _, ok := held[k]; !ok {
			held[k] = c.ID
		}
		kept = append(kept, c)
	}
	o.Contracts = kept
	return o
}

// caseTwinRejection is the rejection of contract c (the i-th of its
// list) whose id differs from other's only in letter case.
func caseTwinRejection(c catalog.Contract, other string, i int) catalog.Rejection {
	return catalog.Rejection{Index: i + 1, Name: c.Name(), ID: c.ID, Descriptor: catalog.CanonicalJSON(c),
		Problems: catalog.Problems{catalog.CaseTwin(c.Name(), c.ID, other)}}
}
