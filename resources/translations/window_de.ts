<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AgentList</name>
    <message>
        <source>needs your permission</source>
        <translation>braucht Ihre Erlaubnis</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>The team; Enter or a click talks to one agent alone</source>
        <translation>Das Team; Enter oder ein Klick spricht nur mit einem Agenten</translation>
    </message>
</context>
<context>
    <name>AgentModel</name>
    <message>
        <source>role: {role}</source>
        <translation>Rolle: {role}</translation>
    </message>
    <message>
        <source>lead</source>
        <translation>Lead</translation>
    </message>
    <message>
        <source>Click to talk to this agent alone.</source>
        <translation>Klicken, um nur mit diesem Agenten zu sprechen.</translation>
    </message>
</context>
<context>
    <name>AnswerNow</name>
    <message>
        <source>A run is in progress: answer the questions when it stops.</source>
        <translation>Ein Lauf ist im Gange: Beantworten Sie die Fragen, wenn er anhält.</translation>
    </message>
</context>
<context>
    <name>AttachmentBar</name>
    <message>
        <source>Attachments</source>
        <translation>Anhänge</translation>
    </message>
</context>
<context>
    <name>Attachments</name>
    <message numerus="yes">
        <source>{count} byte(s)</source>
        <translation>
            <numerusform>{count} Byte</numerusform>
            <numerusform>{count} Byte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} excerpt(s)</source>
        <translation>
            <numerusform>{count} Auszug</numerusform>
            <numerusform>{count} Auszüge</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder {name}</source>
        <translation>Ordner {name}</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>wird gelesen</translation>
    </message>
    <message>
        <source>converting</source>
        <translation>wird umgewandelt</translation>
    </message>
    <message numerus="yes">
        <source>{count} file(s), read-only</source>
        <translation>
            <numerusform>{count} Datei, schreibgeschützt</numerusform>
            <numerusform>{count} Dateien, schreibgeschützt</numerusform>
        </translation>
    </message>
    <message>
        <source> (hint: {hint})</source>
        <translation> (Hinweis: {hint})</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>Anhängen…</translation>
    </message>
    <message>
        <source>Attach files to the next directive (or drop them on the input)</source>
        <translation>Dateien an den nächsten Auftrag anhängen (oder auf das Eingabefeld ziehen)</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Dateien anhängen</translation>
    </message>
    <message>
        <source>Documents and pictures</source>
        <translation>Dokumente und Bilder</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>Alle Dateien</translation>
    </message>
    <message>
        <source>Grant a folder to this session (read-only)</source>
        <translation>Dieser Sitzung einen Ordner freigeben (schreibgeschützt)</translation>
    </message>
</context>
<context>
    <name>CardHeader</name>
    <message>
        <source>◌ queued</source>
        <translation>◌ in der Warteschlange</translation>
    </message>
    <message>
        <source>◔ reading</source>
        <translation>◔ liest</translation>
    </message>
    <message>
        <source>◐ waiting for your permission</source>
        <translation>◐ wartet auf Ihre Erlaubnis</translation>
    </message>
    <message>
        <source>… waiting</source>
        <translation>… wartet</translation>
    </message>
    <message>
        <source>… working</source>
        <translation>… arbeitet</translation>
    </message>
    <message>
        <source>✱ thinking</source>
        <translation>✱ denkt nach</translation>
    </message>
    <message>
        <source>▮ streaming</source>
        <translation>▮ schreibt</translation>
    </message>
    <message>
        <source>▮ working</source>
        <translation>▮ arbeitet</translation>
    </message>
    <message>
        <source>✓ done</source>
        <translation>✓ fertig</translation>
    </message>
    <message>
        <source>✗ error</source>
        <translation>✗ Fehler</translation>
    </message>
    <message>
        <source>■ stopped</source>
        <translation>■ gestoppt</translation>
    </message>
    <message>
        <source>■ interrupted</source>
        <translation>■ unterbrochen</translation>
    </message>
    <message>
        <source>Principal</source>
        <translation>Auftraggeber</translation>
    </message>
    <message>
        <source>answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>to {agent}</source>
        <translation>an {agent}</translation>
    </message>
    <message>
        <source>directive</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Deliverable</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source> · revision {n}</source>
        <translation> · Überarbeitung {n}</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>kein Urteil</translation>
    </message>
    <message>
        <source>VERDICT: {verdict}</source>
        <translation>URTEIL: {verdict}</translation>
    </message>
</context>
<context>
    <name>CardPaint</name>
    <message>
        <source>▶ Resume</source>
        <translation>▶ Fortsetzen</translation>
    </message>
    <message>
        <source>▸ Full report · {words}</source>
        <translation>▸ Ganzer Bericht · {words}</translation>
    </message>
    <message>
        <source>waiting for the model…</source>
        <translation>wartet auf das Modell…</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>in der Warteschlange</translation>
    </message>
    <message>
        <source>▸ Thinking … · {words} so far</source>
        <translation>▸ Denkt nach … · bisher {words}</translation>
    </message>
    <message>
        <source>▾ Thinking</source>
        <translation>▾ Gedanken</translation>
    </message>
</context>
<context>
    <name>ChatItem</name>
    <message>
        <source>▸ Thinking</source>
        <translation>▸ Gedanken</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>{n} min ago</source>
        <translation>vor {n} Min.</translation>
    </message>
    <message>
        <source>{n} h ago</source>
        <translation>vor {n} Std.</translation>
    </message>
    <message>
        <source>yesterday {time}</source>
        <translation>gestern {time}</translation>
    </message>
</context>
<context>
    <name>ChatText</name>
    <message numerus="yes">
        <source>{count} word(s)</source>
        <translation>
            <numerusform>{count} Wort</numerusform>
            <numerusform>{count} Wörter</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <source>Full text</source>
        <translation>Ganzer Text</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
</context>
<context>
    <name>Checklist</name>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>judged</source>
        <translation>beurteilt</translation>
    </message>
    <message>
        <source>added by you</source>
        <translation>von Ihnen hinzugefügt</translation>
    </message>
    <message>
        <source>proposed by the router</source>
        <translation>vom Routing vorgeschlagen</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>erfüllt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>nicht erfüllt</translation>
    </message>
    <message>
        <source>not checked yet</source>
        <translation>noch nicht geprüft</translation>
    </message>
    <message>
        <source>Checklist: {passed} passed · {failed} failed</source>
        <translation>Checkliste: {passed} erfüllt · {failed} nicht erfüllt</translation>
    </message>
    <message>
        <source>Checklist: one check</source>
        <translation>Checkliste: eine Prüfung</translation>
    </message>
    <message>
        <source>Checklist: {n} checks</source>
        <translation>Checkliste: {n} Prüfungen</translation>
    </message>
    <message>
        <source>the audit&apos;s flag</source>
        <translation>die Markierung der Prüfung</translation>
    </message>
    <message>
        <source>Sent back once: {checks}</source>
        <translation>Einmal zurückgeschickt: {checks}</translation>
    </message>
    <message>
        <source>Sent back twice: {checks}</source>
        <translation>Zweimal zurückgeschickt: {checks}</translation>
    </message>
    <message>
        <source>Sent back {n} times: {checks}</source>
        <translation>{n}-mal zurückgeschickt: {checks}</translation>
    </message>
</context>
<context>
    <name>ChecklistDock</name>
    <message>
        <source>Checklist of this run</source>
        <translation>Checkliste dieses Laufs</translation>
    </message>
    <message>
        <source>The definition of done for this run. Remove a check or add one before the work is measured.</source>
        <translation>Die Definition von „fertig“ für diesen Lauf. Entfernen oder ergänzen Sie Prüfungen, bevor die Arbeit gemessen wird.</translation>
    </message>
    <message>
        <source>Measured when the finder reads it (words, bullets, endings…), else judged by the auditor</source>
        <translation>Gemessen, wenn der Finder sie erkennt (Wörter, Aufzählungspunkte, Schluss…), sonst von der Prüferin beurteilt</translation>
    </message>
