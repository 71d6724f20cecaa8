package fidelity

// The capability vocabulary: general English and well-known product names,
// never the words of any corpus (docs/leak-check.md says how it is built).
// A class is named by an action verb alone ("email the customer"), by an
// action verb with one of its objects ("send an SMS", "open a ticket"), or
// by a product of the class named where the action happens ("to Slack").

// capClass is one capability class an instruction may need.
type capClass struct {
	// name is the class as findings report it.
	name string
	// does completes "connect a tool that …" in the suggestion.
	does string
	// alone are verbs that name the class by themselves.
	alone []string
	// personal are verbs that name the class when their object is a
	// person ("page the on-call engineer", "call the customer").
	personal []string
	// acts are verbs that name the class with one of objects.
	acts []string
	// objects are the things acted on or the places acted in (singular;
	// a plural "s" is read off).
	objects []string
	// products are services and products of the class.
	products []string
	// provides are other classes a tool of this class provides too.
	provides []string
	// objectsProvide: a tool whose words name one of the objects
	// provides the class without an act ("web_page_text", "memory")
	objectsProvide bool
}

// capClasses is the class table, in the order classes are tried: the
// most specific first (web search before browsing, SMS before messaging).
var capClasses = []capClass{
	{name: "code-execution", does: "runs code",
		alone: []string{"eval", "exec", "ssh"},
		acts:  []string{"run", "execute", "evaluate", "eval", "compute", "calculate", "process", "pipe", "test", "compile", "interpret", "ping", "feed", "transform", "parse"},
		objects: []string{"sandbox", "script", "terminal", "console", "shell", "interpreter", "notebook", "repl", "snippet", "program", "python", "javascript", "node.js", "bash", "powershell", "jupyter", "cli", "command-line",
			"macro", "command", "shader", "binary", "executable", "test", "tests", "test-suite", "makefile", "submission", "autograder"}},
	{name: "push", does: "sends push notifications to phones and apps",
		acts:     []string{"send", "notify", "remind", "alert", "nudge"},
		objects:  []string{"push", "push-notification"},
		products: []string{"onesignal", "pushover", "apns", "fcm"},
		provides: []string{"message"}},
	{name: "sms", does: "sends SMS or text messages",
		alone:    []string{"sms", "whatsapp"},
		personal: []string{"text"},
		acts:     []string{"send", "text", "message", "notify", "remind", "alert", "forward"},
		objects:  []string{"sms", "mms", "text-message", "whatsapp"},
		products: []string{"twilio", "vonage", "nexmo", "messagebird", "plivo", "whatsapp", "sinch"},
		provides: []string{"message"}},
	{name: "email", does: "sends email",
		alone:    []string{"email", "e-mail", "mail"},
		acts:     []string{"send", "forward", "write", "draft", "compose", "reply", "deliver", "notify", "cc", "bcc"},
		objects:  []string{"email", "e-mail", "mail", "newsletter", "inbox", "mailbox", "mailing"},
		products: []string{"gmail", "outlook", "sendgrid", "mailgun", "mailchimp", "postmark", "mandrill", "sparkpost", "mailjet"},
		provides: []string{"message"}},
	{name: "paging", does: "pages or phones people",
		alone:    []string{"phone", "dial"},
		personal: []string{"page", "call", "ring", "ping"},
		acts:     []string{"page", "alert", "escalate", "notify", "trigger", "call", "wake", "send", "leave"},
		objects:  []string{"on-call", "pager", "phone", "voicemail", "mobile", "cell", "landline", "cellphone", "ring", "phone-call"},
		products: []string{"pagerduty", "opsgenie", "victorops", "splunk-oncall"},
		provides: []string{"message"}},
	{name: "fax", does: "sends faxes or printed letters",
		alone:    []string{"fax"},
		acts:     []string{"send", "mail", "post", "print"},
		objects:  []string{"fax", "letter", "postcard"},
		products: []string{"lob", "efax"}},
	{name: "printing", does: "prints labels, slips and badges",
		acts:    []string{"print", "reprint"},
		objects: []string{"label", "slip", "badge", "sticker", "envelope", "receipt", "barcode", "wristband", "placard", "shipping-label"}},
	{name: "chat", does: "posts to a chat",
		alone:    []string{"dm", "tweet"},
		acts:     []string{"post", "send", "share", "message", "notify", "announce", "ping", "alert", "drop", "broadcast", "reply", "forward", "tell", "report", "publish"},
		objects:  []string{"channel", "chat", "dm", "thread", "chatroom", "tweet", "x-post"},
		products: []string{"slack", "teams", "discord", "mattermost", "telegram", "webex", "zulip", "rocket.chat", "twitter", "mastodon", "linkedin", "signal"},
		provides: []string{"message"}},
	{name: "ticket", does: "creates tickets or tasks in a tracker",
		acts:     []string{"create", "open", "file", "raise", "log", "submit", "add", "assign", "close", "reopen", "update", "escalate", "triage", "track"},
		objects:  []string{"ticket", "issue", "incident", "task", "bug", "story", "epic", "tracker", "backlog", "to-do", "todo", "kanban", "sprint", "follow-up"},
		products: []string{"jira", "linear", "asana", "trello", "servicenow", "zendesk", "freshdesk", "clickup", "monday.com", "shortcut", "youtrack", "basecamp", "todoist"}},
	{name: "web-search", does: "searches the web",
		alone:    []string{"google", "bing"},
		acts:     []string{"search", "look", "find", "query", "research", "check", "lookup"},
		objects:  []string{"web", "internet", "online", "google", "bing", "duckduckgo", "search-engine"},
		products: []string{"google", "bing", "duckduckgo", "brave", "perplexity", "serpapi", "tavily"}},
	{name: "browse", does: "browses web pages",
		alone:          []string{"browse", "crawl", "scrape", "navigate"},
		acts:           []string{"open", "visit", "go", "fetch", "load", "download", "click", "retrieve", "read", "check"},
		objects:        []string{"url", "website", "site", "webpage", "web-page", "link", "hyperlink", "browser", "web", "homepage", "http", "https"},
		objectsProvide: true},
	{name: "screenshot", does: "captures screenshots",
		alone:          []string{"screenshot"},
		acts:           []string{"capture", "take", "grab", "record"},
		objects:        []string{"screenshot", "screen", "screencast", "screengrab"},
		objectsProvide: true},
	{name: "image-generation", does: "generates images",
		acts:     []string{"generate", "create", "draw", "render", "make", "produce", "paint", "design", "illustrate", "synthesize", "sketch"},
		objects:  []string{"image", "picture", "illustration", "photo", "drawing", "logo", "thumbnail", "avatar", "artwork", "icon", "banner", "graphic", "mockup", "portrait", "rendering"},
		products: []string{"dall-e", "dalle", "midjourney", "stable-diffusion", "imagen", "firefly"}},
	{name: "ocr", does: "reads text out of images (OCR)",
		alone:   []string{"ocr", "transcribe"},
		acts:    []string{"run", "perform", "extract", "recognize", "read"},
		objects: []string{"ocr", "handwriting", "scan", "scanned", "screenshot", "photo", "image", "picture"}},
	{name: "publishing", does: "publishes pages or posts",
		alone:    []string{"publish", "blog"},
		acts:     []string{"post", "upload", "share", "push", "create", "write", "add", "update", "sync"},
		objects:  []string{"wiki", "blog", "intranet", "knowledge-base", "site", "cms", "page"},
		products: []string{"confluence", "notion", "wordpress", "medium", "sharepoint", "ghost", "contentful", "substack", "coda", "gitbook"}},
	{name: "social", does: "posts comments, replies and votes",
		alone:   []string{"upvote", "downvote", "retweet", "repost"},
		acts:    []string{"post", "leave", "add", "write", "publish", "drop", "submit"},
		objects: []string{"comment", "reply", "upvote", "reaction", "testimonial"}},
	{name: "calendar", does: "schedules meetings and events",
		acts:     []string{"schedule", "book", "set", "arrange", "add", "create", "send", "plan", "reschedule", "cancel", "invite", "block", "respond", "accept", "decline", "rsvp"},
		objects:  []string{"meeting", "appointment", "event", "calendar", "invite", "invitation", "call", "slot", "interview", "alarm", "timer"},
		products: []string{"calendly", "gcal", "zoom", "meet", "cal.com"}},
	{name: "payments", does: "takes or returns payments",
		alone:    []string{"refund"},
		acts:     []string{"charge", "pay", "bill", "refund", "transfer", "wire", "issue", "process", "collect", "send", "capture", "invoice", "reimburse", "credit"},
		objects:  []string{"card", "payment", "refund", "payout", "invoice", "charge", "wire", "credit", "money", "funds", "transfer", "reimbursement"},
		products: []string{"stripe", "paypal", "braintree", "square", "adyen", "venmo", "quickbooks", "xero"}},
	{name: "database", does: "writes to a database",
		acts:     []string{"restore", "insert", "update", "write", "drop", "migrate", "backup", "load", "import", "delete", "truncate", "seed", "upsert", "save", "store", "replicate", "snapshot", "query", "run", "execute"},
		objects:  []string{"database", "db", "table", "schema", "warehouse", "replica", "collection", "sql", "query"},
		products: []string{"postgres", "postgresql", "mysql", "mongodb", "redis", "snowflake", "bigquery", "dynamodb", "sqlite", "elasticsearch", "supabase", "firestore", "cassandra", "redshift"}},
	{name: "memory", does: "stores long-term memory",
		alone:          []string{"memorize", "memorise"},
		acts:           []string{"create", "store", "save", "remember", "persist", "keep", "record", "write", "add", "commit", "put", "retain", "recall", "retrieve"},
		objects:        []string{"memory", "long-term", "knowledge-graph", "vector", "embedding", "notebook", "scratchpad"},
		objectsProvide: true},
	{name: "file-write", does: "writes files",
		acts:     []string{"save", "write", "export", "store", "dump", "append", "output", "persist", "attach", "zip", "archive", "copy", "move"},
		objects:  []string{"file", "disk", "folder", "directory", "workspace", "drive", "csv", "pdf", "xlsx", "spreadsheet", "attachment"},
		products: []string{"dropbox", "onedrive", "box", "s3"}},
	{name: "version-control", does: "changes code in version control",
		alone:   []string{"merge", "deploy", "rebase", "cherry-pick"},
		acts:    []string{"approve", "merge", "commit", "push", "open", "create", "revert", "deploy", "release", "tag", "roll", "promote"},
		objects: []string{"pr", "pull", "branch", "commit", "release", "deployment", "staging", "production", "repo", "repository"}},
}

