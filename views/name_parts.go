package views

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"
)

// NameParts splits a tool or service name after each "_", "-", "." and
// "/", keeping the separator at the end of its part: a page renders a
// line-break opportunity between the parts, so a long name that must
// wrap breaks where its words meet ("delete_" / "observations") rather
// than before its last letter.
func NameParts(name string) []string {
	var parts []string
	for name != "" {
		i := strings.IndexAny(name, "_-./")
		if i < 0 || i == len(name)-1 {
			parts = append(parts, name)
			break
		}
		parts = append(parts, name[:i+1])
		name = name[i+1:]
	}
	return parts
}

// NameWithBreaks renders a name escaped, with a <wbr> between its
// NameParts.
func NameWithBreaks(name string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		for i, p := range NameParts(name) {
			if i > 0 {
				if _, err := io.WriteString(w, "<wbr>"); err != nil {
					return err
				}
			}
			if _, err := io.WriteString(w, templ.EscapeString(p)); err != nil {
				return err
			}
		}
		return nil
	})
}
