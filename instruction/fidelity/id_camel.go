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
	if t.paren && namedArguments(text[t.end:]) && !afterCJK(text[:t.start]) {
		return !exampleSentence(ts, i)
	}
	return directedBefore(text[:t.start]) || directedAfter(text[t.end:])
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
