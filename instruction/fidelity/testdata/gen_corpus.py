# Generates instruction/fidelity/testdata/leaks.json: the labelled leak
# corpus. Real MCP descriptions come from the GitHub fixture; written cases
# are below. Labels are a careful reader's verdict, written before the
# checker ran; held_out items were chosen by position before any tuning.
import json, sys

fixture = json.load(open(sys.argv[1]))
tools = {t['name']: t for t in fixture['tools']}

def walk(s, path, out):
    if isinstance(s, dict):
        if isinstance(s.get('description'), str):
            out.append((path, s['description']))
        for k, v in s.items():
            if k != 'description':
                walk(v, path + '/' + k, out)
    elif isinstance(s, list):
        for i, v in enumerate(s):
            walk(v, path + '/' + str(i), out)

# real descriptions that name a sibling tool (a careful reader's list)
real_leaks = {
    ('issue_write', '/properties/type'): ['list_issue_types'],
    ('issue_write', '/properties/issue_fields/items/properties/field_name'): ['list_issue_fields'],
    ('assign_copilot_to_issue_with_intent', ''): ['assign_copilot_to_issue'],
    ('list_pull_requests', ''): ['search_pull_requests'],
    ('pull_request_review_write', '/properties/threadId'): ['pull_request_read'],
    # names 'update_issue', which the fixture does not have at all
    ('label_write', ''): ['update_issue'],
}
items = []
def add(kind, text, leak, roster='natives', extra=(), self_=None, note='', ):
    items.append({'kind': kind, 'text': text, 'roster_preset': roster, 'roster': list(extra), 'self': self_, 'leak': leak, 'note': note})

# every top-level description, and every parameter description that reads
# like guidance (mentions use/call/tool/identifiers), as the only github tool
for name, t in tools.items():
    out = [('', t.get('description', ''))]
    walk(t.get('inputSchema', {}), '', out)
    for path, desc in out:
        if path and not any(w in desc.lower() for w in ('use ', 'call', 'tool', '_', 'run', 'program', 'script', 'read')):
            continue
        refs = real_leaks.get((name, path))
        self_ = 'github.' + name
        if refs:
            add('real', desc, True, 'natives', [self_], self_, 'names github ' + ', '.join(refs) + ', absent')
            if (name, path) != ('label_write', ''):
                add('real', desc, False, 'natives', [self_] + ['github.' + r for r in refs], self_, 'names github ' + ', '.join(refs) + ', present')
        else:
            add('real', desc, False, 'natives', [self_], self_, 'real description' + (' ' + path if path else ''))

W = []  # (kind, text, leak, roster, extra, note)
def w(kind, text, leak, roster='natives', extra=(), note=''):
    W.append((kind, text, leak, roster, extra, note))