</context>
<context>
    <name>Chip</name>
    <message>
        <source>Remove {name}</source>
        <translation>{name} entfernen</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>start a new session (the standing brief is updated in the background)</source>
        <translation>eine neue Sitzung beginnen (das ständige Briefing wird im Hintergrund aktualisiert)</translation>
    </message>
    <message>
        <source>&amp;New session</source>
        <translation>&amp;Neue Sitzung</translation>
    </message>
    <message>
        <source>export this session: /export md|html|json [PATH]</source>
        <translation>diese Sitzung exportieren: /export md|html|json [PFAD]</translation>
    </message>
    <message>
        <source>&amp;Export session…</source>
        <translation>Sitzung &amp;exportieren…</translation>
    </message>
    <message>
        <source>close the window (the session is kept for the next start)</source>
        <translation>das Fenster schließen (die Sitzung bleibt für den nächsten Start erhalten)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>provider, model, session, runs and tokens</source>
        <translation>Anbieter, Modell, Sitzung, Läufe und Tokens</translation>
    </message>
    <message>
        <source>S&amp;tatus</source>
        <translation>S&amp;tatus</translation>
    </message>
    <message>
        <source>the tasks of the last run and their status</source>
        <translation>die Aufgaben des letzten Laufs und ihr Status</translation>
    </message>
    <message>
        <source>&amp;Tasks of the last run</source>
        <translation>&amp;Aufgaben des letzten Laufs</translation>
    </message>
    <message>
        <source>the runs of this session</source>
        <translation>die Läufe dieser Sitzung</translation>
    </message>
    <message>
        <source>Run &amp;history</source>
        <translation>Lauf&amp;verlauf</translation>
    </message>
    <message>
        <source>re-audit the last deliverable</source>
        <translation>das letzte Ergebnis erneut prüfen</translation>
    </message>
    <message>
        <source>Re-&amp;audit last deliverable</source>
        <translation>Letztes Ergebnis erneut &amp;prüfen</translation>
    </message>
    <message>
        <source>continue the waiting (suspended or stopped) run</source>
        <translation>den wartenden (angehaltenen oder gestoppten) Lauf fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Resume waiting run</source>
        <translation>Wartenden Lauf &amp;fortsetzen</translation>
    </message>
    <message>
        <source>clear the view (nothing is deleted)</source>
        <translation>die Ansicht leeren (nichts wird gelöscht)</translation>
    </message>
    <message>
        <source>&amp;Clear view</source>
        <translation>Ansicht &amp;leeren</translation>
    </message>
    <message>
        <source>the raw, unparsed replies of the last run&apos;s agents; /debug on|off: debug logging</source>
        <translation>die rohen, ungeparsten Antworten der Agenten des letzten Laufs; /debug on|off: Debug-Protokoll</translation>
    </message>
    <message>
        <source>Raw replies of the last run (&amp;debug)…</source>
        <translation>Rohantworten des letzten Laufs (&amp;Debug)…</translation>
    </message>
    <message>
        <source>the last run (or /trace RUN_ID) as a timeline: each stage, lead, call and gate, with tokens and cost</source>
        <translation>der letzte Lauf (oder /trace RUN_ID) als Zeitleiste: jede Phase, jeder Lead, Aufruf und jedes Tor, mit Tokens und Kosten</translation>
    </message>
    <message>
        <source>Run t&amp;imeline…</source>
        <translation>Lauf-&amp;Zeitleiste…</translation>
    </message>
    <message>
        <source>open the agent editor</source>
        <translation>den Agenten-Editor öffnen</translation>
    </message>
    <message>
        <source>&amp;Edit agents…</source>
        <translation>Agenten &amp;bearbeiten…</translation>
    </message>
    <message>
        <source>the team roster the recruiter keeps: roles, models, tools, dates</source>
        <translation>die Teamliste der Recruiterin: Rollen, Modelle, Werkzeuge, Daten</translation>
    </message>
    <message>
        <source>Team &amp;roster…</source>
        <translation>&amp;Teamliste…</translation>
    </message>
    <message>
        <source>reload agents and settings from disk</source>
        <translation>Agenten und Einstellungen neu von der Festplatte laden</translation>
    </message>
    <message>
        <source>&amp;Reload agents and settings</source>
        <translation>Agenten und Einstellungen &amp;neu laden</translation>
    </message>
    <message>
        <source>view or edit the standing brief; /brief archive: its archived log entries</source>
        <translation>das ständige Briefing ansehen oder bearbeiten; /brief archive: seine archivierten Protokolleinträge</translation>
    </message>
    <message>
        <source>Standing &amp;brief…</source>
        <translation>Ständiges &amp;Briefing…</translation>
    </message>
    <message>
        <source>reset the standing brief to the empty template</source>
        <translation>das ständige Briefing auf die leere Vorlage zurücksetzen</translation>
    </message>
    <message>
        <source>Reset standing brief…</source>
        <translation>Ständiges Briefing zurück&amp;setzen…</translation>
    </message>
    <message>
        <source>show the last response&apos;s thinking</source>
        <translation>die Gedanken der letzten Antwort zeigen</translation>
    </message>
    <message>
        <source>Last response&apos;s &amp;thinking…</source>
        <translation>&amp;Gedanken der letzten Antwort…</translation>
    </message>
    <message>
        <source>show or hide the thinking panels: /panels on|off</source>
        <translation>die Gedankenfelder zeigen oder ausblenden: /panels on|off</translation>
    </message>
    <message>
        <source>Show thinking &amp;panels</source>
        <translation>Gedanken&amp;felder zeigen</translation>
    </message>
    <message>
        <source>turn the automatic audit on or off</source>
        <translation>die automatische Prüfung ein- oder ausschalten</translation>
    </message>
    <message>
        <source>&amp;Automatic audit</source>
        <translation>&amp;Automatische Prüfung</translation>
    </message>
    <message>
        <source>list the commands</source>
        <translation>die Befehle auflisten</translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation>&amp;Befehle</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>&amp;Sitzung</translation>
    </message>
    <message>
        <source>&amp;Agents</source>
        <translation>&amp;Agenten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Se&amp;ttings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>**Commands**

| command | what it does | shortcut |
|---|---|---|
</source>
        <translation>**Befehle**

| Befehl | was er tut | Tastenkürzel |
|---|---|---|
</translation>
    </message>
    <message>
        <source>Type a directive and press **Enter** to send it to the team (Shift+Enter adds a line; Settings can make Ctrl+Enter send instead); **Esc** stops a run. Click an agent in the sidebar to talk to it alone.</source>
        <translation>Schreiben Sie einen Auftrag und drücken Sie **Enter**, um ihn an das Team zu senden (Shift+Enter fügt eine Zeile hinzu; in den Einstellungen kann stattdessen Ctrl+Enter senden); **Esc** stoppt einen Lauf. Klicken Sie in der Seitenleiste auf einen Agenten, um nur mit ihm zu sprechen.</translation>
    </message>
</context>
<context>
    <name>ComposeBox</name>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>Befehle</translation>
    </message>
    <message>
        <source>{send} to send · {newline} for a new line</source>
        <translation>{send} sendet · {newline} neue Zeile</translation>
    </message>
    <message>
        <source>Message {agent} directly…   {keys}</source>
        <translation>Direkt an {agent} schreiben…   {keys}</translation>
    </message>
    <message>
        <source>Your message to {agent} alone. {keys}.</source>
        <translation>Ihre Nachricht nur an {agent}. {keys}.</translation>
    </message>
    <message>
        <source>Type a directive or /command…   {keys}</source>
        <translation>Auftrag oder /Befehl eingeben…   {keys}</translation>
    </message>
    <message>
        <source>Your directive to the team, or a /command. {keys}; Esc stops a run.</source>
        <translation>Ihr Auftrag an das Team oder ein /Befehl. {keys}; Esc stoppt einen Lauf.</translation>
    </message>
</context>
<context>
    <name>ConnectionNotice</name>
    <message>
        <source>No model available</source>
        <translation>Kein Modell verfügbar</translation>
    </message>
    <message>
        <source>Open setup</source>
        <translation>Einrichtung öffnen</translation>
    </message>
    <message>
        <source>Open the setup wizard to choose a provider and a model</source>
        <translation>Den Einrichtungsassistenten öffnen, um Anbieter und Modell zu wählen</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Check the connection to the model again</source>
        <translation>Die Verbindung zum Modell erneut prüfen</translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation>{model} auf {provider}</translation>
    </message>
    <message>
        <source>&lt;b&gt;No model is reachable&lt;/b&gt; ({what}), so Send is off.</source>
        <translation>&lt;b&gt;Kein Modell erreichbar&lt;/b&gt; ({what}), daher ist Senden aus.</translation>
    </message>
    <message>
        <source>The provider did not answer.</source>
        <translation>Der Anbieter hat nicht geantwortet.</translation>
    </message>
