package fidelity

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Camel names handed over in any language: a tool's name in lowerCamel
// case opened by a verb ("archiveInvoice", "queryLedger") that the roster
// lacks is a leak where the text hands it to the reader —
//   - written as a call with named arguments, in any sentence (after a
//     CJK word, as below):
//     "queryLedger(action=\"listEntries\")", "cancelInvoice(id=..., confirm=true)";
//   - written as a call with positional arguments as the means of a step
//     handed to the reader (stepMeans): "Close the order with
//     closeJob(jobId, signedOff=true)", "Order more with reorderStock(item)";
//   - as the object of a directive in a language written without spaces
//     (Chinese, Japanese, Korean): "请改用 archiveInvoice", "应立即调用
//     sendReminder", "archiveInvoiceを使って", "archiveInvoice를 호출". The
//     tokenizer ends a word where CJK characters meet ASCII letters
//     ("改用archiveInvoice直接"), so the name is a word of its own.
//
// The roster's own parameter names and enum values (Scope.judge), a
// product's name ("iPhone", "openSUSE": no verb head, or letters after it)
// and a call set beside the tool as an example are none.

// camelHanded reports whether the word at i is a lowerCamel deed's name
// handed to the reader as above.
func camelHanded(text string, ts []token, i int) bool {
	t := ts[i]
	if t.markup || t.attr || t.address || !camelDeed(t.text) {
		return false
	}
	if t.paren && !afterCJK(text[:t.start]) && (namedArguments(text[t.end:]) ||
		callArguments(text[t.end:]) && (t.later && callOpensStep(ts, i, text[:t.start]) || stepMeans(text, ts, i))) {
		return !exampleSentence(ts, i)
	}
	return directedBefore(text[:t.start]) || directedAfter(text[t.end:])
}

// stepMeans: word i's sentence, in prose up to it, is an instruction to
// the reader — it opens with a verb in its base form after the text's
// first sentence ("Order more gloves with reorderStock(item)"), or a
// verb before i is addressed to the reader ("If it is done, close it with
// closeJob(jobId)") — so a call with positional arguments there is the
// means of a step. A sentence that tells what the tool or a syntax does
// ("The filter supports startsWith(name, 'A')") is none, nor a line of
// code ("void loop() { if (digitalRead(D2) == LOW) … }").
func stepMeans(text string, ts []token, i int) bool {
	if strings.Count(text[:ts[i].start], "```")%2 == 1 {
		return false // inside a fenced block of code
	}
	k := sentenceOf(ts, ts[i].start)
	if k >= i || strings.ContainsAny(text[ts[k].start:ts[i].start], "{}();=<>") {
		return false
	}
	if ts[k].later && baseVerb(ts[k].lower) && !finiteVerbs[ts[k+1].lower] {
		return true
	}
	for ; k < i; k++ {
		if _, ok := instructionAt(ts, k, true); ok {
			return true
		}
	}
	return false
}

// afterCJK: the word before a name is written in CJK characters (then
// its directive decides, as for a name without a call).
func afterCJK(before string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(before, " \u3000"))
	return cjkRune(r)
}

// camelDeed: a lowerCamel name opened by a verb whose next part is a word
// ("manageHosting"), not letters ("openSUSE").
func camelDeed(w string) bool {
	if !lowerCamel(w) {
		return false
	}
	k := strings.IndexFunc(w, func(r rune) bool { return r >= 'A' && r <= 'Z' })
	head := w[:k]
	return k >= 2 && k+1 < len(w) && w[k+1] >= 'a' && w[k+1] <= 'z' && (baseVerb(head) || len(head) >= 4 && isVerb(head))
}

// callArguments: rest is a call's whole argument list on one line —
// empty, or values separated by commas, each a name, a number, a quoted
// string or "...", or a named argument ("(jobId, signedOff=true)",
// "(crates)", "(action=\"x\")") and none named in UpperCamel.
func callArguments(rest string) bool {
	body, ok := strings.CutPrefix(rest, "(")
	if !ok {
		return false
	}
	end := strings.IndexByte(body, ')')
	if end < 0 || strings.ContainsAny(body[:end], "\n(") {
		return false
	}
	if strings.TrimSpace(body[:end]) == "" {
		return true
	}
	for _, arg := range strings.Split(body[:end], ",") {
		arg = strings.TrimSpace(arg)
		if name, value, named := cutNamed(arg); named {
			if !codeValue(name) || isUpper(name[0]) || !codeValue(value) {
				return false
			}
			continue
		}
		if !codeValue(arg) {
			return false
		}
	}
	return true
}