// sequencers open a step of a procedure; they and plain adverbs may stand
// before an imperative at the start of a clause.
var sequencers = set("then", "next", "finally", "also", "please", "kindly", "first", "always", "just", "simply", "immediately",
	"afterwards", "afterward", "lastly", "optionally", "additionally", "now", "subsequently", "automatically", "later",
	"directly", "instead", "second", "third", "thereafter", "once", "done", "after", "when", "finished",
	"complete", "completed", "same", "time", "secondly", "thirdly", "meanwhile", "last", "lastly,", "so",
	"hence", "thus", "therefore", "consequently")

// modals before a verb address the agent when "you" is their subject
// ("you can email", "you should post").
var modals = set("can", "should", "must", "may", "might", "could", "would", "will", "shall", "ll", "need", "have", "want", "are")

// toOpeners are words after which "to <verb>" is an instruction ("be sure
// to", "remember to", "don't forget to", "feel free to").
var toOpeners = set("sure", "remember", "forget", "free", "try", "want", "need", "able", "expected", "asked",
	"supposed", "encouraged", "please", "required", "instructed", "allowed", "helps", "best", "wise", "advisable",
	"recommended", "customary", "worthwhile", "useful", "good", "fine", "welcome", "ok", "okay",
	// a deed weighed as the better one ("it would be kinder to let them
	// know", "Would it not be wiser to …")
	"better", "kinder", "wiser", "safer", "nicer", "smarter", "preferable", "politer", "fairer")