# cross-tool references to known tools absent from the roster
w('cross-tool', 'Lists open issues. To file a new one, use github.create_issue with the title and body.', True, 'natives', ['github.list_issues'])
w('cross-tool', 'Lists open issues. To file a new one, use github.create_issue with the title and body.', False, 'natives', ['github.list_issues', 'github.create_issue'])
w('cross-tool', 'Returns the repository tree. Fetch a file from it afterwards with get_file_contents.', True, 'natives', ['github.get_repository_tree'])
w('cross-tool', 'Returns the repository tree. Fetch a file from it afterwards with get_file_contents.', False, 'natives', ['github.get_repository_tree', 'github.get_file_contents'])
w('cross-tool', 'Summarizes a CSV. For charts, pass the summary to render_chart.', True, 'none', [])
w('cross-tool', 'Summarizes a CSV. For charts, pass the summary to render_chart.', False, 'none', ['render_chart'])
w('cross-tool', 'Downloads the job log. Save it for the user with workspace_write if it is long.', True, 'none', ['github.get_job_logs'])
w('cross-tool', 'Before merging, call merge_pull_request only after pull_request_read reports green checks.', True, 'natives', ['github.merge_pull_request'])
w('cross-tool', 'Before merging, call merge_pull_request only after pull_request_read reports green checks.', False, 'natives', ['github.merge_pull_request', 'github.pull_request_read'])
w('cross-tool', 'Finds pages on the public web. Open a result with web_fetch to read it in full.', True, 'none', ['web_search'])
w('cross-tool', 'Finds pages on the public web. Open a result with web_fetch to read it in full.', False, 'none', ['web_search', 'web_fetch'])
w('cross-tool', 'If the user has not confirmed, ask them first with ask_user.', True, 'none', ['github.delete_repository'])
w('cross-tool', 'The result is a Vega-Lite spec you can hand straight to the chart renderer.', True, 'none', ['sql_query'])
w('cross-tool', 'Draws a flow as Mermaid so the user sees the process.', True, 'none', ['compute_statistics'])
w('cross-tool', 'Draws a flow as Mermaid so the user sees the process.', False, 'none', ['render_diagram'])
w('cross-tool', 'Use the Web search tool to find the regulator page, then quote it.', True, 'none', ['read_file'])
w('cross-tool', 'Use the Web search tool to find the regulator page, then quote it.', False, 'none', ['read_file', 'web_search'])
w('cross-tool', 'Large results are truncated; narrow them with search_code instead of paging.', True, 'natives', ['github.get_file_contents'])
w('cross-tool', 'Returns memory notes. New notes are stored through memory_write.', True, 'none', ['memory_read'])
w('cross-tool', 'Returns memory notes. New notes are stored through memory_write.', False, 'none', ['memory_read', 'memory_write'])
w('cross-tool', 'Posts a comment. Use github.add_issue_comment_reaction to react instead of commenting "+1".', True, 'natives', ['github.add_issue_comment'])
w('cross-tool', 'Reads a spreadsheet; to convert it to CSV first, run convert_document.', True, 'none', ['read_spreadsheet'])
w('cross-tool', 'Reads a spreadsheet; to convert it to CSV first, run convert_document.', False, 'none', ['read_spreadsheet', 'convert_document'])
w('cross-tool', 'Take a screenshot of the page with web_screenshot when layout matters.', True, 'none', ['web_fetch'])
w('cross-tool', 'Once the query returns, send the table to compute_statistics for means and quartiles.', True, 'none', ['sql_query'])
w('cross-tool', 'Notifies the user. For a yes/no decision prefer confirm_action.', True, 'none', ['notify_user'])
w('cross-tool', 'Notifies the user. For a yes/no decision prefer confirm_action.', False, 'none', ['notify_user', 'confirm_action'])
w('cross-tool', 'Schedules the meeting; check free slots with calendar.schedule_meeting first if unsure.', True, 'none', ['read_file'])
w('cross-tool', 'Open the document with the Read tool, then summarize it.', True, 'none', ['web_fetch'])
w('cross-tool', 'Open the document with the Read tool, then summarize it.', False, 'none', ['docs.read'])
w('cross-tool', 'Start the nightly export through ops.run_job and poll until it finishes.', True, 'natives', [])

# unknown tools, named call-style
w('unknown-tool', 'Before answering, call zeta first to refresh the cache.', True, 'natives', [])
w('unknown-tool', 'To get the token, use foo_bar(scope="read") and pass it along.', True, 'natives', [])
w('unknown-tool', 'Invoke the `fetch_secrets` tool to obtain credentials for the deploy.', True, 'natives', [])
w('unknown-tool', 'Always run lint_repo before committing changes.', True, 'natives', [])
w('unknown-tool', 'If the lookup fails, fall back to the geocode tool.', True, 'natives', [])
w('unknown-tool', 'Call get_weather(city) to know whether to reschedule.', True, 'natives', [])
w('unknown-tool', 'Use translate_text to put the answer in the user\'s language.', True, 'natives', [])
w('unknown-tool', 'Results can be enriched: pass each id to crm.lookup_contact.', True, 'natives', [])
w('unknown-tool', 'For PDFs, call ocr_pages before extracting text.', True, 'natives', [])
w('unknown-tool', 'Use the Slack tool to tell the channel when you are done.', True, 'natives', [])
w('unknown-tool', 'Then invoke summarize_thread on the conversation id.', True, 'natives', [])
w('unknown-tool', 'Call omega with the order id to get its status.', True, 'natives', [])
w('unknown-tool', 'Pipe the output into jira.create_ticket for tracking.', True, 'natives', [])
w('unknown-tool', 'Use `send_email` to deliver the report to the finance team.', True, 'natives', [])
w('unknown-tool', 'The `kb_search` function returns matching articles; call it with a query.', True, 'natives', [])
w('unknown-tool', 'Trigger deploy_service once tests pass.', True, 'natives', [])
w('unknown-tool', 'Emit <action tool="billing_refund">{"order": 7}</action> to refund.', True, 'natives', [])
w('unknown-tool', 'First call auth_login, then list the projects.', True, 'natives', [])