</context>
<context>
    <name>ContextMenu</name>
    <message>
        <source>Re-run this lead…</source>
        <translation>Diesen Lead erneut ausführen…</translation>
    </message>
    <message>
        <source>Re-run synthesis…</source>
        <translation>Zusammenführung erneut ausführen…</translation>
    </message>
    <message>
        <source>Re-run audit</source>
        <translation>Prüfung erneut ausführen</translation>
    </message>
    <message>
        <source>Copy selection</source>
        <translation>Auswahl kopieren</translation>
    </message>
    <message>
        <source>Select all text</source>
        <translation>Ganzen Text auswählen</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Als Markdown kopieren</translation>
    </message>
    <message>
        <source>Copy as plain text</source>
        <translation>Als reinen Text kopieren</translation>
    </message>
    <message>
        <source>Show the full text…</source>
        <translation>Den ganzen Text zeigen…</translation>
    </message>
    <message>
        <source>Copy thinking</source>
        <translation>Gedanken kopieren</translation>
    </message>
    <message>
        <source>Collapse thinking</source>
        <translation>Gedanken einklappen</translation>
    </message>
    <message>
        <source>Expand thinking</source>
        <translation>Gedanken ausklappen</translation>
    </message>
    <message>
        <source>Timeline…</source>
        <translation>Zeitleiste…</translation>
    </message>
    <message>
        <source>Edit briefs and re-run…</source>
        <translation>Aufträge bearbeiten und erneut ausführen…</translation>
    </message>
    <message>
        <source>Compare revisions…</source>
        <translation>Revisionen vergleichen…</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>Details…</translation>
    </message>
    <message>
        <source>Task {id}</source>
        <translation>Aufgabe {id}</translation>
    </message>
    <message>
        <source>Revision {n}</source>
        <translation>Überarbeitung {n}</translation>
    </message>
    <message>
        <source>Run {id}</source>
        <translation>Lauf {id}</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Wörter</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>Stage: {stage}</source>
        <translation>Phase: {stage}</translation>
    </message>
    <message>
        <source>Run rejected</source>
        <translation>Lauf abgelehnt</translation>
    </message>
    <message>
        <source>Run finished</source>
        <translation>Lauf beendet</translation>
    </message>
    <message>
        <source>Run stopped</source>
        <translation>Lauf gestoppt</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <source>A run is in progress: stop it first (Esc).</source>
        <translation>Ein Lauf ist im Gange: zuerst stoppen (Esc).</translation>
    </message>
    <message>
        <source>{message}. Your answers were not recorded: /resume (Ctrl+R) shows the new ones.</source>
        <translation>{message}. Ihre Antworten wurden nicht gespeichert: /resume (Ctrl+R) zeigt die neuen Fragen.</translation>
    </message>
    <message>
        <source>The run continues there.</source>
        <translation>Der Lauf geht dort weiter.</translation>
    </message>
    <message>
        <source>Continue the run with those answers: /resume (Ctrl+R).</source>
        <translation>Den Lauf mit diesen Antworten fortsetzen: /resume (Ctrl+R).</translation>
    </message>
    <message>
        <source>These questions were already answered ({where}); your answers were not recorded. {then}</source>
        <translation>Diese Fragen wurden bereits beantwortet ({where}); Ihre Antworten wurden nicht gespeichert. {then}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird gestoppt…</translation>
    </message>
    <message>
        <source>Nothing to resume: no run of this session is waiting.</source>
        <translation>Nichts fortzusetzen: kein Lauf dieser Sitzung wartet.</translation>
    </message>
    <message>
        <source>There is no deliverable to audit in this session yet.</source>
        <translation>In dieser Sitzung gibt es noch kein Ergebnis zu prüfen.</translation>
    </message>
    <message>
        <source>The team asked these questions before the app was closed. Answer them now to continue the run, or later.</source>
        <translation>Das Team hat diese Fragen gestellt, bevor die App geschlossen wurde. Beantworten Sie sie jetzt, um den Lauf fortzusetzen, oder später.</translation>
    </message>
    <message>
        <source>Exported this session as {format} to {file}</source>
        <translation>Diese Sitzung als {format} nach {file} exportiert</translation>
    </message>
    <message>
        <source>Talking to {agent} alone. Back to the team: click “Team” or Esc.</source>
        <translation>Gespräch nur mit {agent}. Zurück zum Team: „Team“ klicken oder Esc.</translation>
    </message>
</context>
<context>
    <name>CostText</name>
    <message>
        <source>{h} h {min} min</source>
        <translation>{h} Std. {min} Min.</translation>
    </message>
    <message>
        <source>{min} min {s} s</source>
        <translation>{min} Min. {s} s</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} s</translation>
    </message>
    <message numerus="yes">
        <source>{count} call(s)</source>
        <translation>
            <numerusform>{count} Aufruf</numerusform>
            <numerusform>{count} Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>{input} Tokens rein / {output} raus</translation>
    </message>
    <message>
        <source>{time} of model time</source>
        <translation>{time} Modellzeit</translation>
    </message>
    <message>
        <source>{money} this session</source>
        <translation>{money} in dieser Sitzung</translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s)</source>
        <translation>
            <numerusform>{count} Token</numerusform>
            <numerusform>{count} Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>this run cost {cost}</source>
        <translation>dieser Lauf kostete {cost}</translation>
    </message>
</context>
<context>
    <name>DataStart</name>
    <message>
        <source>{problem}

The newest verified backup is from {when} ({sessions} sessions, {runs} runs):
{path}

Restore it? Nothing is changed until you say so (in a terminal: aipa restore {path}).</source>
        <translation>{problem}

Die neueste geprüfte Sicherung ist vom {when} ({sessions} Sitzungen, {runs} Läufe):
{path}

Wiederherstellen? Nichts wird geändert, bevor Sie es sagen (im Terminal: aipa restore {path}).</translation>
    </message>
</context>
<context>
    <name>DialogOpener</name>
    <message>
        <source>Reset the standing brief?</source>
        <translation>Ständiges Briefing zurücksetzen?</translation>
    </message>
    <message>
        <source>Replace the standing brief with the empty template? Earlier versions stay in the database.</source>
        <translation>Das ständige Briefing durch die leere Vorlage ersetzen? Frühere Fassungen bleiben in der Datenbank.</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>the logs folder</source>
        <translation>der Protokollordner</translation>
    </message>
    <message>
        <source>AIPA: unexpected error</source>
        <translation>AIPA: unerwarteter Fehler</translation>
    </message>
    <message>
        <source>Details are in the log: {file}</source>
        <translation>Details stehen im Protokoll: {file}</translation>
    </message>
    <message>
        <source>About AIPA</source>
        <translation>Über AIPA</translation>
    </message>
    <message>
        <source>AIPA Desktop {version}
Your local agency of LLM agents.
Data folder: {folder}</source>
        <translation>AIPA Desktop {version}
Ihre lokale Agentur aus LLM-Agenten.
Datenordner: {folder}</translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>*Interrupted before it finished: resume the run (Ctrl+R) to finish it.*</source>
        <translation>*Vor dem Ende unterbrochen: den Lauf fortsetzen (Ctrl+R), um ihn abzuschließen.*</translation>
    </message>
    <message>
        <source>✓ Accepted</source>
        <translation>✓ Angenommen</translation>
    </message>
    <message>
        <source>✎ Changes requested</source>
        <translation>✎ Änderungen angefordert</translation>
    </message>
    <message>
        <source>✗ Rejected</source>
        <translation>✗ Abgelehnt</translation>
    </message>
    <message>
        <source>Delegating.</source>
        <translation>Ich delegiere.</translation>
    </message>
    <message>
        <source>I&apos;ll answer this myself.</source>
        <translation>Das beantworte ich selbst.</translation>
    </message>
    <message>
        <source>✗ Run ended: you rejected the result. Nothing waits; send a new directive to try again.</source>
        <translation>✗ Lauf beendet: Sie haben das Ergebnis abgelehnt. Nichts wartet; senden Sie einen neuen Auftrag, um es noch einmal zu versuchen.</translation>
    </message>
    <message>
        <source>task briefs</source>
        <translation>Aufgabenbeschreibungen</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Delegating to {leads}.</source>
        <translation>Ich delegiere an {leads}.</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} s</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>wartet auf Ihre Erlaubnis</translation>
    </message>
    <message>
        <source>waiting for your permission to use {tool}</source>
        <translation>wartet auf Ihre Erlaubnis, {tool} zu verwenden</translation>
    </message>
    <message>
        <source>queued behind {agent}</source>
        <translation>wartet hinter {agent}</translation>
    </message>
    <message>
        <source>waiting for the server</source>
        <translation>wartet auf den Server</translation>
    </message>
    <message>
        <source>reading the prompt</source>
        <translation>liest den Prompt</translation>
    </message>
    <message>
        <source>{n} s of about {expected} s</source>
        <translation>{n} s von etwa {expected} s</translation>
    </message>
    <message>
        <source>about {total} tokens</source>
        <translation>etwa {total} Tokens</translation>
    </message>
    <message>
        <source>{done} of {total} tokens (about {percent}%)</source>
        <translation>{done} von {total} Tokens (etwa {percent} %)</translation>
    </message>
    <message>
        <source>{done} of {total} tokens ({percent}%)</source>
        <translation>{done} von {total} Tokens ({percent} %)</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>denkt nach</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>schreibt</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} Tokens</translation>
    </message>
    <message>
        <source>{rate} tokens/s</source>
        <translation>{rate} Tokens/s</translation>
    </message>
</context>
<context>
    <name>ExcerptDialog</name>
    <message>
        <source>This citation points at no excerpt of the documents attached to this session or of its granted folder: the file or the place does not exist there (the auditor flags such citations).</source>
        <translation>Dieses Zitat verweist auf keinen Auszug der an diese Sitzung angehängten Dokumente oder ihres freigegebenen Ordners: Die Datei oder die Stelle gibt es dort nicht (die Prüferin beanstandet solche Zitate).</translation>
    </message>
    <message>
        <source>Excerpt · {title}</source>
        <translation>Auszug · {title}</translation>
    </message>
    <message>
        <source>Cited excerpt {title}</source>
        <translation>Zitierter Auszug {title}</translation>
    </message>
    <message>
        <source>The excerpt&apos;s text</source>
        <translation>Der Text des Auszugs</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export session</source>
        <translation>Sitzung exportieren</translation>
    </message>
