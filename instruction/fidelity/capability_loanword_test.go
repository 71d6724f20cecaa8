package fidelity_test

import "testing"

// TestLoanwordInALanguageNotGlossed: a later sentence in a language the
// check has no gloss for (Greek, Swedish, Czech, Indonesian …) that names
// a product or a word of the class table as written in English ("email",
// "sms", "Python", "Google Sheets") is read as a step needing that class,
// unless it opens with a subject (a short word such as an article) or with
// a verb in the person of the text's own opening verb (the description's
// "returns": "Επιστρέφει … στέλνει", "Returnerar … skickar") — the
// language-independent reading of the leak check. The first
// sentence (what the tool does) and English sentences are left to the
// English reading.
func TestLoanwordInALanguageNotGlossed(t *testing.T) {
	wantFindings(t, "report",
		"Δίνει την παραγγελία. Μετά στείλε email στον αγοραστή.",
		"Visar en bokning. Skicka sedan ett sms till gästen om ankomsten.",
		"Vrací fakturu. Pak ji ulož do tabulky v Google Sheets.",
		"Mengembalikan pinjaman. Hitung bunganya pakai skrip Python singkat.",
		"Palauttaa tilauksen. Lähetä asiakkaalle viesti Slackissa ja Slack kanavalla.",
	)
	wantNoFindings(t, "report",
		"Δίνει την παραγγελία. Το κατάστημα στέλνει email στον αγοραστή.",
		"Returnerar en order. Kunden skickar ett sms till butiken.",
		"Returnerar en order. Butiken skickar ett sms till kunden.",
		"Vrací objednávku z Google Sheets.",
		"Returns the order. The customer gets an email and an sms.",
		"返回运单信息。收件人可以用微信查询物流。",
		"Visar en bokning. Hotellet skickar ett sms till gästen om ankomsten.",
		"Lists the park's reptiles by species, pen and keeper: ball python, corn snake, tortoise.",
		"Unresolve a resolved review thread on a pull request. Unresolving an already-unresolved thread is a no-op.",
		"Handle how a resource rolls out (e.g., deployment, daemonset, statefulset)",
	)
}