// objectOpeners may follow an imperative verb: the start of its object or
// of where it acts ("email it", "post to", "search the web").
var objectOpeners = set("the", "a", "an", "it", "them", "this", "that", "these", "those", "each", "every", "all",
	"any", "some", "your", "their", "his", "her", "its", "our", "my", "to", "into", "onto", "on", "in", "via",
	"through", "for", "with", "from", "out", "up", "back", "over", "him", "me", "us", "both", "one", "another",
	"new", "relevant", "appropriate", "corresponding", "results", "result", "output", "summary", "report", "anything",
	"everything", "something", "whatever", "whoever", "whichever", "anyone", "everyone", "everybody", "anybody")

// personObjects are the persons a personal verb acts on.
var personObjects = set("him", "her", "them", "me", "us", "customer", "customers", "client", "clients", "patient",
	"patients", "candidate", "candidates", "engineer", "engineers", "on-call", "oncall", "manager", "owner", "owners",
	"team", "assignee", "reporter", "requester", "lead", "supplier", "vendor", "driver", "doctor", "nurse",
	"physician", "caller", "contact", "contacts", "employee", "employees", "responder", "responders",
	"stakeholder", "stakeholders", "admin", "administrator", "sre", "member", "members", "buyer", "seller", "tenant",
	"guest", "applicant", "recipient", "recipients", "rep", "reps", "representative", "salesperson", "colleague",
	"colleagues", "coworker", "boss", "someone", "everyone", "people", "person", "staff", "partner", "partners",
	"parent", "parents", "student", "students", "subscriber", "subscribers", "approver", "approvers", "agent", "agents",
	"voter", "voters", "citizen", "citizens", "resident", "residents", "patron", "patrons", "volunteer", "volunteers",
	"member", "borrower", "borrowers", "owner", "tenants", "guests", "applicants", "drivers", "nurses", "doctors")