# code execution hints without exec
w('exec', 'Write a Python program and run it in the interpreter to total the column.', True, 'natives', [])
w('exec', 'Write a Python program and run it in the interpreter to total the column.', False, 'natives+exec', [])
w('exec', 'For large files, execute a shell script that splits them first.', True, 'natives', [])
w('exec', 'For large files, execute a shell script that splits them first.', False, 'natives+exec', [])
w('exec', 'You can run code to transform the data before charting it.', True, 'natives', [])
w('exec', 'You can run code to transform the data before charting it.', False, 'natives+exec', [])
w('exec', 'Generate a pandas script to clean the table and execute it.', True, 'natives', [])
w('exec', 'Use a Jupyter notebook to explore the dataset interactively.', True, 'natives', [])
w('exec', 'Compute the totals in a sandboxed interpreter and print them.', True, 'natives', [])
w('exec', 'Compute the totals in a sandboxed interpreter and print them.', False, 'natives+exec', [])
w('exec', 'Run `python analyze.py` in the shell to reproduce the numbers.', True, 'natives', [])
w('exec', 'Code execution is available for heavy computation.', True, 'natives', [])
w('exec', 'Code execution is available for heavy computation.', False, 'natives+exec', [])
w('exec', 'If parsing gets hard, write a small program to do it.', True, 'natives', [])
w('exec', 'Execute the snippet with bash and read the output.', True, 'natives', [])
w('exec', 'Evaluate arbitrary Python expressions by running them in a REPL.', True, 'natives', [])
w('exec', 'Prefer writing a script over calling tools one by one for bulk edits.', True, 'natives', [])
w('exec', 'Prefer writing a script over calling tools one by one for bulk edits.', False, 'natives+exec', [])
w('exec', 'Use the code channel to run the transformation.', True, 'natives', [])
w('exec', 'Shell commands like grep and sed can be executed to search files.', True, 'natives', [])
w('exec', 'Generated code runs with numpy and pandas available.', True, 'natives', [])
w('exec', 'Generated code runs with numpy and pandas available.', False, 'natives+exec', [])

# innocent uses
w('innocent', 'Read notifications are ones the user has already acknowledged.', False, 'natives', ['docs.read'])
w('innocent', 'Read notifications are ones the user has already acknowledged.', False, 'natives', [])
w('innocent', 'Returns the read-only metadata of a document.', False, 'natives', [])
w('innocent', 'Lists members of the loyalty program with their tier.', False, 'natives', [])
w('innocent', 'The release schedule is published on the first Monday of each month.', False, 'natives', [])
w('innocent', 'Schedule: the date the report is due, as YYYY-MM-DD.', False, 'natives', [])
w('innocent', 'Filter by language, for example language:python or language:go.', False, 'natives', [])
w('innocent', 'Search repositories, e.g. "machine learning language:python stars:>1000".', False, 'natives', [])
w('innocent', 'Re-run a failed workflow run and return its new status.', False, 'natives', [])
w('innocent', 'Lists code scanning alerts for a repository.', False, 'natives', [])
w('innocent', 'Request a Copilot code review for the pull request.', False, 'natives', [])
w('innocent', 'The script of the video, as plain text with speaker names.', False, 'natives', [])
w('innocent', 'Company name, e.g. Shell plc or Siemens AG.', False, 'natives', [])
w('innocent', 'The TV program guide for the selected channel and day.', False, 'natives', [])
w('innocent', 'Read the file at the given path and return its text.', False, 'natives', [])
w('innocent', 'Use this tool to read files from the workspace.', False, 'natives', [])
w('innocent', 'Call this tool once per page; do not loop over all pages.', False, 'natives', [])
w('innocent', 'Use the cursor from the previous response to fetch the next page.', False, 'natives', [])
w('innocent', 'Use the `per_page` parameter to control the page size.', False, 'natives', [], )
w('innocent', 'Call it with the exact id the user gave you.', False, 'natives', [])
w('innocent', 'Use pagination for large result sets.', False, 'natives', [])
w('innocent', 'Use ISO 8601 dates in the since and until fields.', False, 'natives', [])
w('innocent', 'Use caution: deletion cannot be undone.', False, 'natives', [])
w('innocent', 'The program manager who owns the project.', False, 'natives', [])
w('innocent', 'Runs the saved query against the warehouse and returns rows.', False, 'natives', [])
w('innocent', 'Programming language of the snippet, for syntax highlighting.', False, 'natives', [])
w('innocent', 'Returns the source code of the file at a given ref.', False, 'natives', [])
w('innocent', 'Schedule a reminder for the user at the given time.', False, 'natives', [])
w('innocent', 'Ask the user to confirm before a destructive change.', False, 'natives', [])
w('innocent', 'Write the notes to the workspace so the user can see them.', False, 'natives', [])
w('innocent', 'Reading level of the summary: plain, standard or expert.', False, 'natives', [])
w('innocent', 'Runtime of the job in seconds.', False, 'natives', [])
w('innocent', 'Whether to run the check in dry-run mode.', False, 'natives', [])
w('innocent', 'Use read_file to open the report, then summarize it.', False, 'natives', [])
w('innocent', 'Call web_search with a short query; cite each result.', False, 'natives', [])
w('innocent', 'Scripts, programs and notebooks in the repository are listed by language.', False, 'natives', [])
w('innocent', 'Executive summary of the quarter, at most five sentences.', False, 'natives', [])
w('innocent', 'The shell of the building as drawn in the floor plan.', False, 'natives', [])
w('innocent', 'Call the user back only if they asked for it.', False, 'natives', [])
w('innocent', 'Use the method "get_diff" to fetch the diff of a pull request.', False, 'natives', ['github.pull_request_read'], )
w('innocent', 'Required for \'update_project_items\'; prefer it over calling \'update_project_item\' in a loop.', False, 'natives', ['github.projects_write'])
w('innocent', 'Python version of the runtime image, e.g. 3.12.', False, 'natives', [])
w('innocent', 'Use the Read permission to view the dashboard.', False, 'natives', ['docs.read'])
w('innocent', 'Programs: the list of grant programs the applicant may choose from.', False, 'natives', [])
w('innocent', 'Schedule the report weekly or monthly.', False, 'natives', [])
w('innocent', 'Execute the payment once the invoice is approved.', False, 'natives', [])
w('innocent', 'Run the search again with a narrower query if results were cut.', False, 'natives', [])

