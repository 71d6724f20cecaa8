package credential

import (
	"sort"
	"strconv"
)

// MaskKeys is object x (a decoded JSON object) with every member name
// passed through maskName and every value through maskValue (given the
// member's original name), keeping every member distinct: masking can
// turn two names into one ("token=a" and "token=b" both become
// "token=[masked]") or a name into another member's, and an object's
// member names are unique, so one of them would vanish from what a
// person is shown. Names masking left unchanged keep their place; each
// other name, in sorted order of the original names, takes its masked
// text, or that text with " (2)", " (3)", … when it is taken.
func MaskKeys(x map[string]any, maskName func(string) string, maskValue func(name string, v any) any) map[string]any {
	out := make(map[string]any, len(x))
	var changed []string
	masked := make(map[string]string, len(x))
	for k := range x {
		m := maskName(k)
		if m == k {
			out[k] = nil
			continue
		}
		masked[k] = m
		changed = append(changed, k)
	}
	sort.Strings(changed)
	for _, k := range changed {
		name := masked[k]
		for n := 2; ; n++ {
			if _, taken := out[name]; !taken {
				break
			}
			name = masked[k] + " (" + strconv.Itoa(n) + ")"
		}
		out[name] = nil
		masked[k] = name
	}
	for k, e := range x {
		name, ok := masked[k]
		if !ok {
			name = k
		}
		out[name] = maskValue(k, e)
	}
	return out
}