</context>
<context>
    <name>FullTextDialog</name>
    <message>
        <source>Full text</source>
        <translation>Ganzer Text</translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation>Alles kopieren</translation>
    </message>
</context>
<context>
    <name>GateDock</name>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Unexpected error: {error}</source>
        <translation>Unerwarteter Fehler: {error}</translation>
    </message>
</context>
<context>
    <name>InboxList</name>
    <message>
        <source>questions for you</source>
        <translation>Fragen an Sie</translation>
    </message>
    <message>
        <source>waiting for review</source>
        <translation>wartet auf Prüfung</translation>
    </message>
    <message>
        <source>plan to review</source>
        <translation>Plan zu prüfen</translation>
    </message>
    <message>
        <source>waits for the current one</source>
        <translation>wartet auf den laufenden</translation>
    </message>
    <message>
        <source>waiting at {stage}</source>
        <translation>wartet bei {stage}</translation>
    </message>
    <message>
        <source>{origin} · starts when “{current}” is done (one run at a time on a local model)</source>
        <translation>{origin} · beginnt, wenn „{current}“ fertig ist (ein Lauf nach dem anderen auf einem lokalen Modell)</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>Posteingang</translation>
    </message>
    <message>
        <source>Runs started by a schedule or a service that wait for you; Enter opens one where its gate waits</source>
        <translation>Von einem Zeitplan oder einem Dienst gestartete Läufe, die auf Sie warten; Enter öffnet einen dort, wo sein Tor wartet</translation>
    </message>
    <message>
        <source>started by {origin} · run {run}</source>
        <translation>gestartet von {origin} · Lauf {run}</translation>
    </message>
    <message>
        <source> · ran at the next start (missed)</source>
        <translation> · beim nächsten Start ausgeführt (verpasst)</translation>
    </message>
    <message numerus="yes">
        <source>INBOX · %n WAITING</source>
        <translation>
            <numerusform>POSTEINGANG · %n WARTET</numerusform>
            <numerusform>POSTEINGANG · %n WARTEN</numerusform>
        </translation>
    </message>
    <message>
        <source>INBOX</source>
        <translation>POSTEINGANG</translation>
    </message>
</context>
<context>
    <name>InboxQuestions</name>
    <message>
        <source>Questions waiting for you</source>
        <translation>Fragen, die auf Sie warten</translation>
    </message>
    <message>
        <source>+ {count} more</source>
        <translation>+ {count} weitere</translation>
    </message>
    <message>
        <source>Answer now</source>
        <translation>Jetzt antworten</translation>
    </message>
    <message>
        <source>Answer now: {directive}</source>
        <translation>Jetzt antworten: {directive}</translation>
    </message>
    <message>
        <source>Open the answer form of these questions</source>
        <translation>Das Antwortformular dieser Fragen öffnen</translation>
    </message>
</context>
<context>
    <name>LaterCard</name>
    <message>
        <source>◐ The team&apos;s questions wait for your answers; the run goes on once answered:</source>
        <translation>◐ Die Fragen des Teams warten auf Ihre Antworten; der Lauf geht weiter, sobald sie beantwortet sind:</translation>
    </message>
    <message>
        <source>✓ The team&apos;s questions (answered below):</source>
        <translation>✓ Die Fragen des Teams (unten beantwortet):</translation>
    </message>
    <message>
        <source>✎ Answer now</source>
        <translation>✎ Jetzt antworten</translation>
    </message>
    <message>
        <source>Answer now button: press Enter to answer the questions.</source>
        <translation>Schaltfläche „Jetzt antworten“: Eingabe drücken, um die Fragen zu beantworten.</translation>
    </message>
</context>
<context>
    <name>LocalApi</name>
    <message>
        <source>The Local API is not serving: {problem}</source>
        <translation>Die lokale API ist nicht in Betrieb: {problem}</translation>
    </message>
    <message>
        <source>The Local API is {warning}</source>
        <translation>Die lokale API ist {warning}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>The directives, the team&apos;s work, deliverables and audits of this session</source>
        <translation>Die Aufträge, die Arbeit des Teams, Ergebnisse und Prüfungen dieser Sitzung</translation>
    </message>
    <message>
        <source>Send ({keys})</source>
        <translation>Senden ({keys})</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>&amp;Seitenleiste zeigen</translation>
    </message>
    <message>
        <source>&amp;About AIPA</source>
        <translation>&amp;Über AIPA</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>Dateien an&amp;hängen…</translation>
    </message>
    <message>
        <source>&amp;Grant a folder (read-only)…</source>
        <translation>&amp;Ordner freigeben (schreibgeschützt)…</translation>
    </message>
    <message>
        <source>Checking the connection…</source>
        <translation>Verbindung wird geprüft…</translation>
    </message>
    <message>
        <source>Closing…</source>
        <translation>Wird geschlossen…</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>Neue Sitzung</translation>
    </message>
    <message>
        <source>Session: {title}</source>
        <translation>Sitzung: {title}</translation>
    </message>
    <message>
        <source>The session shown below</source>
        <translation>Die unten gezeigte Sitzung</translation>
    </message>
    <message>
        <source>Talking to &lt;b&gt;{agent}&lt;/b&gt; alone · Esc or &lt;i&gt;Team&lt;/i&gt; to go back</source>
        <translation>Gespräch nur mit &lt;b&gt;{agent}&lt;/b&gt; · Esc oder &lt;i&gt;Team&lt;/i&gt; für zurück</translation>
    </message>
</context>
<context>
    <name>Material</name>
    <message>
        <source>Attached {names}</source>
        <translation>Angehängt: {names}</translation>
    </message>
    <message>
        <source>Not attached: {what}</source>
        <translation>Nicht angehängt: {what}</translation>
    </message>
    <message>
        <source>Folder not granted: {message} (hint: {hint})</source>
        <translation>Ordner nicht freigegeben: {message} (Hinweis: {hint})</translation>
    </message>
    <message>
        <source>Granted the folder {folder} (read-only)</source>
        <translation>Ordner {folder} freigegeben (schreibgeschützt)</translation>
    </message>
    <message>
        <source>Attached the picture {name} ({width}×{height})</source>
        <translation>Bild {name} angehängt ({width}×{height})</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Plan review before dispatch</source>
        <translation>&amp;Planprüfung vor dem Verteilen</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>Ein&amp;stellungen…</translation>
    </message>
    <message>
        <source>Setup &amp;wizard…</source>
        <translation>Einrichtungs&amp;assistent…</translation>
    </message>
    <message>
        <source>&amp;Stop run</source>
        <translation>Lauf &amp;stoppen</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Regenerate the deliverable: write it again from the team&apos;s reports.</source>
        <translation>Das Ergebnis neu erstellen: aus den Berichten des Teams noch einmal schreiben.</translation>
    </message>
    <message>
        <source>this lead</source>
        <translation>diesen Lead</translation>
    </message>
    <message>
        <source>The other leads&apos; reports are kept; the synthesis and the audit follow.</source>
        <translation>Die Berichte der anderen Leads bleiben; Zusammenführung und Prüfung folgen.</translation>
    </message>
    <message>
        <source>the synthesis</source>
        <translation>die Zusammenführung</translation>
    </message>
    <message>
        <source>The leads&apos; reports are kept; the audit follows.</source>
        <translation>Die Berichte der Leads bleiben; die Prüfung folgt.</translation>
    </message>
    <message>
        <source>the audit</source>
        <translation>die Prüfung</translation>
    </message>
    <message>
        <source>A run is in progress: re-run once it has finished.</source>
        <translation>Ein Lauf ist im Gange: erneut ausführen, sobald er fertig ist.</translation>
    </message>
    <message>
        <source>This run has no leads&apos; briefs to edit.</source>
        <translation>Dieser Lauf hat keine Aufträge an Leitungen, die sich bearbeiten lassen.</translation>
    </message>
    <message>
        <source>A run is in progress: regenerate once it has finished.</source>
        <translation>Ein Lauf ist im Gange: neu erstellen, sobald er fertig ist.</translation>
    </message>
    <message>
        <source>Nothing to regenerate: the directive of this deliverable is not in the chat.</source>
        <translation>Nichts neu zu erstellen: Der Auftrag zu diesem Ergebnis steht nicht im Chat.</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>● local</source>
        <translation>● lokal</translation>
    </message>
    <message>
        <source>☁ cloud</source>
        <translation>☁ Cloud</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>The provider and model the team uses; opens the list of installed models</source>
        <translation>Anbieter und Modell des Teams; öffnet die Liste der installierten Modelle</translation>
    </message>
    <message>
        <source>{provider} · {model}: click to choose another model</source>
        <translation>{provider} · {model}: klicken, um ein anderes Modell zu wählen</translation>
    </message>
    <message>
        <source>The server did not answer in time. Is it running?</source>
        <translation>Der Server hat nicht rechtzeitig geantwortet. Läuft er?</translation>
    </message>
    <message>
        <source>Could not list the models: {error}</source>
        <translation>Die Modelle konnten nicht aufgelistet werden: {error}</translation>
    </message>
    <message>
        <source>Not reachable (no answer in time)</source>
        <translation>Nicht erreichbar (keine Antwort in der Zeit)</translation>
    </message>
    <message>
        <source>Could not list its models</source>
        <translation>Seine Modelle ließen sich nicht auflisten</translation>
    </message>
    <message>
        <source>The team now uses {profile} · {model}.</source>
        <translation>Das Team verwendet jetzt {profile} · {model}.</translation>
    </message>
    <message>
        <source>{agent} now uses {model}.</source>
        <translation>{agent} verwendet jetzt {model}.</translation>
    </message>
    <message>
        <source>the team model</source>
        <translation>das Teammodell</translation>
    </message>
    <message>
        <source>{file} is downloaded: choose it from the model list.</source>
        <translation>{file} ist heruntergeladen: wählen Sie es in der Modellliste.</translation>
    </message>