# self-references and tools present in the roster
w('innocent', 'Prefer this tool over assign_copilot_to_issue when available.', False, 'natives', ['github.assign_copilot_to_issue_with_intent', 'github.assign_copilot_to_issue'])
w('innocent', 'Writes a file; delete_file removes it again.', False, 'natives', [], )
w('innocent', 'If the user names an author, use search_pull_requests instead.', False, 'natives', ['github.search_pull_requests'])

# innocent shapes found by reading the checker's rules for flood risks
w('innocent-rules', 'Call duration in seconds, rounded up.', False, 'natives', [])
w('innocent-rules', 'Generates a one-time code for sign-in and returns it.', False, 'natives', [])
w('innocent-rules', 'A diagnostic tool for network latency between two hosts.', False, 'natives', [])
w('innocent-rules', 'Use fetch sparingly: each page counts against the quota.', False, 'natives', [])
w('innocent-rules', 'Write the summary to files in the workspace.', False, 'natives', [])
w('innocent-rules', 'Call status: ringing, answered or missed.', False, 'natives', [])
w('innocent-rules', 'Creates a discount code for the campaign.', False, 'natives', [])
w('innocent-rules', 'Lists the tools of the workshop inventory with their location.', False, 'natives', [])

for k, text, leak, roster, extra, note in W:
    items.append({'kind': k, 'text': text, 'roster_preset': roster, 'roster': list(extra), 'self': None, 'leak': leak, 'note': note})