// personRoles are nouns in -er/-or that name people, not instruments
// ("your manager", "your provider").
var personRoles = set("user", "customer", "manager", "owner", "developer", "engineer", "reviewer", "provider",
	"supplier", "vendor", "partner", "employer", "teacher", "doctor", "lawyer", "advisor", "adviser", "accountant",
	"buyer", "seller", "driver", "officer", "leader", "supervisor", "coordinator", "recruiter", "interviewer",
	"administrator", "operator", "member", "publisher", "subscriber", "sender", "receiver", "caller", "player",
	"author", "editor", "director", "counselor", "investor", "director", "founder", "maintainer", "approver",
	"requester", "reporter", "designer", "writer", "owner", "holder", "worker", "minder", "carrier", "insurer",
	"lender", "borrower", "landlord", "broker", "dealer", "trader", "planner", "tutor", "mentor", "doctor", "server",
	"computer", "folder", "order", "number", "letter", "header", "footer", "border", "filter", "parameter", "error",
	"counter", "container", "cluster", "layer", "marker", "master", "character", "register", "calendar", "sensor",
	"identifier", "cursor", "vector", "sector", "factor", "color", "colour", "behavior", "behaviour", "monitor",
	"other", "either", "neither", "after", "under", "over", "never", "ever", "however", "water", "paper", "matter")

// systemNouns are agent-side systems named by "your X" ("your long-term
// memory", "your sandbox"), each with the class it needs.
var systemNouns = map[string]string{
	"memory": "memory", "sandbox": "code-execution", "terminal": "code-execution", "shell": "code-execution",
	"console": "code-execution", "interpreter": "code-execution", "notebook": "code-execution", "repl": "code-execution",
	"browser": "browse", "inbox": "email", "outbox": "email", "calendar": "calendar", "scratchpad": "memory", "knowledge-base": "memory",
	"toolbox": "tools", "toolkit": "tools", "plugin": "tools", "plugins": "tools", "model": "tools", "pipeline": "tools",
	"vector": "memory", "crm": "tools", "tracker": "ticket", "spreadsheet": "tools", "notes": "tools",
}

