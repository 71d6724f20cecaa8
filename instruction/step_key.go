package instruction

import "strconv"

// prefixKey is stablePrefix's memo key for the prefix pre with reachable
// tools behind search: the options that shape its text, the services, each
// skill (its strings quoted as %q quotes them) and each roster entry's id
// and digest, with its approval mark. It is appended byte by byte instead
// of formatted: it is built for every deferred composition, each lever's
// included, and fmt's formatting was most of its cost.
func prefixKey(pre Input, reachable int) string {
	n := len(pre.Options.Tier) + len(pre.Options.CatalogForm) + len(pre.Options.Host) + 32
	for _, s := range pre.Services {
		n += len(s) + 1
	}
	for _, k := range pre.Skills {
		n += len(k.Slug) + len(k.Digest) + len(k.Name) + len(k.Summary) + 32
		for _, id := range k.RequiredTools {
			n += len(id) + 1
		}
	}
	for _, e := range pre.Roster {
		n += len(e.ID()) + len(e.Digest()) + 11
	}
	b := make([]byte, 0, n)
	b = append(b, pre.Options.Tier...)
	b = append(b, '|')
	b = append(b, pre.Options.CatalogForm...)
	b = append(b, '|')
	b = append(b, pre.Options.Host...)
	b = append(b, '|')
	b = strconv.AppendInt(b, int64(reachable), 10)
	b = append(b, '|')
	b = appendJoined(b, pre.Services)
	b = append(b, '|')
	for _, k := range pre.Skills {
		b = strconv.AppendQuote(b, k.Slug)
		b = append(b, '@')
		b = strconv.AppendInt(b, int64(k.Version), 10)
		b = append(b, ':')
		b = append(b, k.Digest...)
		b = append(b, ':')
		b = strconv.AppendQuote(b, k.Name)
		b = append(b, ':')
		b = strconv.AppendQuote(b, k.Summary)
		b = append(b, ':')
		b = appendJoined(b, k.RequiredTools)
		b = append(b, ';')
	}
	for _, e := range pre.Roster {
		b = append(b, e.ID()...)
		b = append(b, ' ')
		b = append(b, e.Digest()...)
		if pre.ApprovalOnly != nil && pre.ApprovalOnly(e.ID()) {
			// the approval mark changes the entry's text: its own key
			b = append(b, " approval"...)
		}
		b = append(b, '|')
	}
	return string(b)
}

// appendJoined appends ss joined by commas (strings.Join's bytes).
func appendJoined(b []byte, ss []string) []byte {
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, s...)
	}
	return b
}