# A fresh held-out set, written after the checker existed and run once
# before any change: other services' descriptions (Slack, Jira, Notion,
# Postgres, a browser), none of them seen while tuning.
F = [
 ('Posts a message to a channel. Look up the channel id with slack.list_channels first.', True, ['slack.post_message']),
 ('Creates a Jira issue. After creating, move it to In Progress with transition_issue.', True, ['jira.create_issue']),
 ('Queries a Notion database. Pages returned can be opened with notion.retrieve_page.', True, ['notion.query_database']),
 ('Runs a read-only SQL query. For schema details call describe_schema before querying.', True, ['postgres.query']),
 ('Navigate the browser to a URL. To click elements use browser_click.', True, ['browser.navigate']),
 ("Returns the page's HTML. You may also evaluate JavaScript in the page with the evaluate tool.", True, ['browser.navigate']),
 ('Reads a text file. Large files should be processed by writing a Python script that streams them.', True, []),
 ('Searches messages. Tip: run a shell one-liner such as `grep -r` over exported logs for faster results.', True, ['slack.post_message']),
 ('Lists files. Combine with a small Node.js program to compute sizes.', True, []),
 ('Returns CSV rows. Pandas users can load them directly with pd.read_csv().', True, []),
 ('Exports the board. Afterwards, notify the team via the Teams tool.', True, []),
 ('Fetches a web page. If blocked, fall back to the headless_browser.', True, []),
 ('Creates a calendar event. Invite attendees with add_attendees afterwards.', True, []),
 ("Get the current user's Slack profile. Use get_me to find your GitHub login.", True, ['slack.get_profile']),
 ('Deletes a branch. This cannot be undone; confirm with the user via confirm_action first.', True, ['github.delete_file'], 'none'),
 ('Deletes a branch. This cannot be undone; confirm with the user via confirm_action first.', False, ['github.delete_file']),
 ('Transcribes audio. Execute ffmpeg to convert formats first.', True, []),
 ('Search the knowledge base. When nothing is found, escalate with create_ticket.', True, []),
 ('Compute statistics over a table. You can also evaluate formulas with the Calculator tool.', True, []),
 ('Generates an image from a prompt. Use the image_edit endpoint to refine it.', True, []),
 ('Posts a message to a Slack channel. Use the channel ID, not its name.', False, ['slack.post_message']),
 ('Query the database with SQL. Only SELECT statements are run.', False, ['postgres.query']),
 ('Returns the program of the conference, with sessions and speakers.', False, []),
 ("Lists Python packages in the repository's requirements file.", False, []),
 ('Reads a file. Binary files are returned base64-encoded.', False, []),
 ('Searches issues by JQL, e.g. project = OPS AND status = Open.', False, ['jira.create_issue']),
 ('Lists the scripts configured in package.json (build, test, lint).', False, []),
 ('Schedules a post for later. Use ISO 8601 for the time.', False, []),
 ('Gets a page by id. The id is shown in the page URL after the last dash.', False, ['notion.query_database']),
 ('Use the `limit` argument to cap results.', False, []),
 ('Call this endpoint at most once per minute.', False, []),
 ('Executes the approved workflow step and returns its status.', False, []),
 ('Returns the shell-escaped version of a string.', False, []),
 ('The code of the country, ISO 3166 alpha-2.', False, []),
 ('Run the report for the given month and return totals.', False, []),
 ('Returns which programming languages a repository uses.', False, []),
 ('Write access is required; read-only tokens are refused.', False, []),
 ('Lists tools installed on the build machine, such as compilers and linters.', False, []),
 ('Creates a Jira issue. Use transition_issue to move it to another status.', False, ['jira.create_issue', 'jira.transition_issue']),
 ('Reads a text file; call it again with an offset for the next part.', False, []),
 ('Navigate to a URL; the browser waits for the load event.', False, ['browser.navigate']),
 ('Evaluate JavaScript in the page and return the result.', False, ['browser.evaluate']),
 ('Runs the named GitHub Actions workflow.', False, []),
 ("Creates a snippet (a short shared text) in the team's snippet library.", False, []),
 ('Notify the on-call engineer via the paging service.', False, []),
 ('Lists calendar events; each event includes its schedule and attendees.', False, []),
 ('Reads the spreadsheet; formulas are returned as written, not evaluated.', False, []),
 ('Use the Query tool to run SELECT statements.', False, ['postgres.query']),
 ('Use the Query tool to run SELECT statements.', True, ['slack.post_message']),
 ('Post the summary to Slack when done.', True, []),
 ('Returns the text. Scripts embedded in the page are not executed.', False, ['browser.navigate']),
 ('Commands are executed in a sandboxed container with no network.', True, []),
 ('You may write JavaScript snippets to automate the page.', True, ['browser.navigate']),
 ('List all open incidents; acknowledge one with pagerduty.ack_incident.', True, []),
 ("Get a user's presence. See also users_list.", True, ['slack.get_profile']),
 ('Archives a channel. Only admins may do this; otherwise, ask an admin.', False, ['slack.post_message']),
 ('Reads the file. Use read_file for text and extract_text for PDFs.', False, []),
 ('Reads the file. Use read_file for text and extract_text for PDFs.', True, ['read_file'], 'none'),
 ('Returns release notes. To publish them, call publish_release.', True, []),
 ('Counts rows. If you need joins, write the SQL yourself in the query parameter.', False, ['postgres.query']),
]
for row in F:
    text, leak, extra = row[0], row[1], row[2]
    preset = row[3] if len(row) > 3 else 'natives'
    items.append({'kind': 'fresh', 'text': text, 'roster_preset': preset, 'roster': extra, 'self': None, 'leak': leak, 'note': 'fresh held-out set', 'fresh': True})