</context>
<context>
    <name>ModelPopup</name>
    <message>
        <source>⤓  Download more…</source>
        <translation>⤓  Weitere herunterladen…</translation>
    </message>
    <message>
        <source>Team model</source>
        <translation>Teammodell</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>Installierte Modelle</translation>
    </message>
    <message>
        <source>Choose the model the team uses; Enter or a click switches</source>
        <translation>Das Modell des Teams wählen; Enter oder ein Klick wechselt</translation>
    </message>
    <message>
        <source>Pull / import a model…</source>
        <translation>Modell holen / importieren…</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Per-agent models</source>
        <translation>Modelle je Agent</translation>
    </message>
    <message>
        <source>Models on {provider}</source>
        <translation>Modelle auf {provider}</translation>
    </message>
    <message>
        <source>Looking for installed models…</source>
        <translation>Suche nach installierten Modellen…</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>cloud</source>
        <translation>Cloud</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>{provider} (in use)</source>
        <translation>{provider} (in Verwendung)</translation>
    </message>
    <message>
        <source>Use {model} for the team</source>
        <translation>{model} für das Team verwenden</translation>
    </message>
    <message>
        <source>{model}: the team&apos;s model now</source>
        <translation>{model}: das aktuelle Modell des Teams</translation>
    </message>
    <message>
        <source>in use</source>
        <translation>in Verwendung</translation>
    </message>
    <message>
        <source>Recommended models for the built-in engine: size, memory, licence; one click to download</source>
        <translation>Empfohlene Modelle für die eingebaute Engine: Größe, Speicher, Lizenz; ein Klick zum Herunterladen</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>Keine Modelle installiert</translation>
    </message>
    <message>
        <source>Switch the team to {profile} · {model}</source>
        <translation>Team auf {profile} · {model} umstellen</translation>
    </message>
    <message>
        <source>No models downloaded yet: choose Download more…</source>
        <translation>Noch keine Modelle heruntergeladen: „Weitere herunterladen…“ wählen</translation>
    </message>
    <message>
        <source>No models installed yet: pull or import one.</source>
        <translation>Noch keine Modelle installiert: eines holen oder importieren.</translation>
    </message>
    <message>
        <source>Model of {agent}</source>
        <translation>Modell von {agent}</translation>
    </message>
</context>
<context>
    <name>Notices</name>
    <message>
        <source>reply</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>routing reply</source>
        <translation>Routing-Antwort</translation>
    </message>
    <message>
        <source>report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>memo</source>
        <translation>Memo</translation>
    </message>
    <message>
        <source>reading of the request</source>
        <translation>Lesart der Anfrage</translation>
    </message>
    <message>
        <source>analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>feature list</source>
        <translation>Funktionsliste</translation>
    </message>
    <message>
        <source>user stories</source>
        <translation>User Stories</translation>
    </message>
    <message>
        <source>task list</source>
        <translation>Aufgabenliste</translation>
    </message>
    <message>
        <source>sprint plan</source>
        <translation>Sprintplan</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>verdict on the checks</source>
        <translation>Urteil zu den Prüfungen</translation>
    </message>
    <message>
        <source>every lead got the directive</source>
        <translation>bekam jeder Lead die Anweisung</translation>
    </message>
    <message>
        <source>that task failed; the other leads carry on</source>
        <translation>ist diese Aufgabe gescheitert; die anderen Leads machen weiter</translation>
    </message>
    <message>
        <source>the deliverable puts the leads&apos; reports together as they wrote them</source>
        <translation>fügt das Ergebnis die Berichte der Leads so zusammen, wie sie sie geschrieben haben</translation>
    </message>
    <message>
        <source>the run is marked FLAG: review the deliverable yourself</source>
        <translation>ist der Lauf mit FLAG markiert: Prüfen Sie das Ergebnis selbst</translation>
    </message>
    <message>
        <source>the request was read by rule instead</source>
        <translation>wurde die Anfrage stattdessen nach Regeln gelesen</translation>
    </message>
    <message>
        <source>the audit is written as a memo instead</source>
        <translation>wird die Prüfung stattdessen als Memo geschrieben</translation>
    </message>
    <message>
        <source>a plain default was used in its place</source>
        <translation>wurde an seiner Stelle ein schlichter Standard verwendet</translation>
    </message>
    <message>
        <source>the deliverable lists the briefs: no lead wrote a report</source>
        <translation>listet das Ergebnis die Aufträge auf: Kein Lead hat einen Bericht geschrieben</translation>
    </message>
    <message>
        <source>the built-in engine</source>
        <translation>die eingebaute Engine</translation>
    </message>
    <message>
        <source>the scripted provider</source>
        <translation>der Skript-Anbieter</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>das Standardmodell</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} could not be read; asking {agent} once more.</source>
        <translation>Die Antwort von {agent} („{what}“) war nicht lesbar; {agent} wird noch einmal gefragt.</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} for “{title}” was unusable, so {instead}.</source>
        <translation>Die Antwort von {agent} („{what}“) zu „{title}“ war unbrauchbar, deshalb {instead}.</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} was unusable, so {instead}.</source>
        <translation>Die Antwort von {agent} („{what}“) war unbrauchbar, deshalb {instead}.</translation>
    </message>
    <message>
        <source>{agent} wrote no {what} for “{title}”, twice, so {instead}.</source>
        <translation>{agent} hat zu „{title}“ zweimal nichts geschrieben („{what}“), deshalb {instead}.</translation>
    </message>
    <message>
        <source>{agent} wrote no {what}, twice, so {instead}.</source>
        <translation>{agent} hat zweimal nichts geschrieben („{what}“), deshalb {instead}.</translation>
    </message>
    <message>
        <source>What {agent} had to read for the {what} for “{title}” does not fit the model&apos;s context, so {instead}.</source>
        <translation>Was {agent} zu „{title}“ lesen musste („{what}“), passt nicht in den Kontext des Modells, deshalb {instead}.</translation>
    </message>
    <message>
        <source>What {agent} had to read for the {what} does not fit the model&apos;s context, so {instead}.</source>
        <translation>Was {agent} lesen musste („{what}“), passt nicht in den Kontext des Modells, deshalb {instead}.</translation>
    </message>
    <message>
        <source>{agent}&apos;s memo named no verdict, even when asked, so the run is marked FLAG: review it yourself.</source>
        <translation>Das Memo von {agent} nennt kein Urteil, auch nicht auf Nachfrage, deshalb ist der Lauf mit FLAG markiert: Prüfen Sie es selbst.</translation>
    </message>
    <message>
        <source>No answer came: the deadline passed; proceeding on stated assumptions</source>
        <translation>Keine Antwort gekommen: Die Frist ist abgelaufen; es geht mit den genannten Annahmen weiter</translation>
    </message>
    <message>
        <source>budget: this run has spent {spent} of {allowed}; continue?</source>
        <translation>Budget: Dieser Lauf hat {spent} von {allowed} ausgegeben; fortfahren?</translation>
    </message>
    <message numerus="yes">
        <source>not revising again: {rounds} round(s) done ({ids})</source>
        <translation>
            <numerusform>keine weitere Überarbeitung: {rounds} Runde erledigt ({ids})</numerusform>
            <numerusform>keine weitere Überarbeitung: {rounds} Runden erledigt ({ids})</numerusform>
        </translation>
    </message>
    <message>
        <source>not revising: the run&apos;s budget is spent</source>
        <translation>keine Überarbeitung: Das Budget des Laufs ist aufgebraucht</translation>
    </message>
    <message numerus="yes">
        <source>revising: {count} check(s) failed: {ids} (round {round} of {rounds}; this revision used {tokens} tokens)</source>
        <translation>
            <numerusform>Überarbeitung: {count} Prüfung fehlgeschlagen: {ids} (Runde {round} von {rounds}; diese Überarbeitung hat {tokens} Tokens verbraucht)</numerusform>
            <numerusform>Überarbeitung: {count} Prüfungen fehlgeschlagen: {ids} (Runde {round} von {rounds}; diese Überarbeitung hat {tokens} Tokens verbraucht)</numerusform>
        </translation>
    </message>
    <message>
        <source>revising: the audit flagged the deliverable (round {round} of {rounds}; this revision used {tokens} tokens)</source>
        <translation>Überarbeitung: Die Prüfung hat das Ergebnis beanstandet (Runde {round} von {rounds}; diese Überarbeitung hat {tokens} Tokens verbraucht)</translation>
    </message>
    <message>
        <source>context size of the default model at {where} is unknown; assuming {tokens} tokens — set “context” in the profile</source>
        <translation>Kontextgröße des Standardmodells bei {where} unbekannt; angenommen werden {tokens} Tokens — setzen Sie „context“ im Profil</translation>
    </message>
    <message>
        <source>context size of {model} at {where} is unknown; assuming {tokens} tokens — set “context” in the profile</source>
        <translation>Kontextgröße von {model} bei {where} unbekannt; angenommen werden {tokens} Tokens — setzen Sie „context“ im Profil</translation>
    </message>
    <message>
        <source>{agent}: {server} answered very slowly for a while (little or no new output); AIPA kept waiting</source>
        <translation>{agent}: {server} hat eine Weile sehr langsam geantwortet (wenig oder keine neue Ausgabe); AIPA hat weiter gewartet</translation>
    </message>
    <message>
        <source>MCP server “{server}”: does not speak MCP: it wrote “{wrote}” where a JSON-RPC message belongs (hint: check that the command starts an MCP server on stdio, not a shell, a web server or a program&apos;s help)</source>
        <translation>MCP-Server „{server}“: spricht kein MCP: Er schrieb „{wrote}“, wo eine JSON-RPC-Nachricht hingehört (Hinweis: Prüfen Sie, ob der Befehl einen MCP-Server über stdio startet, keine Shell, keinen Webserver und nicht die Hilfe eines Programms)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: no answer within {seconds} s while trying to start it and list its tools (hint: check that it is an MCP server and not hung)</source>
        <translation>MCP-Server „{server}“: keine Antwort innerhalb von {seconds} s beim Starten und Auflisten seiner Werkzeuge (Hinweis: Prüfen Sie, ob es ein MCP-Server ist und nicht hängt)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: cannot run “{where}” ({why}) (hint: check the command in the MCP server settings)</source>
        <translation>MCP-Server „{server}“: „{where}“ kann nicht ausgeführt werden ({why}) (Hinweis: Prüfen Sie den Befehl in den MCP-Server-Einstellungen)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: could not start it and list its tools at {where} ({why}) (hint: check that the server runs and the URL ends in its MCP path)</source>
        <translation>MCP-Server „{server}“: konnte unter {where} nicht gestartet und nach seinen Werkzeugen gefragt werden ({why}) (Hinweis: Prüfen Sie, ob der Server läuft und die URL auf seinen MCP-Pfad endet)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: could not start it and list its tools: {why} (hint: check the command and that it speaks MCP over stdio)</source>
        <translation>MCP-Server „{server}“: konnte nicht gestartet und nach seinen Werkzeugen gefragt werden: {why} (Hinweis: Prüfen Sie den Befehl und ob er MCP über stdio spricht)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: “allow_read_only”: true is not honoured (a server can mark a write tool read-only); list the tools by name, e.g. “allow_read_only”: [“lookup”]</source>
        <translation>MCP-Server „{server}“: „allow_read_only“: true wird nicht beachtet (ein Server kann ein schreibendes Werkzeug als nur lesend markieren); nennen Sie die Werkzeuge einzeln, z. B. „allow_read_only“: [„lookup“]</translation>
    </message>
