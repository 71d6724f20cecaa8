package web

import "strings"

// verdictText is a run event's stored verdict as a page shows it: the
// code's parts joined by ": " and its underscores read as spaces
// ("denied:budget_exhausted" reads "denied: budget exhausted").
func verdictText(v string) string {
	return strings.ReplaceAll(strings.ReplaceAll(v, ":", ": "), "_", " ")
}