# A second fresh set, written after the first fresh set's fixes and run
# once before any further change: more services (Sentry, Stripe, Linear,
# Gmail, Drive, Kubernetes, a weather API).
F2 = [
 ('Lists Sentry issues. For the stack trace of one, use sentry.get_event.', True, ['sentry.list_issues']),
 ('Refunds a charge. Look the charge up first with retrieve_charge.', True, ['stripe.create_refund']),
 ('Creates a Linear issue. To assign it, call linear.update_issue afterwards.', True, ['linear.create_issue']),
 ('Sends an email. Attach files by first uploading them with drive.upload_file.', True, ['gmail.send_email']),
 ('Lists pods. Logs of a pod are available through the get_pod_logs tool.', True, ['k8s.get_pods']),
 ('Summarizes the inbox. You can reply directly using the Send email tool.', True, ['gmail.list_messages']),
 ('Searches Drive. Results can be opened with read_file if downloaded.', True, ['drive.search_files'], 'none'),
 ('Runs the deployment. If it fails, roll back by invoking rollback_release.', True, ['k8s.apply']),
 ('Returns weather. For charts of the forecast, call render_chart.', True, ['weather.get_forecast'], 'none'),
 ('Parses the log file. For complex patterns, write a regex script in Python and execute it.', True, []),
 ('Converts units. Arbitrary math can be evaluated by running a snippet of JavaScript.', True, []),
 ('Fetches the dataset. Analysis is best done in a Jupyter-style notebook session.', True, []),
 ('Lists invoices. Use the terminal to export them with `stripe invoices list`.', True, ['stripe.create_refund']),
 ('Creates a ticket. Notify the requester on Slack afterwards.', True, []),
 ('Gets an issue. Comments can be added via linear.comment_create.', True, ['linear.create_issue']),
 ('Runs SQL. Heavy transformations should be scripted in Python instead.', True, []),
 ('Archives an email; to permanently remove it, use delete_message.', True, ['gmail.list_messages']),
 ('Compresses files. You can also execute arbitrary shell commands through this tool.', True, []),
 ('Translate text. If the language is unsupported, fall back to deepl_translate.', True, []),
 ('Creates a refund. Confirm the amount with the user first (ask_user).', True, ['stripe.create_refund'], 'none'),
 ('Lists Sentry issues for a project, newest first.', False, ['sentry.list_issues']),
 ('Refunds a charge. The charge id starts with ch_.', False, ['stripe.create_refund']),
 ('Creates a Linear issue in the given team; the team key is like ENG.', False, ['linear.create_issue']),
 ('Sends an email to one or more recipients; use a comma-separated list.', False, ['gmail.send_email']),
 ('Lists pods in a namespace. The namespace defaults to default.', False, ['k8s.get_pods']),
 ('Returns the forecast for the next 7 days, in metric units.', False, ['weather.get_forecast']),
 ('Runs the deployment pipeline for the given service and environment.', False, ['k8s.apply']),
 ('Lists the programs installed on the device (name, version).', False, []),
 ('Searches Drive files by name; use quotes for exact phrases.', False, ['drive.search_files']),
 ('Executes a saved search and returns matching messages.', False, ['gmail.list_messages']),
 ('Returns the code coverage of the latest build.', False, []),
 ('The Python SDK version used by the integration.', False, []),
 ('Run this tool again with page=2 to get more results.', False, []),
 ('Use the `cursor` value from the previous call.', False, []),
 ('Sends a message; call with the thread id to reply in a thread.', False, ['slack.post_message']),
 ('Returns a script of the podcast episode.', False, []),
 ('Reads a spreadsheet. Use read_spreadsheet for .xlsx and read_file for .csv.', False, []),
 ('Gets the status of a Stripe payment (succeeded, pending, failed).', False, ['stripe.create_refund']),
 ('Creates a calendar event; the schedule must not overlap existing events.', False, []),
 ('Lists repositories; call it once per organization.', False, []),
 ('Writes the file to the workspace; existing files are overwritten.', False, []),
 ('The shell of the response: status, headers and body.', False, []),
 ('Lists Kubernetes jobs and their run history.', False, ['k8s.get_pods']),
 ('Use caution with production: changes here run immediately.', False, []),
 ('Trigger a build of the given branch; returns the build number.', False, []),
 ("Returns the current user's Linear teams.", False, ['linear.create_issue']),
 ('Deletes the message from the inbox.', False, ['gmail.list_messages']),
 ('Use the search_files tool to find a file by name.', False, []),
 ('Call the user only through the interaction tools listed here.', False, []),
 ('Returns the programming exercise text for the course.', False, []),
]
for row in F2:
    text, leak, extra = row[0], row[1], row[2]
    preset = row[3] if len(row) > 3 else 'natives'
    items.append({'kind': 'fresh2', 'text': text, 'roster_preset': preset, 'roster': extra, 'self': None, 'leak': leak, 'note': 'second fresh held-out set', 'fresh': True})

