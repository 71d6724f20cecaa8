package fidelity

import "strings"

// Instructions in French, Spanish, Italian, Portuguese and German are read
// through a gloss: in a sentence whose function words are mostly those of
// one of these languages ("Ensuite, envoyez un SMS de rappel au
// client"), each word of a small lexicon — the function words (articles,
// prepositions, "and", "then", "your") and the imperative and infinitive
// forms of the verbs of the class table (send, post, call, run, create,
// open, use, notify, classify, translate, upload, print, pay, book,
// schedule, delete, archive, share) — reads as its English word
// (token.lower), while the token keeps its place in the text, so a
// finding still quotes the text as written. The English reading then
// decides as for any English text: word order, the class table, products,
// "your X". A verb in the third person ("le client envoie un SMS") is not
// in the lexicon, and a polite "Sie" after a German verb is read off. The
// lexicon holds general words only: no service, tool or phrase.

// foreignFunction are the function words of the five languages, with
// their English reading.
var foreignFunction = map[string]string{
	// French
	"le": "the", "la": "the", "les": "the", "l": "the", "un": "a", "une": "a", "des": "some", "du": "of", "de": "of", "d": "of",
	"au": "to", "aux": "to", "à": "to", "avec": "with", "dans": "in", "sur": "on", "pour": "for", "par": "by", "et": "and",
	"ou": "or", "puis": "then", "ensuite": "then", "enfin": "finally", "votre": "your", "vos": "your", "ton": "your", "ta": "your",
	"tes": "your", "chaque": "each", "après": "after", "avant": "before", "quand": "when", "lorsque": "when", "si": "if",
	// Spanish
	"el": "the", "los": "the", "las": "the", "una": "a", "unos": "some", "unas": "some", "del": "of", "al": "to", "con": "with",
	"en": "in", "para": "for", "por": "by", "y": "and", "luego": "then", "después": "then", "entonces": "then",
	"finalmente": "finally", "tu": "your", "tus": "your", "cada": "each", "cuando": "when", "antes": "before",
	// Italian
	"il": "the", "lo": "the", "gli": "the", "uno": "a", "di": "of", "della": "of", "dello": "of", "dei": "of", "alla": "to",
	"allo": "to", "ai": "to", "nel": "in", "nella": "in", "sul": "on", "sulla": "on", "per": "for", "ed": "and",
	"poi": "then", "quindi": "then", "infine": "finally", "dopo": "after", "tuo": "your", "tua": "your", "tuoi": "your",
	"vostro": "your", "vostra": "your", "ogni": "each", "se": "if", "quando": "when",
	// Portuguese
	"os": "the", "um": "a", "uma": "a", "do": "of", "da": "of", "dos": "of", "ao": "to", "com": "with",
	"em": "in", "no": "in", "na": "in", "depois": "then", "então": "then", "seu": "your", "sua": "your", "seus": "your",
	"suas": "your", "teu": "your",
	// German
	"der": "the", "die": "the", "das": "the", "den": "the", "dem": "the", "ein": "a", "eine": "a", "einen": "a", "einem": "a",
	"einer": "a", "mit": "with", "im": "in", "am": "on", "für": "for", "und": "and", "oder": "or", "dann": "then",
	"danach": "then", "anschließend": "then", "schließlich": "finally", "ihr": "your", "ihre": "your", "ihren": "your",
	"ihrem": "your", "dein": "your", "deine": "your", "deinen": "your", "jede": "each", "jeden": "each", "jedes": "each",
	"wenn": "when", "falls": "if", "nach": "after", "vor": "before", "zu": "to", "zum": "to", "zur": "to",
}

