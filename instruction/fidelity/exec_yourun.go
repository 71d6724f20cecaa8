package fidelity

// Code the reader runs, named by a relative clause: "a Groovy closure you
// run over them would give the median", "a Delphi unit you compile and
// run", "this Processing sketch you run", "an MQL5 expert advisor that
// you attach and run". A phrase opened by an indefinite or pointing
// determiner (a, an, this, some, any), holding a language or library name
// (codeNameOf) or a piece of code (codeNameNouns, codeArtifacts,
// runnableNouns), and then "(that) you" and a verb of running code is code
// the agent is to run. "The scripts you run are logged" (a definite
// phrase: what the user does) and "a report you run" (no code) are none.

// yourRunVerbs run, build or load code.
var yourRunVerbs = set("run", "execute", "compile", "launch", "simulate", "source", "flash", "interpret", "fire", "attach", "build")

// runnableNouns are pieces of code besides the code nouns: what a
// language compiles or loads.
var runnableNouns = set("closure", "closures", "kernel", "kernels", "proc", "procs", "module", "modules", "unit", "units",
	"sketch", "sketches", "class", "classes", "binary", "executable", "applet", "testbench", "playbook", "rule", "rules")

// pointingDeterminers open a phrase offered to the reader.
var pointingDeterminers = set("a", "an", "this", "some", "any")

// codeYouRun finds code the reader runs, named by a relative clause.
func codeYouRun(ts []token) []mention {
	var out []mention
	for i := 2; i+1 < len(ts); i++ {
		if ts[i].lower != "you" || ts[i].sentence || !yourRunVerbs[ts[i+1].lower] || ts[i+1].sentence || inFirstSentence(ts, i) {
			continue
		}
		end := i - 1
		if ts[end].lower == "that" {
			end--
		}
		code := false
		for k := end; k >= 0 && k >= end-5; k-- {
			if k < end && ts[k+1].sentence || ts[k+1].clause && k < end {
				break
			}
			w := ts[k].lower
			if _, known, _ := codeNameOf(ts[k]); known && !ts[k].sentence || codeNameNouns[w] || codeArtifacts[w] || runnableNouns[w] {
				code = true
				continue
			}
			if pointingDeterminers[w] {
				if code {
					out = append(out, mention{kind: KindExec, signal: joinLower(ts, k, i+1), start: ts[k].start, end: ts[i+1].end})
				}
				break
			}
		}
	}
	return out
}