# A third fresh set, written after the second set's fixes and run once
# before any further change: reference MCP servers (puppeteer, memory,
# git, time, Brave) and business tools (HubSpot, Confluence).
F3 = [
 ('Take a screenshot of the current page. Navigate first with puppeteer_navigate.', True, ['puppeteer.screenshot']),
 ('Creates entities in the knowledge graph. Relations between them are added with create_relations.', True, ['memory.create_entities']),
 ('Shows the working tree status. Stage changes afterwards using git_add.', True, ['git.git_status']),
 ('Creates a HubSpot contact. Deals can then be attached via hubspot.create_deal.', True, ['hubspot.create_contact']),
 ('Converts a time between zones. To get the current time, call get_current_time.', True, ['time.convert_time']),
 ('Searches the web with Brave. For local businesses prefer brave_local_search.', True, ['brave.web_search']),
 ('Performs a web search; summarize pages you find with the fetch tool.', True, ['brave.web_search'], 'none'),
 ('Lists directory contents. For recursive listings, run `find . -type f` in a terminal.', True, []),
 ('Reads a CSV. You can post-process it with a quick awk one-liner.', True, []),
 ('Creates a page in Confluence. Then link it from Jira with jira_link_issue.', True, ['confluence.create_page']),
 ('Fetches the page content. Dynamic pages may need a headless browser: use the puppeteer tools.', True, []),
 ('Analyze the results by executing SQL directly against the warehouse with psql.', True, []),
 ('Stores a memory. Retrieve memories later with search_nodes.', True, ['memory.create_entities']),
 ('Lists commits. Generate release notes by running a Python script over the output.', True, []),
 ('Searches contacts. If none match, create one with the Create contact tool.', True, []),
 ('Returns the diff. Apply it locally by running git apply in the shell.', True, []),
 ('Summarizes a PDF. Scanned PDFs must first go through the OCR tool.', True, []),
 ('Lists events. Send reminders to attendees through Gmail.', True, []),
 ('Take a screenshot of the current page or of one element.', False, ['puppeteer.screenshot']),
 ('Creates entities; each has a name, a type and observations.', False, ['memory.create_entities']),
 ('Shows the working tree status of the repository at repo_path.', False, ['git.git_status']),
 ('Creates a contact with email, first name and last name.', False, ['hubspot.create_contact']),
 ('Converts a time from one IANA zone to another, e.g. Europe/Berlin.', False, ['time.convert_time']),
 ('Searches the web; results include title, URL and snippet.', False, ['brave.web_search']),
 ('Lists directory contents with [FILE] and [DIR] prefixes.', False, []),
 ('Runs a read-only query; writes are rejected by the server.', False, ['postgres.query']),
 ('Returns the code owners of a path.', False, []),
 ('Use the `timezone` field for the output zone.', False, ['time.convert_time']),
 ('Call this tool once per contact; batch imports are not supported.', False, ['hubspot.create_contact']),
 ('The shell color of the product, as shown in the catalog.', False, []),
 ('Executes the trade at market price once confirmed.', False, []),
 ('Programs: a list of program ids the member is enrolled in.', False, []),
 ('Write a short caption for the screenshot (max 80 chars).', False, ['puppeteer.screenshot']),
 ('Run a search over the graph by name or observation content.', False, ['memory.create_entities']),
 ("Returns the contact's lifecycle stage, e.g. lead or customer.", False, ['hubspot.create_contact']),
 ('Uses the repository at repo_path; it must be a git working tree.', False, ['git.git_status']),
 ('Returns the Python traceback of a failed job, if any.', False, []),
 ('Use `brave.web_search` for general queries.', False, ['brave.web_search']),
]
for row in F3:
    text, leak, extra = row[0], row[1], row[2]
    preset = row[3] if len(row) > 3 else 'natives'
    items.append({'kind': 'fresh3', 'text': text, 'roster_preset': preset, 'roster': extra, 'self': None, 'leak': leak, 'note': 'third fresh held-out set', 'fresh': True})