// foreignVerbs are imperative and infinitive forms of the class table's
// verbs in the five languages.
var foreignVerbs = func() map[string]string {
	m := map[string]string{}
	for en, forms := range map[string]string{
		"send":      "envoyez envoie envoyer envía envia envíe enviar manda mande mandar invia inviate invii inviare mandate envie senden sende schicken schicke versenden verschicken",
		"post":      "publiez publie publier postez publica publique publicar pubblica pubblicate pubblicare veröffentlichen veröffentliche posten",
		"call":      "appelez appelle appeler llama llame llamar chiama chiamate chiamare ligue ligar chame rufen ruf anrufen aufrufen",
		"run":       "exécutez exécute exécuter lancez lancer ejecuta ejecute ejecutar esegui eseguite eseguire lancia execute executa executar rode führen führe ausführen starten starte",
		"create":    "créez crée créer crea cree crear creare crie cria criar erstellen erstelle anlegen",
		"open":      "ouvrez ouvre ouvrir abre abra abrir apri aprite aprire öffnen öffne eröffnen",
		"use":       "utilisez utilise utiliser usa usad utilice utiliza utilizar usate utilizza utilizzare utilize utilizar verwenden verwende nutzen nutze benutzen benutze",
		"notify":    "notifiez prévenez informez avertissez notifier prévenir informer notifica notifique notificar avisa avise avisar informa informe informar avvisa avvisare notificare benachrichtigen benachrichtige informieren informiere",
		"classify":  "catégorisez classez classifiez catégoriser classer categoriza clasifica clasificar categorizza classifica classificare categorize classifique classificar kategorisieren klassifizieren",
		"translate": "traduisez traduis traduire traduce traduzca traducir traduci tradurre traduza traduzir übersetzen übersetze",
		"upload":    "téléversez téléverser sube suba subir carica caricare carregue carregar hochladen",
		"print":     "imprimez imprime imprimer imprima imprimir stampa stampate stampare drucken drucke",
		"pay":       "payez payer paga pague pagar pagare bezahlen bezahle zahle überweisen",
		"book":      "réservez réserver reserva reservar prenota prenotare reserve buchen buche",
		"schedule":  "planifiez planifier programa programar pianifica pianificare agende agendar planen plane",
		"delete":    "supprimez supprimer elimina eliminar borra borrar cancella cancellare exclua excluir apague apagar löschen lösche",
		"archive":   "archivez archiver archiva archivar archivia archiviare arquive arquivar archivieren archiviere",
		"share":     "partagez partager comparte compartir condividi condividere compartilhe compartilhar teilen teile",
	} {
		for _, f := range strings.Fields(forms) {
			m[f] = en
		}
	}
	return m
}()

// englishFunction are English function words: a sentence with as many of
// them as foreign ones is English ("a la carte" stays English).
var englishFunction = set("the", "a", "an", "and", "or", "to", "of", "with", "in", "on", "for", "by", "then", "your",
	"is", "are", "it", "this", "that", "each", "if", "when", "you", "from", "as", "at", "be")

// glossForeign gives the words of each sentence written mostly in one of
// the five languages their English reading.
func glossForeign(ts []token) []token {
	if !anyForeign(ts) {
		return ts
	}
	out := ts[:0:0]
	for s := 0; s < len(ts); {
		e := s + 1
		for e < len(ts) && !ts[e].sentence {
			e++
		}
		foreign, english := 0, 0
		for _, t := range ts[s:e] {
			if _, ok := foreignFunction[t.lower]; ok && !englishFunction[t.lower] {
				foreign++
			} else if englishFunction[t.lower] {
				english++
			}
		}
		if foreign < 2 || foreign <= english {
			out = append(out, ts[s:e]...)
			s = e
			continue
		}
		for k := s; k < e; k++ {
			t := ts[k]
			w := t.lower
			if v, _, ok := strings.Cut(w, "-"); ok && foreignVerbs[v] != "" {
				w = v // "catégorisez-les"
			}
			if en, ok := foreignVerbs[w]; ok {
				t.lower = en
				out = append(out, t)
				if k+1 < e && ts[k+1].lower == "sie" {
					k++ // "rufen Sie … auf"
				}
				continue
			}
			if en, ok := foreignFunction[w]; ok {
				t.lower = en
			}
			out = append(out, t)
		}
		s = e
	}
	markLater(out)
	return out
}

// anyForeign: some word is a foreign function word that is no English one
// (a quick look before the sentences are counted).
func anyForeign(ts []token) bool {
	for _, t := range ts {
		if _, ok := foreignFunction[t.lower]; ok && !englishFunction[t.lower] {
			return true
		}
	}
	return false
}

// latinNext: s, after spaces, opens with two words of Latin letters (an
// English sentence, not a name or a value in the script's own:
// "setLevel 不必…", "on=开启…").
func latinNext(s string) bool {
	for w := 0; w < 2; w++ {
		s = strings.TrimLeft(s, " \t")
		if s == "" || !(s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') {
			return false
		}
		end := strings.IndexByte(s, ' ')
		if end < 0 {
			return false
		}
		for _, r := range s[:end] {
			if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r == '\'' || r == ',') {
				return false
			}
		}
		s = s[end:]
	}
	return true
}
