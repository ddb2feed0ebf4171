<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AgentModel</name>
    <message>
        <source>role: {role}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to talk to this agent alone.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttachmentBar</name>
    <message>
        <source>Attachments</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Attachments</name>
    <message numerus="yes">
        <source>{count} byte(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} excerpt(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Folder {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>converting</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{count} file(s), read-only</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> (hint: {hint})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach files to the next directive (or drop them on the input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grant a folder to this session (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CardHeader</name>
    <message>
        <source>◌ queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◔ reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✱ thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▮ streaming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▮ working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>■ stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>■ interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Principal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to {agent}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>directive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deliverable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · revision {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VERDICT: {verdict}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CardPaint</name>
    <message>
        <source>▶ Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▸ Full report · {words}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▸ Thinking … · {words} so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▾ Thinking</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit &amp; resend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full report</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatItem</name>
    <message>
        <source>▸ Thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yesterday {time}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatText</name>
    <message numerus="yes">
        <source>{count} word(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Chip</name>
    <message>
        <source>Remove {name}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>start a new session (the standing brief is updated in the background)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export this session: /export md|html|json [PATH]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>close the window (the session is kept for the next start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider, model, session, runs and tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;tatus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tasks of the last run and their status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tasks of the last run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the runs of this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &amp;history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-audit the last deliverable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-&amp;audit last deliverable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>continue the waiting (suspended or stopped) run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume waiting run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clear the view (nothing is deleted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the raw, unparsed replies of the last run&apos;s agents; /debug on|off: debug logging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw replies of the last run (&amp;debug)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last run (or /trace RUN_ID) as a timeline: each stage, lead, call and gate, with tokens and cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run t&amp;imeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open the agent editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit agents…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the team roster the recruiter keeps: roles, models, tools, dates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team &amp;roster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reload agents and settings from disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reload agents and settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>view or edit the standing brief</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing &amp;brief…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reset the standing brief to the empty template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset standing brief…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show the last response&apos;s thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last response&apos;s &amp;thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show or hide the thinking panels: /panels on|off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show thinking &amp;panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turn the automatic audit on or off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Automatic audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list the commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;ttings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Commands**

| command | what it does | shortcut |
|---|---|---|
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a directive and press **Enter** to send it to the team (Shift+Enter adds a line; Settings can make Ctrl+Enter send instead); **Esc** stops a run. Click an agent in the sidebar to talk to it alone.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComposeBox</name>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{send} to send · {newline} for a new line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message {agent} directly…   {keys}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your message to {agent} alone. {keys}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a directive or /command…   {keys}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your directive to the team, or a /command. {keys}; Esc stops a run.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionNotice</name>
    <message>
        <source>No model available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the setup wizard to choose a provider and a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the connection to the model again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No model is reachable&lt;/b&gt; ({what}), so Send is off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider did not answer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContextMenu</name>
    <message>
        <source>Re-run this lead…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-run synthesis…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-run audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select all text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as plain text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revision {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run {id}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>Stage: {stage}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verdict {verdict}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is in progress: stop it first (Esc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{message}. Your answers were not recorded: /resume (Ctrl+R) shows the new ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run continues there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue the run with those answers: /resume (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These questions were already answered ({where}); your answers were not recorded. {then}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to resume: no run of this session is waiting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no deliverable to audit in this session yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The team asked these questions before the app was closed. Answer them now to continue the run, or later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported this session as {format} to {file}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Talking to {agent} alone. Back to the team: click “Team” or Esc.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CostText</name>
    <message>
        <source>{h} h {min} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{min} min {s} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{count} call(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{time} of model time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{money} this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>this run cost {cost}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DialogOpener</name>
    <message>
        <source>Reset the standing brief?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the standing brief with the empty template? Earlier versions stay in the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the logs folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIPA: unexpected error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details are in the log: {file}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About AIPA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AIPA Desktop {version}
Your local agency of LLM agents.
Data folder: {folder}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>*Interrupted before it finished: resume the run (Ctrl+R) to finish it.*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ Accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✎ Changes requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ Rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delegating.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I&apos;ll answer this myself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ Run ended: you rejected the result. Nothing waits; send a new directive to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>task briefs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>*(routing fell back to a default plan)*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued behind {agent}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about {total} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{done} of {total} tokens (about {percent}%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{done} of {total} tokens ({percent}%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate} tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExcerptDialog</name>
    <message>
        <source>This citation points at no excerpt of the documents attached to this session or of its granted folder: the file or the place does not exist there (the auditor flags such citations).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excerpt · {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cited excerpt {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The excerpt&apos;s text</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export session</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GateDock</name>
    <message>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Unexpected error: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InboxList</name>
    <message>
        <source>questions for you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan to review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting at {stage}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started by a schedule or a service that wait for you; Enter opens one where its gate waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started by {origin} · run {run}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · ran at the next start (missed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>INBOX · %n WAITING</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>INBOX</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LocalApi</name>
    <message>
        <source>The Local API is not serving: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Local API is {warning}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The directives, the team&apos;s work, deliverables and audits of this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send ({keys})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About AIPA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Grant a folder (read-only)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the connection…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session: {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session shown below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Talking to &lt;b&gt;{agent}&lt;/b&gt; alone · Esc or &lt;i&gt;Team&lt;/i&gt; to go back</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Material</name>
    <message>
        <source>Attached {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not attached: {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder not granted: {message} (hint: {hint})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Granted the folder {folder} (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Plan review before dispatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup &amp;wizard…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Regenerate the deliverable: write it again from the team&apos;s reports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this lead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The other leads&apos; reports are kept; the synthesis and the audit follow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the synthesis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The leads&apos; reports are kept; the audit follows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is in progress: re-run once it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is in progress: regenerate once it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to regenerate: the directive of this deliverable is not in the chat.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>☁ cloud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider and model the team uses; opens the list of installed models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{provider} · {model}: click to choose another model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not answer in time. Is it running?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not list the models: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{agent} now uses {model}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the team model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} is downloaded: choose it from the model list.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelPopup</name>
    <message>
        <source>⤓  Download more…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the model the team uses; Enter or a click switches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pull / import a model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-agent models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models on {provider}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for installed models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cloud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use {model} for the team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended models for the built-in engine: size, memory, licence; one click to download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No models downloaded yet: choose Download more…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No models installed yet: pull or import one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model of {agent}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <source>↻ Resuming run {run}: {directive}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Error:** {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>🔧 {agent} used {tool}: {result}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⏸ The run is waiting: {reason}. Resume it with Session › Resume (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>■ Stopped. The run can continue later: Session › Resume (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Report text</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScheduleTimer</name>
    <message>
        <source>“{directive}” (due {when})</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Ran %n missed scheduled directive(s) once: {names}. Its result waits in the Inbox.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>A run is in progress: stop it first (Esc) to switch sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standing brief not updated: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionList</name>
    <message>
        <source>Pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search sessions (full text)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter opens a session; F2 renames it; Delete deletes it (with undo)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trash…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted sessions, kept 30 days: restore or empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{title}” moved to the Trash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo: restore {title}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SlashCommands</name>
    <message>
        <source>Unknown command /{name}. Type /help for the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Provider:** {provider} · {model} · {state}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Session:** {session} · {runs} run(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(new)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Tokens this session:** {count}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Automatic audit:** {audit} · **Plan review:** {review}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Talking to:** {who}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**Data folder:** `{folder}`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs in this session yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| run | status | verdict | directive |</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last run has no tasks (answered directly, or nothing has run yet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| task | agent | title | status |</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tasks of {run}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking panels shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking panels hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No response has any thinking (the model did not think aloud, or nothing ran yet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debug logging is now {state} (the log file: {file}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No agent has replied in this session yet: /debug shows the last run&apos;s raw replies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run {run} to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run in this session yet: /trace shows one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic audit is now on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic audit is now off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reloaded {count} agents and the settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The standing brief was reset to the empty template.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export yet: this session is empty.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Spoken</name>
    <message>
        <source>Your directive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verdict {verdict}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Status message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updating the standing brief…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider and model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider {provider}, model {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate} tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s) this session</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No tokens yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tokens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TitleLabel</name>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <source>Raw replies · {run}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each agent sent, in the order it came, before AIPA parsed it: the routing JSON, each lead&apos;s report, the synthesis, the audit memo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw replies of run {run}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>{count} word(s) of thinking</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Thinking · {what}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Plan a three-day offsite for 12 people in March, with a budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare three CRM tools for a 10-person sales team and recommend one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft a one-page launch plan for our new mobile app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YOUR TEAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TRY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example directive: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sends this directive to the team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs on this computer: nothing you type leaves it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs in the cloud: what you type is sent to the provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: &lt;b&gt;{model}&lt;/b&gt; on {provider} · {where}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WindowShell</name>
    <message>
        <source>Sidebar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AGENTS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send directives to the whole team (the pipeline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send directives to the whole team instead of one agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SESSIONS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the directive to the team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run in progress; it can be resumed later</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>suspended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PASS WITH NOTES</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLAG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REJECT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NONE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>streaming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chief of Staff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auditor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recruiter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clarify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dispatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synthesize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