# the held-out third, by position, fixed before any tuning
for i, it in enumerate(items):
    it['id'] = '%s-%03d' % (it['kind'], i)
    # innocent-rules items were written after the rules, so never held out
    it['held_out'] = (i % 3 == 2 and it['kind'] != 'innocent-rules') or it.pop('fresh', False)
    if it['self'] is None:
        del it['self']
    if not it['note']:
        del it['note']

extra_tools = [
    {'id': 'docs.read', 'title': 'Read', 'purpose': 'Reads a document from the document store.'},
    {'id': 'calendar.schedule_meeting', 'title': 'Schedule', 'purpose': 'Schedules a meeting in the shared calendar.'},
    {'id': 'crm.list_programs', 'title': 'Programs', 'purpose': 'Lists the loyalty programs of the CRM.'},
    {'id': 'ops.run_job', 'title': 'Run job', 'purpose': 'Starts a named batch job.'},
    {'id': 'slack.post_message', 'title': 'Post message', 'purpose': 'Posts a message to a Slack channel.'},
    {'id': 'slack.list_channels', 'title': 'List channels', 'purpose': 'Lists the Slack channels.'},
    {'id': 'slack.get_profile', 'title': 'Get profile', 'purpose': 'Gets a Slack user profile.'},
    {'id': 'jira.create_issue', 'title': 'Create issue', 'purpose': 'Creates a Jira issue.'},
    {'id': 'jira.transition_issue', 'title': 'Transition issue', 'purpose': 'Moves a Jira issue to another status.'},
    {'id': 'notion.query_database', 'title': 'Query database', 'purpose': 'Queries a Notion database.'},
    {'id': 'postgres.query', 'title': 'Query', 'purpose': 'Runs a read-only SQL query.'},
    {'id': 'browser.navigate', 'title': 'Navigate', 'purpose': 'Navigates the browser to a URL.'},
    {'id': 'browser.evaluate', 'title': 'Evaluate JavaScript', 'purpose': 'Evaluates JavaScript in the page.'},
    {'id': 'sentry.list_issues', 'title': 'List issues', 'purpose': 'Lists Sentry issues.'},
    {'id': 'stripe.create_refund', 'title': 'Create refund', 'purpose': 'Refunds a Stripe charge.'},
    {'id': 'linear.create_issue', 'title': 'Create issue', 'purpose': 'Creates a Linear issue.'},
    {'id': 'linear.update_issue', 'title': 'Update issue', 'purpose': 'Updates a Linear issue.'},
    {'id': 'gmail.send_email', 'title': 'Send email', 'purpose': 'Sends an email.'},
    {'id': 'gmail.list_messages', 'title': 'List messages', 'purpose': 'Lists inbox messages.'},
    {'id': 'drive.search_files', 'title': 'Search files', 'purpose': 'Searches Google Drive.'},
    {'id': 'k8s.get_pods', 'title': 'Get pods', 'purpose': 'Lists Kubernetes pods.'},
    {'id': 'k8s.apply', 'title': 'Apply', 'purpose': 'Applies a Kubernetes manifest.'},
    {'id': 'weather.get_forecast', 'title': 'Get forecast', 'purpose': 'Returns a weather forecast.'},
    {'id': 'puppeteer.screenshot', 'title': 'Screenshot', 'purpose': 'Takes a screenshot of the page.'},
    {'id': 'memory.create_entities', 'title': 'Create entities', 'purpose': 'Creates entities in the knowledge graph.'},
    {'id': 'git.git_status', 'title': 'Git status', 'purpose': 'Shows the working tree status.'},
    {'id': 'hubspot.create_contact', 'title': 'Create contact', 'purpose': 'Creates a HubSpot contact.'},
    {'id': 'time.convert_time', 'title': 'Convert time', 'purpose': 'Converts a time between zones.'},
    {'id': 'brave.web_search', 'title': 'Brave Web Search', 'purpose': 'Searches the web with Brave.'},
    {'id': 'confluence.create_page', 'title': 'Create page', 'purpose': 'Creates a Confluence page.'},
]
json.dump({'extra_tools': extra_tools, 'items': items}, open(sys.argv[2], 'w'), indent=1, ensure_ascii=False)
print(len(items), sum(i['leak'] for i in items), sum(i['held_out'] for i in items), sum(i['held_out'] and i['leak'] for i in items))