// handOff are the verbs and prepositions through which an instruction
// hands its work to something ("pipe into your formatter", "let your
// classifier label").
var handOff = set("into", "to", "through", "with", "via", "in", "using", "by", "let", "ask", "have", "use", "run", "tell", "instruct",
	"feed", "pass", "send", "hand", "give", "pipe", "call", "invoke", "from", "onto", "bring", "put", "deploy", "employ",
	"enlist", "wield", "unleash", "engage")

// stateVerbs change something outside the conversation; as a later step
// of a procedure ("then restore it", "once done, approve and merge it")
// they need a tool that does them.
var stateVerbs = set("create", "approve", "merge", "restore", "deploy", "delete", "remove", "close", "assign",
	"archive", "cancel", "submit", "revert", "rollback", "publish", "upload", "trigger", "restart", "reboot",
	"provision", "transfer", "invite", "reply", "forward", "comment", "escalate", "refund", "charge", "book",
	"order", "purchase", "sign", "push", "commit", "release", "promote", "disable", "enable", "revoke", "grant",
	"migrate", "backup", "reject", "suspend", "terminate", "ban", "block", "unblock", "kill", "shutdown", "reset",
	"install", "uninstall", "upgrade", "downgrade", "scale", "notify", "alert", "post", "send", "email",
	"schedule", "reschedule", "pay", "wire", "deactivate", "activate", "rotate", "lock", "unlock", "approve", "tag",
	"label", "update", "edit", "modify", "rename", "move", "copy", "save", "write", "store", "record", "register",
	"enroll", "onboard", "offboard", "dispatch", "ship", "file", "raise", "mark", "resolve", "reopen")

// stepOpeners mark a later step of a procedure ("then", "next", "once
// done", "after that", "finally").
var stepOpeners = set("then", "next", "finally", "following", "afterwards", "afterward", "after", "once", "lastly", "subsequently",
	"thereafter", "later", "second", "third", "secondly", "thirdly",
	// the adverbs of time that place a deed after what came before
	// (English's closed set: "eventually", "ultimately", "shortly",
	// "hereafter", "thereupon", "presently" in its sense of "soon")
	"eventually", "ultimately", "shortly", "hereafter", "thereupon", "presently",
	// and of consequence, a step the one before makes due ("Hence
	// reorder …", "thus cancel …")
	"hence", "thus", "therefore", "consequently")

// readVerbs only look at something: an imperative of theirs names the
// product it reads from no more than a capability to act on it.
var readVerbs = set("see", "note", "consider", "ignore", "mention", "describe", "say", "avoid", "assume", "know",
	"remember", "keep", "prefer", "expect", "treat", "include", "exclude", "provide", "specify", "pass", "set",
	"return", "list", "get", "use", "show", "read", "be", "do", "make", "ensure", "verify", "confirm", "choose",
	"select", "pick", "omit", "leave", "supply", "give", "enter", "input", "type", "format", "limit", "filter",
	"sort", "refer", "look", "wait", "try", "let", "call", "invoke")

// codeWords in an instruction's reach say that code does the work
// ("compute them programmatically", "reproduce it locally").
var codeWords = set("programmatically", "locally", "lines-of-code")

// dualRoles name a person and a program alike ("password manager",
// "image editor", "chart maker"); which one a text means is read from
// the deed and where the phrase stands (yourProgramAt).
var dualRoles = set("manager", "editor", "maker", "planner", "designer", "reader", "writer", "player", "viewer", "monitor")

// programSlots put a program in the place or the means of a deed ("in
// your image editor", "from your password manager").
var programSlots = set("in", "into", "from", "with", "using", "through", "via")

// peopleDeeds are deeds done with or from people: after them a dual role
// ("with your account manager") is a person.
var peopleDeeds = set("discuss", "check", "confirm", "agree", "talk", "speak", "meet", "consult", "coordinate", "raise",
	"clear", "share", "escalate", "review", "settle", "negotiate", "arrange", "sync", "follow", "work", "plan", "verify",
	"get", "request", "obtain", "receive", "seek", "ask", "need", "collect", "gather", "chase", "align", "liaise")