// cutNamed splits a named argument ("weeks=6", "id: 3") at its "=" or
// ":".
func cutNamed(arg string) (name, value string, ok bool) {
	k := strings.IndexAny(arg, "=:")
	if k <= 0 || strings.HasPrefix(arg[k:], "==") || strings.HasPrefix(arg[k:], "::") {
		return "", "", false
	}
	return strings.TrimSpace(arg[:k]), strings.TrimSpace(arg[k+1:]), true
}

// codeValue: an argument written as code — one name (letters, digits,
// "_", "." or "$"), a number, a quoted string or "...".
func codeValue(v string) bool {
	if v == "" {
		return false
	}
	if v == "..." || len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return true
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; !wordByte(c) && c != '$' {
			return false
		}
	}
	return true
}

// namedArguments: rest opens a call's argument list with a named argument
// ("(action=\"x\")", "(id: 3)").
func namedArguments(rest string) bool {
	rest, ok := strings.CutPrefix(rest, "(")
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, " ")
	n := 0
	for n < len(rest) && (rest[n] == '_' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z' || n > 0 && rest[n] >= '0' && rest[n] <= '9') {
		n++
	}
	if n == 0 {
		return false
	}
	// a named argument in UpperCamel ("SearchKey=domain") is a field of a
	// service's API, which the tool calls itself
	lowerFirst := rest[0] < 'A' || rest[0] > 'Z'
	rest = strings.TrimLeft(rest[n:], " ")
	return lowerFirst && (strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, ":")) && !strings.HasPrefix(rest, "==") && !strings.HasPrefix(rest, "::")
}

// cjkDirectives end the words of a Chinese directive that take a tool as
// their object ("改用", "调用", "请使用", "优先", "通过"); cjkNotDirectives
// end in one of them but name a thing ("应用" application, "费用" cost)
// or a setting ("启用" enable).
var (
	cjkDirectives    = []string{"用", "调", "执行", "运行", "优先", "通过", "借助", "触发"}
	cjkNotDirectives = []string{"应用", "费用", "作用", "信用", "通用", "专用", "常用", "占用", "引用", "启用", "禁用", "不用", "无用"}
)

// directedBefore: the text before a name ends with a Chinese directive.
func directedBefore(before string) bool {
	b := strings.TrimRight(before, " \u3000")
	if r, _ := utf8.DecodeLastRuneInString(b); !cjkRune(r) {
		return false
	}
	for _, w := range cjkNotDirectives {
		if strings.HasSuffix(b, w) {
			return false
		}
	}
	for _, w := range cjkDirectives {
		if strings.HasSuffix(b, w) {
			return addressed(b)
		}
	}
	return false
}

// cjkMarkers address a Chinese directive to the reader: a request, a
// duty, an advice, a sequence ("请", "应", "可", "建议", "下一步"). Without one
// the subject may be the tool ("省略时按 domain 调用 X": the tool calls X
// itself).
var cjkMarkers = []string{"请", "应", "可", "建议", "改", "先", "需", "须", "务必", "优先", "推荐", "最好", "再", "然后", "接着", "下一步", "立即", "要"}

// addressed: the last words of b's clause (eight characters at most)
// hold a marker of cjkMarkers.
func addressed(b string) bool {
	if k := strings.LastIndexAny(b, "，。；：！？,;:!?\n"); k >= 0 {
		b = b[k+1:]
	}
	rs := []rune(b)
	if len(rs) > 8 {
		rs = rs[len(rs)-8:]
	}
	w := string(rs)
	for _, m := range cjkMarkers {
		if strings.Contains(w, m) {
			return true
		}
	}
	return false
}

// cjkObjectVerbs follow a name as the object of a Japanese or Korean
// directive ("を使って", "를 호출").
var cjkObjectVerbs = []string{"を使", "を呼", "を実行", "を利用", "을 사용", "를 사용", "을 호출", "를 호출", "을 실행", "를 실행", "을 이용", "를 이용"}

// directedAfter: the text after a name opens with a Japanese or Korean
// directive of which it is the object.
func directedAfter(after string) bool {
	a := strings.TrimLeft(after, " ")
	for _, w := range cjkObjectVerbs {
		if strings.HasPrefix(a, w) {
			return true
		}
	}
	return false
}

// cjkRune: a character of a script written without spaces between words.
func cjkRune(r rune) bool {
	return r >= 0x2E80 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// scriptBreak: a word ends between a CJK character and an ASCII letter or
// digit (Chinese and Japanese put no space between them).
func scriptBreak(before string, r rune) bool {
	p, _ := utf8.DecodeLastRuneInString(before)
	if r < utf8.RuneSelf {
		return p >= utf8.RuneSelf && cjkRune(p)
	}
	return p < utf8.RuneSelf && cjkRune(r)
}
