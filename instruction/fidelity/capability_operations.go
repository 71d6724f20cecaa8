package fidelity

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// A tool of several operations names them as the values of one parameter
// that selects which it does ("action": "left_click", "get_screenshot",
// "scroll"). Each value is the name of a deed of the tool's own, as a
// tool of its own would be named, and what the description then teaches
// about those deeds ("take a screenshot to verify", "click on desktop
// icons") is the tool's own capability, credited to the roster as the
// tool's name and headline are.

// A tool that works through an input device ("Operate a computer with a mouse and keyboard
// …") does what the device does: clicks,
// drags and scrolls with a mouse, types and presses keys with a
// keyboard, taps and swipes on a touch screen. Its description's advice
// on those deeds ("click on desktop icons", "press ctrl+s") is its own.

// inputDevices are the devices a tool may say it works through, with the
// deeds each does.
var inputDevices = map[string][]string{
	"mouse":       {"click", "double-click", "right-click", "drag", "scroll", "hover", "move", "point"},
	"keyboard":    {"type", "press", "key", "enter"},
	"touchscreen": {"tap", "double-tap", "swipe", "pinch", "scroll", "drag"},
	"touch":       {"tap", "double-tap", "swipe", "pinch", "scroll", "drag"},
}

// deviceDeeds are the deeds of the input devices among a tool's first
// sentence's words.
func deviceDeeds(lead []string) []string {
	var out []string
	for _, w := range lead {
		out = append(out, inputDevices[w]...)
	}
	return out
}

// operationParams are the names of a parameter that selects a tool's
// operation.
var operationParams = set("action", "actions", "operation", "operations", "op", "command", "cmd", "method", "verb")

// operationWords are the words of the values of a tool's operation
// parameter (each split as a name is: "left_click": left, click), and
// those of them that are verbs.
func operationWords(k catalog.Contract) (words, verbs []string) {
	for _, p := range k.Params {
		if !operationParams[strings.ToLower(p.Name)] {
			continue
		}
		for _, v := range p.Enum {
			s, ok := v.(string)
			if !ok {
				continue
			}
			for _, w := range split(strings.ReplaceAll(s, "-", "_")) {
				words = append(words, w)
				if baseVerb(w) {
					verbs = append(verbs, w)
				}
			}
		}
	}
	return words, verbs
}

// pointingVerbs act on what a pointer or a finger is on: "on" after them
// names the target ("click on Firefox", "tap on the icon"), not a place
// where the deed is done.
var pointingVerbs = set("click", "double-click", "right-click", "tap", "double-tap", "hover", "point", "drag")

// clickedOn: the verb at i points at what "on" or "over" after it names
// ("click on Firefox"): its target, not a service it is done in.
func clickedOn(ts []token, i, end int) bool {
	return pointingVerbs[ts[i].lower] && i+1 <= end && (ts[i+1].lower == "on" || ts[i+1].lower == "over")
}
