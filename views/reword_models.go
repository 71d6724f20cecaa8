package views

// the model reads instead of the imported one (Text, by By), and the form
// a reviewer who did not import the tool records one with.
type RewordData struct {
	// Text is the rewording in force ("" when none applies to this
	// digest); Imported is the imported description it replaces.
	Text, By, Imported string
	// Stale: a rewording was recorded for an earlier version.
	Stale bool
	// CanReword: the viewer may record a rewording (a reviewer who did
	// not import the tool, which is not rejected).
	CanReword        bool
	ID, Digest, CSRF string
}

// ParamRewordData is a tool's reviewed rewordings of its parameters'
// descriptions: per parameter, the imported description and the
// rewording the model reads instead (if any), and the form a reviewer
// who did not import the tool records them with.
type ParamRewordData struct {
	Rows []ParamRewordRow
	// By recorded the rewordings in force; Stale: rewordings were
	// recorded for an earlier version.
	By    string
	Stale bool
	// CanReword: the viewer may record rewordings (as RewordData).
	CanReword        bool
	ID, Digest, CSRF string
}

// ParamRewordRow is one parameter (or nested property, item, variant)
// on the form: its JSON pointer in the input schema, its name as the
// page shows it, its imported description and its rewording ("": none).
type ParamRewordRow struct {
	Pointer, Name, Imported, Text string
}

// Reworded counts the rows whose description is reworded.
func (d ParamRewordData) Reworded() int {
	n := 0
	for _, r := range d.Rows {
		if r.Text != "" {
			n++
		}
	}
	return n
}