</context>
<context>
    <name>Operation</name>
    <message>
        <source>Something went wrong: {error}</source>
        <translation>Etwas ist schiefgegangen: {error}</translation>
    </message>
</context>
<context>
    <name>PictureTile</name>
    <message>
        <source>Picture {name}</source>
        <translation>Bild {name}</translation>
    </message>
    <message>
        <source>{size} pixels; press Enter for a larger view, Delete to remove it</source>
        <translation>{size} Pixel; Eingabe für eine größere Ansicht, Entf zum Entfernen</translation>
    </message>
    <message>
        <source>preparing the picture</source>
        <translation>Bild wird vorbereitet</translation>
    </message>
    <message>
        <source>F2: a caption for screen readers</source>
        <translation>F2: eine Bildbeschreibung für Bildschirmleser</translation>
    </message>
    <message>
        <source>Remove picture {name}</source>
        <translation>Bild {name} entfernen</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>What the picture shows, for screen readers:</source>
        <translation>Was das Bild zeigt, für Bildschirmleser:</translation>
    </message>
</context>
<context>
    <name>PictureView</name>
    <message>
        <source>Picture {name}</source>
        <translation>Bild {name}</translation>
    </message>
    <message>
        <source>{name}, {width} × {height} pixels</source>
        <translation>{name}, {width} × {height} Pixel</translation>
    </message>
</context>
<context>
    <name>Pictures</name>
    <message>
        <source>Pictures: {names}.</source>
        <translation>Bilder: {names}.</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <source>↻ Resuming run {run}: {directive}</source>
        <translation>↻ Lauf {run} wird fortgesetzt: {directive}</translation>
    </message>
    <message>
        <source>**Error:** {error}</source>
        <translation>**Fehler:** {error}</translation>
    </message>
    <message>
        <source>🔧 {agent} used {tool}: {result}</source>
        <translation>🔧 {agent} hat {tool} verwendet: {result}</translation>
    </message>
    <message>
        <source>◐ The run is waiting: {reason}. Resume it when you are ready (Ctrl+R).</source>
        <translation>◐ Der Lauf wartet: {reason}. Setzen Sie ihn fort, wenn Sie bereit sind (Ctrl+R).</translation>
    </message>
    <message>
        <source>■ Stopped. The run can continue where it stopped (Ctrl+R).</source>
        <translation>■ Gestoppt. Der Lauf kann dort weitergehen, wo er stehen blieb (Ctrl+R).</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Report text</source>
        <translation>Berichtstext</translation>
    </message>
</context>
<context>
    <name>RerunText</name>
    <message>
        <source>{names} and {last}</source>
        <translation>{names} und {last}</translation>
    </message>
    <message>
        <source>re-ran the synthesis and the audit</source>
        <translation>Synthese und Prüfung neu ausgeführt</translation>
    </message>
    <message>
        <source>re-ran the audit</source>
        <translation>Prüfung neu ausgeführt</translation>
    </message>
    <message>
        <source>a new directive: everything from routing runs again</source>
        <translation>eine neue Anweisung: alles ab der Zuweisung läuft neu</translation>
    </message>
    <message>
        <source>re-ran {leads} with edited briefs</source>
        <translation>{leads} mit geänderten Aufträgen neu ausgeführt</translation>
    </message>
    <message>
        <source>re-ran {leads}</source>
        <translation>{leads} neu ausgeführt</translation>
    </message>
    <message>
        <source>kept every lead&apos;s report</source>
        <translation>alle Berichte der Leads behalten</translation>
    </message>
    <message>
        <source>kept {lead}&apos;s report</source>
        <translation>Bericht von {lead} behalten</translation>
    </message>
    <message>
        <source>kept the reports of {leads}</source>
        <translation>Berichte von {leads} behalten</translation>
    </message>
    <message>
        <source>new feedback: {feedback}</source>
        <translation>neues Feedback: {feedback}</translation>
    </message>
    <message>
        <source>↻ Revision {number}</source>
        <translation>↻ Revision {number}</translation>
    </message>
</context>
<context>
    <name>RevisionBar</name>
    <message>
        <source>Previous revision</source>
        <translation>Vorherige Revision</translation>
    </message>
    <message>
        <source>Next revision</source>
        <translation>Nächste Revision</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>Vergleichen…</translation>
    </message>
    <message>
        <source>Compare revisions</source>
        <translation>Revisionen vergleichen</translation>
    </message>
    <message>
        <source>Revision {number} of {total}</source>
        <translation>Revision {number} von {total}</translation>
    </message>
</context>
<context>
    <name>Revisions</name>
    <message>
        <source>&amp;Previous revision</source>
        <translation>&amp;Vorherige Revision</translation>
    </message>
    <message>
        <source>&amp;Next revision</source>
        <translation>&amp;Nächste Revision</translation>
    </message>
    <message>
        <source>&amp;Compare revisions…</source>
        <translation>Revisionen ver&amp;gleichen…</translation>
    </message>
    <message>
        <source>a re-run of revision {n}</source>
        <translation>eine erneute Ausführung von Revision {n}</translation>
    </message>
    <message>
        <source>the first run</source>
        <translation>der erste Lauf</translation>
    </message>
    <message>
        <source>Revision {number} of {total}: {what}</source>
        <translation>Revision {number} von {total}: {what}</translation>
    </message>
    <message>
        <source>this revision: {cost}</source>
        <translation>diese Revision: {cost}</translation>
    </message>
    <message>
        <source>No run in this session has several revisions to compare.</source>
        <translation>Kein Lauf in dieser Sitzung hat mehrere Revisionen zum Vergleichen.</translation>
    </message>
