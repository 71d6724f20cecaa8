package fidelity

import "strings"

// Commands of programs no list names, handed over as a step's means: the
// exec vocabulary knows programs by name (cliPrograms, cliTools) or by a
// shape that only commands have (a flag, "sudo", "./x.sh"), so "Skip a
// song with `mpc next`", "Turn the photos into a PDF with `ocrmypdf`" or
// "Run `rdiff-backup docs/ nas::/files`" went unread. A backticked span
// is a command where it is shaped like a program's command line
// (programLine) and a step hands it to the reader to run — after a verb
// of running (runnerBefore), or right after "with", "using", "via" or
// "through" in a sentence that instructs the reader (stepMeans: a base
// verb opening a later sentence, or a verb addressed to the reader before
// the span). The shape is read from the span alone:
//   - its first word is a program's token: lower-case letters and
//     digits, with inner dots, hyphens or "+" ("xdg-open", "mkfs.ext4",
//     "testssl.sh", "b2"), never a snake_case name (a tool's) nor a word
//     in capitals or camel case (a value, a field);
//   - then either that token is no English word in any of its parts
//     ("xset dpms force off", "useradd gran", "gallery-dl"), or it names
//     a script file ("testssl.sh"), or an argument is written as only a
//     command line writes one: a flag, a path, a "key:value" or clock
//     time, a file name, a variable or a quoted string ("at 12:30",
//     "rake lenses:sync").
//
// A word alone must be a script's file or a program's name by programAlone
// ("`ocrmypdf`", "`poweroff`"), so a value handed over ("Tag it with
// `status`", "Label it with `wip`", "Format it with `yyyy-mm-dd`") stays
// one. The mention then meets execMentions' judges: the
// roster's own value or named program ("use `jq`" beside a jq
// parameter), a roster tool that runs code, a doer other than the reader
// (doerBefore), the tool's own runner.

// meansCommand reports whether the backticked span at word i is a
// program's command line handed over as the means of a step.
func meansCommand(text string, ts []token, i int, span string) bool {
	if i == 0 || ts[i].sentence || !programPrepositions[ts[i-1].lower] || !programLine(span) {
		return false
	}
	return stepMeans(text, ts, i)
}

// programLine: span is shaped like a program's command line (see above).
func programLine(span string) bool {
	if strings.ContainsAny(span, "\n") {
		return false
	}
	ws := strings.Fields(span)
	if len(ws) == 0 || !programToken(ws[0]) {
		return false
	}
	if commandFile(ws[0]) {
		return true
	}
	if len(ws) == 1 {
		return programAlone(ws[0])
	}
	if unworded(ws[0]) && !dataFile(ws[0]) {
		return true
	}
	for _, a := range ws[1:] {
		if codeArgument(a) {
			return true
		}
	}
	return false
}

// programAlone: a word alone names a program where no part of it is an
// English word and each is three characters or more, four for a word
// without hyphens ("ocrmypdf", "poweroff", "xdg-open"): a short code
// ("p1", "wip") or a pattern ("yyyy-mm-dd", "eu-west-1") handed over is a
// value.
func programAlone(w string) bool {
	if !unworded(w) || dataFile(w) || strings.ContainsAny(w, ".+") || !strings.Contains(w, "-") && len(w) < 4 {
		return false
	}
	for _, p := range strings.Split(w, "-") {
		if len(p) < 3 || strings.IndexFunc(p, func(r rune) bool { return r >= '0' && r <= '9' }) == 0 {
			return false
		}
	}
	return true
}

// programToken: w may name a program — two characters or more, lower-case
// letters and digits with inner dots, hyphens or "+", opening with a
// letter.
func programToken(w string) bool {
	if len(w) < 2 || !(w[0] >= 'a' && w[0] <= 'z' || w[0] >= '1' && w[0] <= '9' && w[1] >= 'a' && w[1] <= 'z') {
		return false // "7z" opens with a digit
	}
	last := w[len(w)-1]
	if last == '.' || last == '-' {
		return false
	}
	for k := 0; k < len(w); k++ {
		b := w[k]
		if !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '.' || b == '-' || b == '+') {
			return false
		}
	}
	return true
}

// unworded: neither w nor one of its parts between dots and hyphens is
// an English word, and some part holds a letter ("ocrmypdf", "xdg-open",
// "gallery-dl", "mkfs.ext4"; not "open", "power-user", "v2").
func unworded(w string) bool {
	if englishWord(w, true) {
		return false
	}
	for _, p := range strings.FieldsFunc(w, func(r rune) bool { return r == '.' || r == '-' || r == '+' }) {
		if strings.IndexFunc(p, func(r rune) bool { return r >= 'a' && r <= 'z' }) >= 0 && !englishWord(p, true) && len(p) >= 2 {
			return true
		}
	}
	return false
}

// codeArgument: an argument written as only a command line writes one —
// a flag ("-m", "--force"), a path or address ("/dev/sdb", "./clips",
// "b2://trailcam"), a "key:value" or a clock time ("lenses:sync",
// "Everyone:F", "12:30"), a file's name ("torque.pdf"), a variable
// ("$id") or a quoted string.
func codeArgument(a string) bool {
	switch {
	case len(a) > 1 && a[0] == '-' && a[1] != '-' && !(a[1] >= '0' && a[1] <= '9'), strings.HasPrefix(a, "--") && len(a) > 2:
		return true
	case strings.Contains(a, "/"), strings.HasPrefix(a, "$"), a[0] == '\'' || a[0] == '"', shellOperators[a]:
		return true
	case strings.Contains(strings.TrimRight(a, ":"), ":"):
		return true
	}
	return dataFile(a)
}

// dataFile: w names a file by an extension of fileExtensions
// ("torque.pdf", "scores.csv").
func dataFile(w string) bool {
	dot := strings.LastIndexByte(w, '.')
	return dot > 0 && dot < len(w)-1 && fileExtensions[strings.ToLower(w[dot+1:])]
}