</context>
<context>
    <name>ScheduleTimer</name>
    <message>
        <source>“{directive}” (due {when})</source>
        <translation>„{directive}“ (fällig {when})</translation>
    </message>
    <message numerus="yes">
        <source>Ran %n missed scheduled directive(s) once: {names}. Its result waits in the Inbox.</source>
        <translation>
            <numerusform>%n verpasster geplanter Auftrag wurde einmal ausgeführt: {names}. Das Ergebnis wartet im Posteingang.</numerusform>
            <numerusform>%n verpasste geplante Aufträge wurden einmal ausgeführt: {names}. Die Ergebnisse warten im Posteingang.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>A run is in progress: stop it first (Esc) to switch sessions.</source>
        <translation>Ein Lauf ist im Gange: zuerst stoppen (Esc), um die Sitzung zu wechseln.</translation>
    </message>
    <message>
        <source>Standing brief not updated: {error}</source>
        <translation>Ständiges Briefing nicht aktualisiert: {error}</translation>
    </message>
</context>
<context>
    <name>SessionList</name>
    <message>
        <source>Pinned</source>
        <translation>Angeheftet</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Heute</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>Gestern</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>Älter</translation>
    </message>
    <message>
        <source>Search sessions (full text)…</source>
        <translation>Sitzungen durchsuchen…</translation>
    </message>
    <message>
        <source>Search sessions</source>
        <translation>Sitzungen durchsuchen</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message>
        <source>Enter opens a session; F2 renames it; Delete deletes it (with undo)</source>
        <translation>Enter öffnet eine Sitzung; F2 benennt sie um; Entf löscht sie (rückgängig machbar)</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>Keine Treffer</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Trash…</source>
        <translation>Papierkorb…</translation>
    </message>
    <message>
        <source>Deleted sessions, kept 30 days: restore or empty</source>
        <translation>Gelöschte Sitzungen, 30 Tage aufbewahrt: wiederherstellen oder leeren</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>Unbenannte Sitzung</translation>
    </message>
    <message>
        <source>last activity {when}</source>
        <translation>zuletzt aktiv {when}</translation>
    </message>
    <message>
        <source>Last activity: {when}</source>
        <translation>Zuletzt aktiv: {when}</translation>
    </message>
    <message>
        <source> · closed</source>
        <translation> · geschlossen</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Anheften</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>“{title}” moved to the Trash.</source>
        <translation>„{title}“ in den Papierkorb verschoben.</translation>
    </message>
    <message>
        <source>Undo: restore {title}</source>
        <translation>Rückgängig: {title} wiederherstellen</translation>
    </message>
</context>
<context>
    <name>SessionTime</name>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message numerus="yes">
        <source>{count} min ago</source>
        <translation>
            <numerusform>vor {count} Min.</numerusform>
            <numerusform>vor {count} Min.</numerusform>
        </translation>
    </message>
    <message>
        <source>yesterday, {time}</source>
        <translation>gestern, {time}</translation>
    </message>
</context>
<context>
    <name>Slash</name>
    <message numerus="yes">
        <source>**Session:** {session} · {count} run(s)</source>
        <translation>
            <numerusform>**Sitzung:** {session} · {count} Lauf</numerusform>
            <numerusform>**Sitzung:** {session} · {count} Läufe</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SlashCommands</name>
    <message>
        <source>Unknown command /{name}. Type /help for the list.</source>
        <translation>Unbekannter Befehl /{name}. /help zeigt die Liste.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>ein</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>**Provider:** {provider} · {model} · {state}</source>
        <translation>**Anbieter:** {provider} · {model} · {state}</translation>
    </message>
    <message>
        <source>(new)</source>
        <translation>(neu)</translation>
    </message>
    <message>
        <source>**Tokens this session:** {count}</source>
        <translation>**Tokens in dieser Sitzung:** {count}</translation>
    </message>
    <message>
        <source>**Automatic audit:** {audit} · **Plan review:** {review}</source>
        <translation>**Automatische Prüfung:** {audit} · **Planprüfung:** {review}</translation>
    </message>
    <message>
        <source>**Talking to:** {who}</source>
        <translation>**Gesprächspartner:** {who}</translation>
    </message>
    <message>
        <source>the team</source>
        <translation>das Team</translation>
    </message>
    <message>
        <source>**Data folder:** `{folder}`</source>
        <translation>**Datenordner:** `{folder}`</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>No runs in this session yet.</source>
        <translation>Noch keine Läufe in dieser Sitzung.</translation>
    </message>
    <message>
        <source>| run | status | verdict | directive |</source>
        <translation>| Lauf | Status | Urteil | Auftrag |</translation>
    </message>
    <message>
        <source>history</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>The last run has no tasks (answered directly, or nothing has run yet).</source>
        <translation>Der letzte Lauf hat keine Aufgaben (direkt beantwortet, oder noch nichts gelaufen).</translation>
    </message>
    <message>
        <source>| task | agent | title | status |</source>
        <translation>| Aufgabe | Agent | Titel | Status |</translation>
    </message>
    <message>
        <source>tasks of {run}</source>
        <translation>Aufgaben von {run}</translation>
    </message>
    <message>
        <source>Thinking panels shown</source>
        <translation>Gedankenfelder eingeblendet</translation>
    </message>
    <message>
        <source>Thinking panels hidden</source>
        <translation>Gedankenfelder ausgeblendet</translation>
    </message>
    <message>
        <source>No response has any thinking (the model did not think aloud, or nothing ran yet).</source>
        <translation>Keine Antwort enthält Gedanken (das Modell hat nicht laut gedacht, oder noch nichts ist gelaufen).</translation>
    </message>
    <message>
        <source>Debug logging is now {state} (the log file: {file}).</source>
        <translation>Debug-Protokoll ist jetzt {state} (die Protokolldatei: {file}).</translation>
    </message>
    <message>
        <source>No agent has replied in this session yet: /debug shows the last run&apos;s raw replies.</source>
        <translation>In dieser Sitzung hat noch kein Agent geantwortet: /debug zeigt die Rohantworten des letzten Laufs.</translation>
    </message>
    <message>
        <source>No run {run} to show.</source>
        <translation>Kein Lauf {run} zum Anzeigen.</translation>
    </message>
    <message>
        <source>No run in this session yet: /trace shows one.</source>
        <translation>Noch kein Lauf in dieser Sitzung: /trace zeigt einen.</translation>
    </message>
    <message>
        <source>Automatic audit is now on.</source>
        <translation>Automatische Prüfung ist jetzt ein.</translation>
    </message>
    <message>
        <source>Automatic audit is now off.</source>
        <translation>Automatische Prüfung ist jetzt aus.</translation>
    </message>
    <message>
        <source>Reloaded {count} agents and the settings.</source>
        <translation>{count} Agenten und die Einstellungen neu geladen.</translation>
    </message>
    <message>
        <source>The standing brief&apos;s archive is empty: log entries move there once its log holds more than {count} (Settings → Standing brief keeps).</source>
        <translation>Das Archiv des ständigen Briefings ist leer: Protokolleinträge wandern dorthin, sobald sein Protokoll mehr als {count} enthält (Einstellungen → Ständiges Briefing behält).</translation>
    </message>
    <message>
        <source>standing brief: archive</source>
        <translation>Ständiges Briefing: Archiv</translation>
    </message>
    <message>
        <source>The standing brief was reset to the empty template.</source>
        <translation>Das ständige Briefing wurde auf die leere Vorlage zurückgesetzt.</translation>
    </message>
    <message>
        <source>Nothing to export yet: this session is empty.</source>
        <translation>Noch nichts zu exportieren: Diese Sitzung ist leer.</translation>
    </message>
</context>
<context>
    <name>Spoken</name>
    <message>
        <source>Your directive</source>
        <translation>Ihr Auftrag</translation>
    </message>
    <message>
        <source>Your answers</source>
        <translation>Ihre Antworten</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Your decision</source>
        <translation>Ihre Entscheidung</translation>
    </message>
    <message>
        <source>verdict {verdict}</source>
        <translation>Urteil {verdict}</translation>
    </message>
    <message>
        <source>revision {number} of {total}</source>
        <translation>Revision {number} von {total}</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Status message</source>
        <translation>Statusmeldung</translation>
    </message>
    <message>
        <source>Cost this session</source>
        <translation>Kosten dieser Sitzung</translation>
    </message>
    <message>
        <source>Scheduled runs waiting</source>
        <translation>Wartende geplante Läufe</translation>
    </message>
    <message>
        <source>Updating the standing brief…</source>
        <translation>Ständiges Briefing wird aktualisiert…</translation>
    </message>
    <message>
        <source>Provider and model</source>
        <translation>Anbieter und Modell</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Tokens this session</source>
        <translation>Tokens in dieser Sitzung</translation>
    </message>
    <message>
        <source>Provider {provider}, model {model}</source>
        <translation>Anbieter {provider}, Modell {model}</translation>
    </message>
    <message>
        <source>{rate} tok/s</source>
        <translation>{rate} Tok./s</translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s) this session</source>
        <translation>
            <numerusform>{count} Token in dieser Sitzung</numerusform>
            <numerusform>{count} Tokens in dieser Sitzung</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s)</source>
        <translation>
            <numerusform>{count} Token</numerusform>
            <numerusform>{count} Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>No tokens yet</source>
        <translation>Noch keine Tokens</translation>
    </message>
    <message>
        <source>No tokens</source>
        <translation>Keine Tokens</translation>
    </message>
    <message>
        <source>Scheduled run waits for the current one</source>
        <translation>Geplanter Lauf wartet auf den laufenden</translation>
    </message>
    <message>
        <source>{count} scheduled runs wait for the current one</source>
        <translation>{count} geplante Läufe warten auf den laufenden</translation>
    </message>
    <message>
        <source>“{directive}” waits for “{current}”</source>
        <translation>„{directive}“ wartet auf „{current}“</translation>
    </message>
</context>
<context>
    <name>TitleLabel</name>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>Resume button: press Enter to resume the run.</source>
        <translation>Schaltfläche Fortsetzen: Eingabetaste drücken, um den Lauf fortzusetzen.</translation>
    </message>
    <message>
        <source>Copy Markdown</source>
        <translation>Markdown kopieren</translation>
    </message>
    <message>
        <source>Copy text</source>
        <translation>Text kopieren</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erstellen</translation>
    </message>
    <message>
        <source>Edit &amp; resend</source>
        <translation>Bearbeiten und erneut senden</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>Bericht öffnen</translation>
    </message>
    <message>
        <source>Copy the message as Markdown, with its formatting marks</source>
        <translation>Die Nachricht als Markdown kopieren, mit ihren Formatierungszeichen</translation>
    </message>
    <message>
        <source>Copy the message as plain text, as it reads on screen</source>
        <translation>Die Nachricht als reinen Text kopieren, so wie sie auf dem Bildschirm steht</translation>
    </message>
    <message>
        <source>Ask for a new revision of the deliverable</source>
        <translation>Eine neue Fassung des Ergebnisses anfordern</translation>
    </message>
    <message>
        <source>Edit the message and send it again</source>
        <translation>Die Nachricht bearbeiten und erneut senden</translation>
    </message>
    <message>
        <source>Open the lead&apos;s whole report in a window of its own</source>
        <translation>Den ganzen Bericht des Leads in einem eigenen Fenster öffnen</translation>
    </message>
    <message>
        <source>Resume the run where it stopped (Ctrl+R)</source>
        <translation>Den Lauf dort fortsetzen, wo er stehen blieb (Ctrl+R)</translation>
    </message>
    <message>
        <source>Shown in part · Show the full text</source>
        <translation>Teilweise angezeigt · Den ganzen Text zeigen</translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <source>Raw replies · {run}</source>
        <translation>Rohantworten · {run}</translation>
    </message>
    <message>
        <source>What each agent sent, in the order it came, before AIPA parsed it: the routing JSON, each lead&apos;s report, the synthesis, the audit memo.</source>
        <translation>Was jeder Agent gesendet hat, in der Reihenfolge des Eingangs, bevor AIPA es ausgewertet hat: das Zuteilungs-JSON, jeder Lead-Bericht, die Zusammenführung, das Prüfmemo.</translation>
    </message>
    <message>
        <source>Raw replies of run {run}</source>
        <translation>Rohantworten von Lauf {run}</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Gedanken</translation>
    </message>
    <message numerus="yes">
        <source>{count} word(s) of thinking</source>
        <translation>
            <numerusform>{count} Wort Gedanken</numerusform>
            <numerusform>{count} Wörter Gedanken</numerusform>
        </translation>
    </message>
    <message>
        <source>Thinking · {what}</source>
        <translation>Gedanken · {what}</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Plan a three-day offsite for 12 people in March, with a budget</source>
        <translation>Plane ein dreitägiges Teamevent für 12 Personen im März, mit Budget</translation>
    </message>
    <message>
        <source>Compare three CRM tools for a 10-person sales team and recommend one</source>
        <translation>Vergleiche drei CRM-Tools für ein 10-köpfiges Vertriebsteam und empfiehl eines</translation>
    </message>
    <message>
        <source>Draft a one-page launch plan for our new mobile app</source>
        <translation>Entwirf einen einseitigen Launch-Plan für unsere neue Mobile-App</translation>
    </message>
    <message>
        <source>Lead</source>
        <translation>Lead</translation>
    </message>
    <message>
        <source>Start a session</source>
        <translation>Eine Sitzung beginnen</translation>
    </message>
    <message>
        <source>YOUR TEAM</source>
        <translation>IHR TEAM</translation>
    </message>
    <message>
        <source>TRY</source>
        <translation>PROBIEREN SIE</translation>
    </message>
    <message>
        <source>Example directive: {text}</source>
        <translation>Beispielauftrag: {text}</translation>
    </message>
    <message>
        <source>Sends this directive to the team</source>
        <translation>Sendet diesen Auftrag an das Team</translation>
    </message>
    <message>
        <source>runs on this computer: nothing you type leaves it</source>
        <translation>läuft auf diesem Computer: nichts, was Sie schreiben, verlässt ihn</translation>
    </message>
    <message>
        <source>runs in the cloud: what you type is sent to the provider</source>
        <translation>läuft in der Cloud: was Sie schreiben, geht an den Anbieter</translation>
    </message>
    <message>
        <source>Model: &lt;b&gt;{model}&lt;/b&gt; on {provider} · {where}</source>
        <translation>Modell: &lt;b&gt;{model}&lt;/b&gt; auf {provider} · {where}</translation>
    </message>
</context>
<context>
    <name>WindowShell</name>
    <message>
        <source>Sidebar</source>
        <translation>Seitenleiste</translation>
    </message>
    <message>
        <source>AGENTS</source>
        <translation>AGENTEN</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>Team</translation>
    </message>
    <message>
        <source>Send directives to the whole team (the pipeline)</source>
        <translation>Aufträge an das ganze Team senden (die Pipeline)</translation>
    </message>
    <message>
        <source>Send directives to the whole team instead of one agent</source>
        <translation>Aufträge an das ganze Team statt an einen Agenten senden</translation>
    </message>
    <message>
        <source>SESSIONS</source>
        <translation>SITZUNGEN</translation>
    </message>
    <message>
        <source>Send ▶</source>
        <translation>Senden ▶</translation>
    </message>
    <message>
        <source>Send the directive to the team</source>
        <translation>Den Auftrag an das Team senden</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ Stopp</translation>
    </message>
    <message>
        <source>Stop the run (Esc)</source>
        <translation>Den Lauf stoppen (Esc)</translation>
    </message>
    <message>
        <source>Stop the run in progress; it can be resumed later</source>
        <translation>Den laufenden Lauf stoppen; er kann später fortgesetzt werden</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>BESTANDEN</translation>
    </message>
    <message>
        <source>PASS WITH NOTES</source>
        <translation>BESTANDEN MIT HINWEISEN</translation>
    </message>
    <message>
        <source>FLAG</source>
        <translation>BEANSTANDET</translation>
    </message>
    <message>
        <source>REJECT</source>
        <translation>ABGELEHNT</translation>
    </message>
    <message>
        <source>NONE</source>
        <translation>KEINES</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>in der Warteschlange</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>wird gelesen</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>denkt nach</translation>
    </message>
    <message>
        <source>streaming</source>
        <translation>schreibt</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>schreibt</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>wartet auf Ihre Erlaubnis</translation>
    </message>
    <message>
        <source>working</source>
        <translation>arbeitet</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>in Arbeit</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>Probelauf</translation>
    </message>
    <message>
        <source>Chief of Staff</source>
        <translation>Stabschefin</translation>
    </message>
    <message>
        <source>Auditor</source>
        <translation>Prüferin</translation>
    </message>
    <message>
        <source>Recruiter</source>
        <translation>Recruiterin</translation>
    </message>
    <message>
        <source>route</source>
        <translation>Zuteilung</translation>
    </message>
    <message>
        <source>clarify</source>
        <translation>Rückfragen</translation>
    </message>
    <message>
        <source>plan review</source>
        <translation>Planprüfung</translation>
    </message>
    <message>
        <source>dispatch</source>
        <translation>Verteilung</translation>
    </message>
    <message>
        <source>synthesize</source>
        <translation>Zusammenführung</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>review</source>
        <translation>Prüfung durch Sie</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>Budget</translation>
    </message>
</context>
</TS>
