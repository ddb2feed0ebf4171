<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AgentEditor</name>
    <message>
        <source>model default</source>
        <translation>Modellstandard</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>New agent</source>
        <translation>Neuer Agent</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Roles</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>Save roles</source>
        <translation>Rollen speichern</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(Standard)</translation>
    </message>
    <message>
        <source>provider default</source>
        <translation>Standard des Anbieters</translation>
    </message>
    <message>
        <source>remembers the session&apos;s conversation with it</source>
        <translation>merkt sich das Gespräch der Sitzung mit ihm</translation>
    </message>
    <message>
        <source>For thinking models (Ollama, Anthropic): off answers faster</source>
        <translation>Für denkende Modelle (Ollama, Anthropic): aus antwortet schneller</translation>
    </message>
    <message>
        <source>none: it only writes text</source>
        <translation>keine: er schreibt nur Text</translation>
    </message>
    <message>
        <source>The tools this agent may use, separated by commas (e.g. web_search, read_file)</source>
        <translation>Die Werkzeuge, die dieser Agent nutzen darf, durch Kommas getrennt (z. B. web_search, read_file)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Farbe</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Max. Tokens</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Denken</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>Save agent</source>
        <translation>Agent speichern</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>mitgeliefert</translation>
    </message>
    <message>
        <source>override</source>
        <translation>Überschreibung</translation>
    </message>
    <message>
        <source>yours</source>
        <translation>Ihrer</translation>
    </message>
    <message>
        <source>Shipped agent: saving writes your own override (delete it to go back).</source>
        <translation>Mitgelieferter Agent: Speichern legt Ihre eigene Überschreibung an (löschen Sie sie, um zurückzukehren).</translation>
    </message>
    <message>
        <source>Your override of a shipped agent.</source>
        <translation>Ihre Überschreibung eines mitgelieferten Agenten.</translation>
    </message>
    <message>
        <source>Your agent.</source>
        <translation>Ihr Agent.</translation>
    </message>
    <message>
        <source>Remove override</source>
        <translation>Überschreibung entfernen</translation>
    </message>
    <message>
        <source>A new agent of yours: it becomes a lead the Chief of Staff can brief.</source>
        <translation>Ein neuer Agent von Ihnen: Er wird ein Lead, den die Stabschefin beauftragen kann.</translation>
    </message>
    <message>
        <source>an agent named {name} already exists</source>
        <translation>ein Agent namens {name} existiert bereits</translation>
    </message>
    <message>
        <source>Delete agent?</source>
        <translation>Agent löschen?</translation>
    </message>
    <message>
        <source>Delete your file for {name}?</source>
        <translation>Ihre Datei für {name} löschen?</translation>
    </message>
    <message>
        <source>Each role needs a different agent.</source>
        <translation>Jede Rolle braucht einen anderen Agenten.</translation>
    </message>
</context>
<context>
    <name>ApiPage</name>
    <message>
        <source>Other programs on this computer (an editor, a script, any OpenAI-compatible client) can hand the team a directive at &lt;code&gt;/v1/chat/completions&lt;/code&gt;, with model &lt;code&gt;aipa-team&lt;/code&gt; or one agent&apos;s name, while this window is open. Each request needs the token below. A run that reaches a gate waits for you in the Inbox unless its client is listed under Accept reviews.</source>
        <translation>Andere Programme auf diesem Computer (ein Editor, ein Skript, jeder OpenAI-kompatible Client) können dem Team unter &lt;code&gt;/v1/chat/completions&lt;/code&gt; eine Anweisung geben, mit dem Modell &lt;code&gt;aipa-team&lt;/code&gt; oder dem Namen eines Agenten, solange dieses Fenster offen ist. Jede Anfrage braucht das Token unten. Ein Lauf, der eine Freigabe erreicht, wartet im Posteingang auf Sie, es sei denn, sein Client steht unter „Prüfungen annehmen von“.</translation>
    </message>
    <message>
        <source>Serve the team on this computer while the window is open</source>
        <translation>Das Team auf diesem Computer anbieten, solange das Fenster offen ist</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>Lokale API</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source> at once</source>
        <translation> gleichzeitig</translation>
    </message>
    <message>
        <source>Runs at once</source>
        <translation>Gleichzeitige Läufe</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>made when first shown or turned on</source>
        <translation>wird beim ersten Anzeigen oder Einschalten erzeugt</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>Bearer-Token</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Make a new token; clients holding the old one are refused from now on</source>
        <translation>Ein neues Token erzeugen; Clients mit dem alten werden ab jetzt abgewiesen</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>none: every review waits for you</source>
        <translation>keine: jede Prüfung wartet auf Sie</translation>
    </message>
    <message>
        <source>Clients whose reviews are accepted</source>
        <translation>Clients, deren Prüfungen angenommen werden</translation>
    </message>
    <message>
        <source>The request&apos;s user field, comma-separated: their final reviews are accepted</source>
        <translation>Das user-Feld der Anfrage, durch Kommas getrennt: Ihre abschließenden Prüfungen werden angenommen</translation>
    </message>
    <message>
        <source>Accept reviews of</source>
        <translation>Prüfungen annehmen von</translation>
    </message>
    <message>
        <source>No keyring keeps the token: it works until AIPA closes.</source>
        <translation>Kein Schlüsselbund bewahrt das Token auf: Es gilt, bis AIPA geschlossen wird.</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Verbergen</translation>
    </message>
    <message>
        <source>Token copied.</source>
        <translation>Token kopiert.</translation>
    </message>
    <message>
        <source>A new token: clients holding the old one are refused now.</source>
        <translation>Ein neues Token: Clients mit dem alten werden jetzt abgewiesen.</translation>
    </message>
    <message>
        <source>Binds {host}: reachable from other computers.</source>
        <translation>Bindet an {host}: von anderen Computern erreichbar.</translation>
    </message>
    <message>
        <source>Binds 127.0.0.1: only this computer can reach it.</source>
        <translation>Bindet an 127.0.0.1: Nur dieser Computer erreicht ihn.</translation>
    </message>
    <message>
        <source>Serving on {url}</source>
        <translation>Erreichbar unter {url}</translation>
    </message>
    <message>
        <source>Off.</source>
        <translation>Aus.</translation>
    </message>
</context>
<context>
    <name>BriefEditor</name>
    <message>
        <source>Standing brief</source>
        <translation>Ständiges Briefing</translation>
    </message>
    <message>
        <source>The Chief of Staff&apos;s working memory across sessions. It is rewritten when a session closes; edit it to correct or add what the team should remember.</source>
        <translation>Das Arbeitsgedächtnis der Stabschefin über Sitzungen hinweg. Es wird neu geschrieben, wenn eine Sitzung endet; bearbeiten Sie es, um zu korrigieren oder zu ergänzen, was sich das Team merken soll.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Reset to template…</source>
        <translation>Auf Vorlage zurücksetzen…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
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
</context>
<context>
    <name>BriefsRerunDialog</name>
    <message>
        <source>Edit briefs and re-run</source>
        <translation>Aufträge bearbeiten und erneut ausführen</translation>
    </message>
    <message>
        <source>Change what a lead is asked. Only the leads whose brief you change run again, then the synthesis and the audit; the other reports are kept as they are. The run so far stays as an earlier revision.</source>
        <translation>Ändern Sie, worum eine Leitung gebeten wird. Nur die Leitungen, deren Auftrag Sie ändern, arbeiten erneut, danach die Synthese und die Prüfung; die übrigen Berichte bleiben, wie sie sind. Der bisherige Lauf bleibt als frühere Revision erhalten.</translation>
    </message>
    <message>
        <source>Brief for {lead}: {title}</source>
        <translation>Auftrag für {lead}: {title}</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>Erneut ausführen</translation>
    </message>
    <message>
        <source>No brief changed yet.</source>
        <translation>Noch kein Auftrag geändert.</translation>
    </message>
    <message numerus="yes">
        <source>{count} lead(s) will run again.</source>
        <translation>
            <numerusform>{count} Leitung arbeitet erneut.</numerusform>
            <numerusform>{count} Leitungen arbeiten erneut.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BuiltinPage</name>
    <message>
        <source>Built-in engine</source>
        <translation>Integrierte Engine</translation>
    </message>
    <message>
        <source>AIPA runs a GGUF model file itself with llama.cpp, on 127.0.0.1 only. Nothing to install.</source>
        <translation>AIPA führt eine GGUF-Modelldatei selbst mit llama.cpp aus, nur auf 127.0.0.1. Nichts zu installieren.</translation>
    </message>
    <message>
        <source>✓ The engine is installed.</source>
        <translation>✓ Die Engine ist installiert.</translation>
    </message>
    <message>
        <source>✗ The engine is not installed: {hint}</source>
        <translation>✗ Die Engine ist nicht installiert: {hint}</translation>
    </message>
    <message>
        <source>Your models (in {folder}):</source>
        <translation>Ihre Modelle (in {folder}):</translation>
    </message>
    <message>
        <source>Downloaded models</source>
        <translation>Heruntergeladene Modelle</translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation>GGUF-Datei importieren…</translation>
    </message>
    <message>
        <source>Import a GGUF model file</source>
        <translation>Eine GGUF-Modelldatei importieren</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <source>Download a model</source>
        <translation>Ein Modell herunterladen</translation>
    </message>
    <message>
        <source>Models for the built-in engine go to {folder}.</source>
        <translation>Modelle für die integrierte Engine kommen nach {folder}.</translation>
    </message>
</context>
<context>
    <name>CatalogueView</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Dieser Computer</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>Geeignet für</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>tight</source>
        <translation>knapp</translation>
    </message>
    <message>
        <source>too big</source>
        <translation>zu groß</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum (this computer has {gb} GB of memory):</source>
        <translation>Empfohlene Modelle, direkt von ihren Herausgebern geladen und gegen eine festgelegte Prüfsumme geprüft (dieser Computer hat {gb} GB Arbeitsspeicher):</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum:</source>
        <translation>Empfohlene Modelle, direkt von ihren Herausgebern geladen und gegen eine festgelegte Prüfsumme geprüft:</translation>
    </message>
    <message>
        <source>Recommended models</source>
        <translation>Empfohlene Modelle</translation>
    </message>
    <message>
        <source>Choose a model and press Download; its size, memory and licence are shown</source>
        <translation>Wählen Sie ein Modell und drücken Sie Herunterladen; Größe, Speicherbedarf und Lizenz werden angezeigt</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Herunterladen</translation>
    </message>
    <message>
        <source>Download the chosen model (resumes a paused download)</source>
        <translation>Das gewählte Modell herunterladen (setzt einen pausierten Download fort)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>Lizenz: {licence}</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>heruntergeladen</translation>
    </message>
    <message>
        <source>paused at {percent}%</source>
        <translation>pausiert bei {percent} %</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>nicht heruntergeladen</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum</source>
        <translation>Empfohlene Modelle, direkt von ihren Herausgebern geladen und gegen eine festgelegte Prüfsumme geprüft</translation>
    </message>
    <message>
        <source> (this computer has {gb} GB of memory)</source>
        <translation> (dieser Computer hat {gb} GB Arbeitsspeicher)</translation>
    </message>
    <message>
        <source>the best that fits this computer</source>
        <translation>das beste, das auf diesen Computer passt</translation>
    </message>
    <message>
        <source>a safe start on most computers</source>
        <translation>ein sicherer Anfang auf den meisten Computern</translation>
    </message>
    <message>
        <source>Preselected: &lt;b&gt;{title}&lt;/b&gt;, {why}.</source>
        <translation>Vorausgewählt: &lt;b&gt;{title}&lt;/b&gt;, {why}.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>✓ {model} is ready.</source>
        <translation>✓ {model} ist bereit.</translation>
    </message>
</context>
<context>
    <name>ChecklistEditor</name>
    <message>
        <source>Checklist</source>
        <translation>Checkliste</translation>
    </message>
    <message>
        <source>New check</source>
        <translation>Neue Prüfung</translation>
    </message>
    <message>
        <source>Add a check: “at most 120 words”, “must mention the deposit”</source>
        <translation>Prüfung hinzufügen: „höchstens 120 Wörter“, „muss die Kaution erwähnen“</translation>
    </message>
    <message>
        <source>Add check</source>
        <translation>Prüfung hinzufügen</translation>
    </message>
    <message>
        <source>No checks: the audit judges the deliverable as a whole.</source>
        <translation>Keine Prüfungen: Die Prüfung beurteilt das Ergebnis als Ganzes.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove check {id}</source>
        <translation>Prüfung {id} entfernen</translation>
    </message>
    <message>
        <source>Take “{text}” off the checklist</source>
        <translation>„{text}“ von der Checkliste nehmen</translation>
    </message>
    <message>
        <source>Added: {checks}</source>
        <translation>Hinzugefügt: {checks}</translation>
    </message>
    <message>
        <source>Already on the checklist.</source>
        <translation>Steht schon auf der Checkliste.</translation>
    </message>
    <message>
        <source>Removed: {id}</source>
        <translation>Entfernt: {id}</translation>
    </message>
    <message>
        <source>The checklist could not be changed: {error}</source>
        <translation>Die Checkliste konnte nicht geändert werden: {error}</translation>
    </message>
    <message>
        <source>A check added here is measured on the revision Edit… asks for</source>
        <translation>Eine hier hinzugefügte Prüfung wird an der Überarbeitung gemessen, die „Bearbeiten…“ anfordert</translation>
    </message>
</context>
<context>
    <name>ClarifyDialog</name>
    <message>
        <source>The team has questions</source>
        <translation>Das Team hat Fragen</translation>
    </message>
    <message>
        <source>Before briefing the team, the Chief of Staff needs a few details.</source>
        <translation>Bevor sie das Team einweist, braucht die Stabschefin noch ein paar Angaben.</translation>
    </message>
    <message>
        <source>Your answer (leave empty for “use your judgment”; Ctrl+Enter sends)</source>
        <translation>Ihre Antwort (leer lassen für „nach eigenem Ermessen“; Strg+Enter sendet)</translation>
    </message>
    <message>
        <source>Send answers</source>
        <translation>Antworten senden</translation>
    </message>
    <message>
        <source>Send the answers (Ctrl+Enter)</source>
        <translation>Die Antworten senden (Strg+Enter)</translation>
    </message>
</context>
<context>
    <name>CloudPage</name>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Check and save key</source>
        <translation>Schlüssel prüfen und speichern</translation>
    </message>
    <message>
        <source>Checking the keyring…</source>
        <translation>Schlüsselbund wird geprüft…</translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: local ones need no key.</source>
        <translation>Jeder Server, der die OpenAI-API spricht: lokale brauchen keinen Schlüssel.</translation>
    </message>
    <message>
        <source>{kind} models in the cloud. Your key is stored in the OS keyring only.</source>
        <translation>{kind}-Modelle in der Cloud. Ihr Schlüssel wird nur im Schlüsselbund des Systems gespeichert.</translation>
    </message>
    <message>
        <source>Custom server</source>
        <translation>Eigener Server</translation>
    </message>
    <message>
        <source>API key (local servers need none)</source>
        <translation>API-Schlüssel (lokale Server brauchen keinen)</translation>
    </message>
    <message>
        <source>paste your API key here</source>
        <translation>API-Schlüssel hier einfügen</translation>
    </message>
    <message>
        <source>Check the connection</source>
        <translation>Verbindung prüfen</translation>
    </message>
    <message>
        <source>{server} runs on this computer and needs no key: start it, then check the connection.</source>
        <translation>{server} läuft auf diesem Computer und braucht keinen Schlüssel: Starten Sie es und prüfen Sie dann die Verbindung.</translation>
    </message>
    <message>
        <source>Get a key at {link}.</source>
        <translation>Einen Schlüssel erhalten Sie unter {link}.</translation>
    </message>
    <message>
        <source>Never a plaintext file.</source>
        <translation>Niemals eine Klartextdatei.</translation>
    </message>
    <message>
        <source>a key is set: paste a new one to replace it</source>
        <translation>ein Schlüssel ist gesetzt: fügen Sie einen neuen ein, um ihn zu ersetzen</translation>
    </message>
    <message>
        <source>no key set (this server needs none)</source>
        <translation>kein Schlüssel gesetzt (dieser Server braucht keinen)</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare revisions</source>
        <translation>Revisionen vergleichen</translation>
    </message>
    <message>
        <source>Older revision</source>
        <translation>Ältere Revision</translation>
    </message>
    <message>
        <source>Newer revision</source>
        <translation>Neuere Revision</translation>
    </message>
    <message>
        <source>&amp;Left:</source>
        <translation>&amp;Links:</translation>
    </message>
    <message>
        <source>&amp;Right:</source>
        <translation>&amp;Rechts:</translation>
    </message>
    <message>
        <source>Left: words the right one no longer has, struck through. Right: words it added, underlined.</source>
        <translation>Links: Wörter, die rechts nicht mehr vorkommen, durchgestrichen. Rechts: hinzugekommene Wörter, unterstrichen.</translation>
    </message>
    <message>
        <source>Revision {n} of {total}</source>
        <translation>Revision {n} von {total}</translation>
    </message>
    <message>
        <source>The two deliverables are the same.</source>
        <translation>Die beiden Ergebnisse sind gleich.</translation>
    </message>
    <message>
        <source>{removed} words removed, {added} words added.</source>
        <translation>{removed} Wörter entfernt, {added} Wörter hinzugefügt.</translation>
    </message>
    <message>
        <source>Deliverable of {which}, removed words struck through</source>
        <translation>Ergebnis von {which}, entfernte Wörter durchgestrichen</translation>
    </message>
    <message>
        <source>Deliverable of {which}, added words underlined</source>
        <translation>Ergebnis von {which}, hinzugefügte Wörter unterstrichen</translation>
    </message>
    <message>
        <source>Removed: {words}</source>
        <translation>Entfernt: {words}</translation>
    </message>
    <message>
        <source>Added: {words}</source>
        <translation>Hinzugefügt: {words}</translation>
    </message>
</context>
<context>
    <name>DataPage</name>
    <message>
        <source>Last backup</source>
        <translation>Letzte Sicherung</translation>
    </message>
    <message>
        <source>Back up now</source>
        <translation>Jetzt sichern</translation>
    </message>
    <message>
        <source>Restore…</source>
        <translation>Wiederherstellen…</translation>
    </message>
    <message>
        <source>Export all…</source>
        <translation>Alles exportieren…</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren…</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Backups</source>
        <translation>Sicherungen</translation>
    </message>
    <message>
        <source>A verified backup is made by itself once a day, and before every upgrade, restore, import and emptying of the Trash. Backups hold your sessions, settings and agents, never a key.</source>
        <translation>Eine geprüfte Sicherung entsteht von selbst einmal am Tag und vor jedem Upgrade, jeder Wiederherstellung, jedem Import und jedem Leeren des Papierkorbs. Sicherungen enthalten Ihre Sitzungen, Einstellungen und Agenten, nie einen Schlüssel.</translation>
    </message>
    <message>
        <source>{when} · {kind} · {sessions} sessions, {runs} runs · verified</source>
        <translation>{when} · {kind} · {sessions} Sitzungen, {runs} Läufe · geprüft</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keine</translation>
    </message>
    <message>
        <source>Backing up…</source>
        <translation>Wird gesichert…</translation>
    </message>
    <message>
        <source>Backed up {sessions} sessions and {runs} runs: {path}</source>
        <translation>{sessions} Sitzungen und {runs} Läufe gesichert: {path}</translation>
    </message>
    <message>
        <source>Exporting everything…</source>
        <translation>Alles wird exportiert…</translation>
    </message>
    <message>
        <source>Exported {sessions} sessions and {runs} runs to {path}</source>
        <translation>{sessions} Sitzungen und {runs} Läufe nach {path} exportiert</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>Wird importiert…</translation>
    </message>
    <message>
        <source>Export everything to</source>
        <translation>Alles exportieren nach</translation>
    </message>
    <message>
        <source>Archives (*.zip)</source>
        <translation>Archive (*.zip)</translation>
    </message>
    <message>
        <source>Import an archive</source>
        <translation>Ein Archiv importieren</translation>
    </message>
    <message>
        <source>Restore a backup</source>
        <translation>Eine Sicherung wiederherstellen</translation>
    </message>
    <message>
        <source>Backups (*.db)</source>
        <translation>Sicherungen (*.db)</translation>
    </message>
    <message>
        <source>Replace your data with {path}? Your data as it is now is backed up first. AIPA closes, restores and opens again.</source>
        <translation>Ihre Daten durch {path} ersetzen? Ihre jetzigen Daten werden zuerst gesichert. AIPA schließt, stellt wieder her und öffnet sich erneut.</translation>
    </message>
    <message>
        <source>Restore and restart</source>
        <translation>Wiederherstellen und neu starten</translation>
    </message>
</context>
<context>
    <name>GateDialog</name>
    <message>
        <source>Later</source>
        <translation>Später</translation>
    </message>
    <message>
        <source>Leave the run waiting; answer it when you are ready</source>
        <translation>Den Lauf warten lassen; antworten Sie, wenn Sie so weit sind</translation>
    </message>
</context>
<context>
    <name>Kinds</name>
    <message>
        <source>Ollama (local)</source>
        <translation>Ollama (lokal)</translation>
    </message>
    <message>
        <source>Built-in llama.cpp engine</source>
        <translation>Integrierte llama.cpp-Engine</translation>
    </message>
    <message>
        <source>Built-in engine</source>
        <translation>Integrierte Engine</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>Scripted (dry run, no network)</source>
        <translation>Skriptbasiert (Probelauf, kein Netzwerk)</translation>
    </message>
    <message>
        <source>Scripted</source>
        <translation>Skriptbasiert</translation>
    </message>
    <message>
        <source>Open models on this computer: private, free, offline once pulled.</source>
        <translation>Offene Modelle auf diesem Computer: privat, kostenlos, offline nach dem Laden.</translation>
    </message>
    <message>
        <source>AIPA runs a GGUF model file itself: nothing to install.</source>
        <translation>AIPA führt eine GGUF-Modelldatei selbst aus: nichts zu installieren.</translation>
    </message>
    <message>
        <source>GPT models in the cloud; needs an API key.</source>
        <translation>GPT-Modelle in der Cloud; braucht einen API-Schlüssel.</translation>
    </message>
    <message>
        <source>Claude models in the cloud; needs an API key.</source>
        <translation>Claude-Modelle in der Cloud; braucht einen API-Schlüssel.</translation>
    </message>
    <message>
        <source>LM Studio, llama.cpp server, vLLM, Groq, Together, Mistral, OpenRouter…</source>
        <translation>LM Studio, llama.cpp-Server, vLLM, Groq, Together, Mistral, OpenRouter…</translation>
    </message>
    <message>
        <source>Canned answers, no model: a dry run.</source>
        <translation>Vorgefertigte Antworten, kein Modell: ein Probelauf.</translation>
    </message>
    <message>
        <source>llama.cpp server</source>
        <translation>llama.cpp-Server</translation>
    </message>
</context>
<context>
    <name>McpPage</name>
    <message>
        <source>MCP servers give the team more tools. A lead may use a server&apos;s tools when its agent lists them (&lt;code&gt;server.tool&lt;/code&gt; or &lt;code&gt;server.*&lt;/code&gt;). Every call asks you first, unless the tool is checked below &lt;i&gt;and&lt;/i&gt; the server marks it read-only.</source>
        <translation>MCP-Server geben dem Team weitere Werkzeuge. Ein Lead darf die Werkzeuge eines Servers nutzen, wenn sein Agent sie aufführt (&lt;code&gt;server.tool&lt;/code&gt; oder &lt;code&gt;server.*&lt;/code&gt;). Jeder Aufruf fragt Sie zuerst, es sei denn, das Werkzeug ist unten angehakt &lt;i&gt;und&lt;/i&gt; der Server kennzeichnet es als nur lesend.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>notes (letters, digits, - or _)</source>
        <translation>notes (Buchstaben, Ziffern, - oder _)</translation>
    </message>
    <message>
        <source>A command (stdio)</source>
        <translation>Ein Befehl (stdio)</translation>
    </message>
    <message>
        <source>A URL (streamable HTTP)</source>
        <translation>Eine URL (Streamable HTTP)</translation>
    </message>
    <message>
        <source>e.g. npx -y @modelcontextprotocol/server-filesystem ~/notes</source>
        <translation>z. B. npx -y @modelcontextprotocol/server-filesystem ~/notes</translation>
    </message>
    <message>
        <source>NAME=value, one per line</source>
        <translation>NAME=Wert, einer pro Zeile</translation>
    </message>
    <message>
        <source> s per call</source>
        <translation> s pro Aufruf</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>Läuft als</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>&amp;Testen</translation>
    </message>
    <message>
        <source>Start the server and list its tools</source>
        <translation>Den Server starten und seine Werkzeuge auflisten</translation>
    </message>
    <message>
        <source>Tools allowed without asking</source>
        <translation>Ohne Nachfrage erlaubte Werkzeuge</translation>
    </message>
    <message>
        <source>Allowed without asking</source>
        <translation>Ohne Nachfrage erlaubt</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(ohne Namen)</translation>
    </message>
    <message>
        <source>two servers are named &apos;{name}&apos;</source>
        <translation>zwei Server heißen „{name}“</translation>
    </message>
    <message>
        <source>MCP server: {problem}</source>
        <translation>MCP-Server: {problem}</translation>
    </message>
    <message>
        <source> — read-only</source>
        <translation> — nur lesend</translation>
    </message>
    <message>
        <source> — may change things</source>
        <translation> — kann etwas verändern</translation>
    </message>
    <message>
        <source>Checked: runs without asking if the server marks it read-only; otherwise it asks</source>
        <translation>Angehakt: läuft ohne Nachfrage, wenn der Server es als nur lesend kennzeichnet; sonst wird gefragt</translation>
    </message>
    <message>
        <source>Starting the server…</source>
        <translation>Server wird gestartet…</translation>
    </message>
    <message>
        <source>Started: 1 tool.</source>
        <translation>Gestartet: 1 Werkzeug.</translation>
    </message>
    <message numerus="yes">
        <source>Started: %n tools.</source>
        <translation>
            <numerusform>Gestartet: %n Werkzeuge.</numerusform>
            <numerusform>Gestartet: %n Werkzeuge.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MessageDialog</name>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>ModelPage</name>
    <message>
        <source>The team&apos;s model</source>
        <translation>Das Modell des Teams</translation>
    </message>
    <message>
        <source>Miranda (orchestrator), the leads and Vera (auditor) all use this model, unless an agent has its own (Settings → Agents).</source>
        <translation>Miranda (Orchestratorin), die Leads und Vera (Prüferin) verwenden alle dieses Modell, sofern ein Agent kein eigenes hat (Einstellungen → Agenten).</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>the provider&apos;s default</source>
        <translation>Standard des Anbieters</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>{agent} ({role}) keeps its own: {model}</source>
        <translation>{agent} ({role}) behält sein eigenes: {model}</translation>
    </message>
    <message>
        <source>{agent} ({role}): {model}</source>
        <translation>{agent} ({role}): {model}</translation>
    </message>
</context>
<context>
    <name>OllamaPage</name>
    <message>
        <source>Ollama runs open models on this computer: private, free, offline once a model is pulled.</source>
        <translation>Ollama führt offene Modelle auf diesem Computer aus: privat, kostenlos und offline, sobald ein Modell geladen ist.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>{variable}, else {url}</source>
        <translation>{variable}, sonst {url}</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Erneut prüfen</translation>
    </message>
    <message>
        <source>Looking for Ollama…</source>
        <translation>Ollama wird gesucht…</translation>
    </message>
    <message>
        <source>Use the built-in engine instead (nothing to install)</source>
        <translation>Stattdessen die integrierte Engine verwenden (nichts zu installieren)</translation>
    </message>
    <message>
        <source>This computer has {gb} GB of memory: the suggestions below fit it.</source>
        <translation>Dieser Computer hat {gb} GB Arbeitsspeicher: Die Vorschläge unten passen dazu.</translation>
    </message>
    <message>
        <source>Suggested models:</source>
        <translation>Vorgeschlagene Modelle:</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>a name from ollama.com/library, e.g. qwen3:8b</source>
        <translation>ein Name aus ollama.com/library, z. B. qwen3:8b</translation>
    </message>
    <message>
        <source>Pull</source>
        <translation>Abrufen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>pulled</source>
        <translation>abgerufen</translation>
    </message>
    <message>
        <source>not pulled</source>
        <translation>nicht abgerufen</translation>
    </message>
    <message>
        <source>runs well with {memory} of memory or more</source>
        <translation>läuft gut ab {memory} Arbeitsspeicher</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>pulling…</source>
        <translation>wird abgerufen…</translation>
    </message>
    <message>
        <source>paused (resumable)</source>
        <translation>pausiert (fortsetzbar)</translation>
    </message>
    <message>
        <source>stalled (resumable)</source>
        <translation>hängt (fortsetzbar)</translation>
    </message>
</context>
<context>
    <name>PlanController</name>
    <message>
        <source>Describe the project, then press Start.</source>
        <translation>Beschreiben Sie das Projekt und drücken Sie dann Start.</translation>
    </message>
    <message>
        <source>Working on {stage}…</source>
        <translation>Arbeitet an: {stage}…</translation>
    </message>
    <message>
        <source>the plan</source>
        <translation>dem Plan</translation>
    </message>
    <message>
        <source>Waiting for you at {stage}: press Resume to continue.</source>
        <translation>Wartet bei {stage} auf Sie: Drücken Sie Fortsetzen, um weiterzumachen.</translation>
    </message>
    <message>
        <source>a gate</source>
        <translation>einer Freigabe</translation>
    </message>
    <message>
        <source>Stopped at {stage}: press Resume to continue.</source>
        <translation>Angehalten bei {stage}: Drücken Sie Fortsetzen, um weiterzumachen.</translation>
    </message>
    <message>
        <source>a stage</source>
        <translation>einer Stufe</translation>
    </message>
    <message>
        <source>Failed at {stage}: {error}. Resume retries it.</source>
        <translation>Fehlgeschlagen bei {stage}: {error}. Fortsetzen versucht es erneut.</translation>
    </message>
    <message>
        <source>see the log</source>
        <translation>siehe Protokoll</translation>
    </message>
    <message>
        <source>The plan is complete.</source>
        <translation>Der Plan ist fertig.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>{agent} is writing {stage}… {count} chars</source>
        <translation>{agent} schreibt: {stage}… {count} Zeichen</translation>
    </message>
    <message>
        <source>Waiting: {reason}. Resume when you are ready.</source>
        <translation>Wartet: {reason}. Setzen Sie fort, wenn Sie so weit sind.</translation>
    </message>
    <message>
        <source>The plan was rejected.</source>
        <translation>Der Plan wurde verworfen.</translation>
    </message>
    <message>
        <source>The plan is running: stop it first.</source>
        <translation>Der Plan läuft: Halten Sie ihn zuerst an.</translation>
    </message>
    <message>
        <source>Describe the project first.</source>
        <translation>Beschreiben Sie zuerst das Projekt.</translation>
    </message>
    <message>
        <source>Nothing to resume.</source>
        <translation>Nichts fortzusetzen.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird angehalten…</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>Noch nichts zu exportieren.</translation>
    </message>
    <message>
        <source>Could not write {path}: {error}</source>
        <translation>{path} konnte nicht geschrieben werden: {error}</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>Exportiert nach {path}</translation>
    </message>
</context>
<context>
    <name>PlanRunsDialog</name>
    <message>
        <source>Open a plan run</source>
        <translation>Planungslauf öffnen</translation>
    </message>
    <message>
        <source>Plans you started, newest first. Waiting or stopped ones can be resumed.</source>
        <translation>Ihre begonnenen Pläne, die neuesten zuerst. Wartende oder angehaltene lassen sich fortsetzen.</translation>
    </message>
    <message>
        <source>{status} at {stage}</source>
        <translation>{status} bei {stage}</translation>
    </message>
    <message>
        <source>No plans yet: Session → Plan a project…</source>
        <translation>Noch keine Pläne: Sitzung → Projekt planen…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>PlanStages</name>
    <message>
        <source>intake</source>
        <translation>Aufnahme</translation>
    </message>
    <message>
        <source>clarify</source>
        <translation>Rückfragen</translation>
    </message>
    <message>
        <source>analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>features</source>
        <translation>Features</translation>
    </message>
    <message>
        <source>stories</source>
        <translation>Stories</translation>
    </message>
    <message>
        <source>tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>sprints</source>
        <translation>Sprints</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>wartend</translation>
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
</context>
<context>
    <name>PlanTree</name>
    <message>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Kennzeichnung</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>(no feature)</source>
        <translation>(kein Feature)</translation>
    </message>
    <message>
        <source>criterion</source>
        <translation>Kriterium</translation>
    </message>
    <message>
        <source>test: {plan}</source>
        <translation>Test: {plan}</translation>
    </message>
    <message>
        <source>Test plan: {plan}</source>
        <translation>Testplan: {plan}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>1 pt</source>
        <translation>1 Pkt.</translation>
    </message>
    <message>
        <source>{points} pts</source>
        <translation>{points} Pkt.</translation>
    </message>
    <message>
        <source>Acceptance criteria:</source>
        <translation>Akzeptanzkriterien:</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>Capacity {points} points per {weeks}-week sprint</source>
        <translation>Kapazität {points} Punkte pro {weeks}-Wochen-Sprint</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>Goals: {goals}</source>
        <translation>Ziele: {goals}</translation>
    </message>
    <message>
        <source>Risks: {risks}</source>
        <translation>Risiken: {risks}</translation>
    </message>
</context>
<context>
    <name>PlanWindow</name>
    <message>
        <source>Plan a project</source>
        <translation>Projekt planen</translation>
    </message>
    <message>
        <source>Describe the project</source>
        <translation>Beschreiben Sie das Projekt</translation>
    </message>
    <message>
        <source>goal, users, team size, sprint length, deadline (what you leave out, the team asks or assumes)</source>
        <translation>Ziel, Nutzer, Teamgröße, Sprintlänge, Termin (was Sie weglassen, erfragt oder vermutet das Team)</translation>
    </message>
    <message>
        <source>e.g. A habit-tracking mobile app for busy parents, 4 developers, 2-week sprints, first release by June</source>
        <translation>z. B. Eine Gewohnheits-Tracker-App für vielbeschäftigte Eltern, 4 Entwickler, 2-Wochen-Sprints, erstes Release bis Juni</translation>
    </message>
    <message>
        <source>Attach context file…</source>
        <translation>Kontextdatei anhängen…</translation>
    </message>
    <message>
        <source>Notes, a brief or requirements (text or markdown) the planners read too</source>
        <translation>Notizen, ein Briefing oder Anforderungen (Text oder Markdown), die die Planer ebenfalls lesen</translation>
    </message>
    <message>
        <source>Start ▶</source>
        <translation>Start ▶</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ Stopp</translation>
    </message>
    <message>
        <source>Stop the plan; Resume continues from the last finished stage</source>
        <translation>Den Plan anhalten; Fortsetzen macht bei der letzten fertigen Stufe weiter</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Continue this plan from where it stopped or waits</source>
        <translation>Diesen Plan dort fortsetzen, wo er angehalten hat oder wartet</translation>
    </message>
    <message>
        <source>Describe the project, then press Start.</source>
        <translation>Beschreiben Sie das Projekt und drücken Sie dann Start.</translation>
    </message>
    <message>
        <source>Export:</source>
        <translation>Exportieren:</translation>
    </message>
    <message>
        <source>Save the plan as {format}</source>
        <translation>Den Plan als {format} speichern</translation>
    </message>
    <message>
        <source>Plan: {directive}</source>
        <translation>Plan: {directive}</translation>
    </message>
    <message>
        <source>Review the plan: {stage}</source>
        <translation>Plan prüfen: {stage}</translation>
    </message>
    <message>
        <source>Review the {stage} in the dialog: Accept, Edit (with feedback), Reject, or Later to leave the plan waiting.</source>
        <translation>Prüfen Sie {stage} im Dialog: Annehmen, Bearbeiten (mit Feedback), Verwerfen oder Später, um den Plan warten zu lassen.</translation>
    </message>
    <message>
        <source>Could not read {path}: {error}</source>
        <translation>{path} konnte nicht gelesen werden: {error}</translation>
    </message>
    <message>
        <source>{count} chars</source>
        <translation>{count} Zeichen</translation>
    </message>
    <message>
        <source>Attach a context file</source>
        <translation>Kontextdatei anhängen</translation>
    </message>
    <message>
        <source>Text and markdown (*.txt *.md *.markdown *.rst);;All files (*)</source>
        <translation>Text und Markdown (*.txt *.md *.markdown *.rst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export the plan</source>
        <translation>Plan exportieren</translation>
    </message>
    <message>
        <source>AIPA: plan</source>
        <translation>AIPA: Plan</translation>
    </message>
    <message>
        <source>Details are in the log: {file}</source>
        <translation>Details stehen im Protokoll: {file}</translation>
    </message>
</context>
<context>
    <name>PlanWindows</name>
    <message>
        <source>&amp;Plan a project…</source>
        <translation>&amp;Projekt planen…</translation>
    </message>
    <message>
        <source>Plan a project: analysis, features, user stories, tasks and sprints, each stage reviewed</source>
        <translation>Ein Projekt planen: Analyse, Features, User Stories, Aufgaben und Sprints, jede Stufe geprüft</translation>
    </message>
    <message>
        <source>&amp;Open plan run…</source>
        <translation>Planungslauf ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open, resume or export a plan you started</source>
        <translation>Einen begonnenen Plan öffnen, fortsetzen oder exportieren</translation>
    </message>
</context>
<context>
    <name>ProfilesBox</name>
    <message>
        <source>stored</source>
        <translation>gespeichert</translation>
    </message>
    <message>
        <source>this session</source>
        <translation>diese Sitzung</translation>
    </message>
    <message>
        <source>environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>Provider profiles (several servers of one kind, each with its own key)</source>
        <translation>Anbieterprofile (mehrere Server einer Art, jeder mit eigenem Schlüssel)</translation>
    </message>
    <message>
        <source>Provider profiles</source>
        <translation>Anbieterprofile</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>e.g. team-vllm</source>
        <translation>z. B. team-vllm</translation>
    </message>
    <message>
        <source>ask the server</source>
        <translation>beim Server erfragen</translation>
    </message>
    <message>
        <source>Context size in tokens</source>
        <translation>Kontextgröße in Tokens</translation>
    </message>
    <message>
        <source>optional: its API key (kept in the OS keyring, sent to this server only)</source>
        <translation>optional: sein API-Schlüssel (im Schlüsselbund des Systems, nur an diesen Server gesendet)</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>Context (tokens)</source>
        <translation>Kontext (Tokens)</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation>Profil speichern</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source> (default)</source>
        <translation> (Standard)</translation>
    </message>
    <message>
        <source>none needed</source>
        <translation>nicht nötig</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>nicht verwendet</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
    <message>
        <source>Its key was {where}.</source>
        <translation>Sein Schlüssel: {where}.</translation>
    </message>
    <message>
        <source>Removed {name}; its key stays ({error}).</source>
        <translation>{name} entfernt; sein Schlüssel bleibt ({error}).</translation>
    </message>
    <message>
        <source>Removed {name}.</source>
        <translation>{name} entfernt.</translation>
    </message>
</context>
<context>
    <name>ProviderPage</name>
    <message>
        <source>{kind} — recommended</source>
        <translation>{kind} — empfohlen</translation>
    </message>
    <message>
        <source>Welcome to AIPA</source>
        <translation>Willkommen bei AIPA</translation>
    </message>
    <message>
        <source>Your agents need a model. Choose where it runs; you can change it any time (Settings → Setup wizard…).</source>
        <translation>Ihre Agenten brauchen ein Modell. Wählen Sie, wo es läuft; Sie können das jederzeit ändern (Einstellungen → Einrichtungsassistent…).</translation>
    </message>
    <message>
        <source>Your data folder: {folder}</source>
        <translation>Ihr Datenordner: {folder}</translation>
    </message>
    <message>
        <source>{kind} (not installed on this computer)</source>
        <translation>{kind} (auf diesem Computer nicht installiert)</translation>
    </message>
</context>
<context>
    <name>RawDialog</name>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>{input} Eingabe- / {output} Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>{count} characters</source>
        <translation>{count} Zeichen</translation>
    </message>
    <message>
        <source>stored reply (this run predates the raw record)</source>
        <translation>gespeicherte Antwort (dieser Lauf ist älter als die Rohaufzeichnung)</translation>
    </message>
    <message>
        <source>(empty reply)</source>
        <translation>(leere Antwort)</translation>
    </message>
    <message>
        <source>──── its thinking, before the reply ────</source>
        <translation>──── sein Denken, vor der Antwort ────</translation>
    </message>
    <message>
        <source>Replies</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>Raw text</source>
        <translation>Rohtext</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the text shown</source>
        <translation>Den angezeigten Text kopieren</translation>
    </message>
</context>
<context>
    <name>RecruiterCard</name>
    <message>
        <source>Change the team?</source>
        <translation>Das Team ändern?</translation>
    </message>
    <message>
        <source>The recruiter proposes:</source>
        <translation>Die Recruiterin schlägt vor:</translation>
    </message>
    <message>
        <source>{added} lines added, {removed} removed. Nothing is written unless you accept.</source>
        <translation>{added} Zeilen hinzugefügt, {removed} entfernt. Nichts wird geschrieben, solange Sie nicht annehmen.</translation>
    </message>
    <message>
        <source>The recruiter proposes: {title}. {added} lines added, {removed} removed.</source>
        <translation>Die Recruiterin schlägt vor: {title}. {added} Zeilen hinzugefügt, {removed} entfernt.</translation>
    </message>
    <message>
        <source>The proposed agent file: + added lines, - removed lines</source>
        <translation>Die vorgeschlagene Agentendatei: + hinzugefügte Zeilen, - entfernte Zeilen</translation>
    </message>
    <message>
        <source>What should the recruiter change?</source>
        <translation>Was soll die Recruiterin ändern?</translation>
    </message>
    <message>
        <source>Feedback for the recruiter</source>
        <translation>Rückmeldung an die Recruiterin</translation>
    </message>
    <message>
        <source>e.g. “Call it Forecasting, and give it the web search tool.” (Ctrl+Enter sends)</source>
        <translation>z. B. „Nenne es Prognosen und gib ihm die Websuche.“ (Ctrl+Enter sendet)</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Write the agent file as shown</source>
        <translation>Die Agentendatei wie gezeigt schreiben</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Tell the recruiter what to change; it proposes again</source>
        <translation>Der Recruiterin sagen, was sich ändern soll; sie schlägt erneut vor</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Write nothing; the recruiter is told you declined</source>
        <translation>Nichts schreiben; die Recruiterin erfährt, dass Sie abgelehnt haben</translation>
    </message>
    <message>
        <source>Send feedback</source>
        <translation>Rückmeldung senden</translation>
    </message>
</context>
<context>
    <name>RenameDialog</name>
    <message>
        <source>Rename session</source>
        <translation>Sitzung umbenennen</translation>
    </message>
    <message>
        <source>New title for this session:</source>
        <translation>Neuer Titel für diese Sitzung:</translation>
    </message>
    <message>
        <source>Session title</source>
        <translation>Sitzungstitel</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
</context>
<context>
    <name>RerunDialog</name>
    <message>
        <source>Re-run {what}</source>
        <translation>{what} erneut ausführen</translation>
    </message>
    <message>
        <source>Feedback for the re-run (optional)</source>
        <translation>Feedback für den erneuten Lauf (optional)</translation>
    </message>
    <message>
        <source>What to do differently (optional)</source>
        <translation>Was anders gemacht werden soll (optional)</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>Erneut ausführen</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>Review the task briefs</source>
        <translation>Aufgabenbriefings prüfen</translation>
    </message>
    <message>
        <source>Review the deliverable</source>
        <translation>Ergebnis prüfen</translation>
    </message>
    <message>
        <source>Review the task briefs above</source>
        <translation>Prüfen Sie die Aufgabenbriefings oben</translation>
    </message>
    <message>
        <source>Review the deliverable above</source>
        <translation>Prüfen Sie das Ergebnis oben</translation>
    </message>
    <message>
        <source>revision {number}</source>
        <translation>Überarbeitung {number}</translation>
    </message>
    <message>
        <source>VERDICT: {verdict}</source>
        <translation>URTEIL: {verdict}</translation>
    </message>
    <message>
        <source>The audit&apos;s verdict: {verdict}</source>
        <translation>Das Urteil der Prüfung: {verdict}</translation>
    </message>
    <message>
        <source>Feedback for a revision (used by Edit):</source>
        <translation>Feedback für eine Überarbeitung (für Bearbeiten):</translation>
    </message>
    <message>
        <source>Feedback for a revision</source>
        <translation>Feedback für eine Überarbeitung</translation>
    </message>
    <message>
        <source>What should change? e.g. “Cut the budget to 5,000 €, add a rain plan.”</source>
        <translation>Was soll sich ändern? z. B. „Budget auf 5.000 € kürzen, einen Schlechtwetterplan ergänzen.“</translation>
    </message>
    <message>
        <source>Why reject it? (optional: kept with your decision)</source>
        <translation>Warum ablehnen? (optional: wird mit Ihrer Entscheidung gespeichert)</translation>
    </message>
    <message>
        <source>Why reject it (optional)</source>
        <translation>Warum ablehnen (optional)</translation>
    </message>
    <message>
        <source>A reason, if you like. Ctrl+Enter or Reject now rejects; Esc cancels.</source>
        <translation>Ein Grund, wenn Sie möchten. Ctrl+Enter oder „Jetzt ablehnen“ lehnt ab; Esc bricht ab.</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Accept the result: the run ends with it</source>
        <translation>Ergebnis annehmen: Der Lauf endet damit</translation>
    </message>
    <message>
        <source>Ask for a revision with your feedback</source>
        <translation>Mit Ihrem Feedback eine Überarbeitung anfordern</translation>
    </message>
    <message>
        <source>Reject the result: the run ends without it</source>
        <translation>Ergebnis verwerfen: Der Lauf endet ohne es</translation>
    </message>
    <message>
        <source>Send feedback</source>
        <translation>Feedback senden</translation>
    </message>
    <message>
        <source>Type your feedback here, then press Send feedback (Ctrl+Enter).</source>
        <translation>Schreiben Sie hier Ihr Feedback und drücken Sie dann Feedback senden (Strg+Enter).</translation>
    </message>
    <message>
        <source>Reject now</source>
        <translation>Jetzt ablehnen</translation>
    </message>
</context>
<context>
    <name>Roles</name>
    <message>
        <source>orchestrator</source>
        <translation>Orchestratorin</translation>
    </message>
    <message>
        <source>auditor</source>
        <translation>Prüferin</translation>
    </message>
    <message>
        <source>recruiter</source>
        <translation>Recruiterin</translation>
    </message>
    <message>
        <source>lead</source>
        <translation>Lead</translation>
    </message>
</context>
<context>
    <name>RosterDialog</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Recruited</source>
        <translation>Angeworben</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Team roster</source>
        <translation>Teamaufstellung</translation>
    </message>
    <message>
        <source>1 agent, kept by the recruiter and the agent editor in {path}</source>
        <translation>1 Agent, gepflegt von der Recruiterin und im Agenten-Editor in {path}</translation>
    </message>
    <message numerus="yes">
        <source>%n agents, kept by the recruiter and the agent editor in {path}</source>
        <translation>
            <numerusform>%n Agenten, gepflegt von der Recruiterin und im Agenten-Editor in {path}</numerusform>
            <numerusform>%n Agenten, gepflegt von der Recruiterin und im Agenten-Editor in {path}</numerusform>
        </translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(Standard)</translation>
    </message>
    <message>
        <source>(provider default)</source>
        <translation>(Standard des Anbieters)</translation>
    </message>
    <message>
        <source>Latest changes</source>
        <translation>Letzte Änderungen</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(noch keine)</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Providers &amp;&amp; keys</source>
        <translation>Anbieter &amp;&amp; Schlüssel</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Appearance &amp;&amp; data</source>
        <translation>Darstellung &amp;&amp; Daten</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>Lokale API</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>Standardanbieter</translation>
    </message>
    <message>
        <source>the provider&apos;s default</source>
        <translation>Standard des Anbieters</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>Run the setup wizard…</source>
        <translation>Einrichtungsassistent starten…</translation>
    </message>
    <message>
        <source>API keys (stored in the OS keyring only)</source>
        <translation>API-Schlüssel (nur im Schlüsselbund des Systems gespeichert)</translation>
    </message>
    <message>
        <source>Checking the keyring…</source>
        <translation>Schlüsselbund wird geprüft…</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(Standard)</translation>
    </message>
    <message>
        <source>An agent with no provider or model uses the defaults. A change here saves your own copy of the agent (in the data folder&apos;s agents/).</source>
        <translation>Ein Agent ohne Anbieter oder Modell verwendet die Standardwerte. Eine Änderung hier speichert Ihre eigene Kopie des Agenten (im Ordner agents/ des Datenordners).</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>nicht verwendet</translation>
    </message>
    <message>
        <source>Could not list the models of {profile} ({why}). Type a model name.</source>
        <translation>Die Modelle von {profile} konnten nicht aufgelistet werden ({why}). Geben Sie einen Modellnamen ein.</translation>
    </message>
    <message>
        <source>stored in the keyring</source>
        <translation>im Schlüsselbund gespeichert</translation>
    </message>
    <message>
        <source>kept for this session only</source>
        <translation>nur für diese Sitzung behalten</translation>
    </message>
    <message>
        <source>from the environment variable</source>
        <translation>aus der Umgebungsvariable</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>kein Schlüssel</translation>
    </message>
    <message>
        <source>paste a new key to store or replace it</source>
        <translation>neuen Schlüssel einfügen, um ihn zu speichern oder zu ersetzen</translation>
    </message>
    <message>
        <source>API key of {name}</source>
        <translation>API-Schlüssel von {name}</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Schlüssel speichern</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>✓ Keys are stored in {keyring}.</source>
        <translation>✓ Schlüssel werden in {keyring} gespeichert.</translation>
    </message>
    <message>
        <source>⚠ No usable keyring on this computer: keys are kept for this session only.</source>
        <translation>⚠ Kein nutzbarer Schlüsselbund auf diesem Computer: Schlüssel werden nur für diese Sitzung behalten.</translation>
    </message>
    <message>
        <source>Never a plaintext file.</source>
        <translation>Niemals eine Klartextdatei.</translation>
    </message>
    <message>
        <source>paste a key first</source>
        <translation>zuerst einen Schlüssel einfügen</translation>
    </message>
    <message>
        <source>could not delete: {error}</source>
        <translation>konnte nicht löschen: {error}</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>AIPA keeps everything (database, settings, your agents, logs, models) in this folder. To use another one, quit AIPA, move the folder&apos;s contents there if you want to keep them, and start AIPA with the environment variable &lt;code&gt;AIPA_HOME&lt;/code&gt; set to the new folder, e.g. &lt;code&gt;AIPA_HOME=~/Documents/aipa aipa&lt;/code&gt;. The change applies after a restart.</source>
        <translation>AIPA bewahrt alles (Datenbank, Einstellungen, Ihre Agenten, Protokolle, Modelle) in diesem Ordner auf. Um einen anderen zu verwenden, beenden Sie AIPA, verschieben Sie den Inhalt dorthin, wenn Sie ihn behalten möchten, und starten Sie AIPA mit der Umgebungsvariable &lt;code&gt;AIPA_HOME&lt;/code&gt; auf den neuen Ordner gesetzt, z. B. &lt;code&gt;AIPA_HOME=~/Documents/aipa aipa&lt;/code&gt;. Die Änderung gilt nach einem Neustart.</translation>
    </message>
    <message>
        <source>Vera audits every deliverable</source>
        <translation>Vera prüft jedes Ergebnis</translation>
    </message>
    <message>
        <source>Ask me to review the task briefs before the leads start</source>
        <translation>Mich die Aufgabenbriefings prüfen lassen, bevor die Leads beginnen</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source> entries</source>
        <translation> Einträge</translation>
    </message>
    <message>
        <source>each agent&apos;s own limit</source>
        <translation>das eigene Limit jedes Agenten</translation>
    </message>
    <message>
        <source>Automatic audit</source>
        <translation>Automatische Prüfung</translation>
    </message>
    <message>
        <source>Plan review</source>
        <translation>Planprüfung</translation>
    </message>
    <message>
        <source>Lead timeout</source>
        <translation>Zeitlimit für Leads</translation>
    </message>
    <message>
        <source>Standing brief keeps</source>
        <translation>Ständiges Briefing behält</translation>
    </message>
    <message>
        <source>Output tokens per call</source>
        <translation>Ausgabe-Tokens pro Aufruf</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>AIPA starts in the language chosen here the next time it opens.</source>
        <translation>AIPA startet beim nächsten Öffnen in der hier gewählten Sprache.</translation>
    </message>
    <message>
        <source>System size</source>
        <translation>Systemgröße</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>Text size</source>
        <translation>Textgröße</translation>
    </message>
    <message>
        <source>Enter sends, Shift+Enter adds a line</source>
        <translation>Enter sendet, Umschalt+Enter fügt eine Zeile ein</translation>
    </message>
    <message>
        <source>Ctrl+Enter sends, Enter adds a line</source>
        <translation>Strg+Enter sendet, Enter fügt eine Zeile ein</translation>
    </message>
    <message>
        <source>Sending</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Ändern…</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message>
        <source>Set up AIPA</source>
        <translation>AIPA einrichten</translation>
    </message>
</context>
<context>
    <name>SprintBoard</name>
    <message>
        <source>Sprints appear here once the sprints stage has run.</source>
        <translation>Sprints erscheinen hier, sobald die Sprint-Stufe gelaufen ist.</translation>
    </message>
</context>
<context>
    <name>SprintColumn</name>
    <message>
        <source>1 week</source>
        <translation>1 Woche</translation>
    </message>
    <message numerus="yes">
        <source>%n weeks</source>
        <translation>
            <numerusform>%n Wochen</numerusform>
            <numerusform>%n Wochen</numerusform>
        </translation>
    </message>
    <message>
        <source>Sprint {number}</source>
        <translation>Sprint {number}</translation>
    </message>
    <message>
        <source>{points} / {capacity} points</source>
        <translation>{points} / {capacity} Punkte</translation>
    </message>
    <message>
        <source>over capacity!</source>
        <translation>über der Kapazität!</translation>
    </message>
    <message>
        <source>{points} of {capacity} points per sprint</source>
        <translation>{points} von {capacity} Punkten pro Sprint</translation>
    </message>
</context>
<context>
    <name>StageStrip</name>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>working</source>
        <translation>in Arbeit</translation>
    </message>
    <message>
        <source>awaiting your review</source>
        <translation>wartet auf Ihre Prüfung</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>fell back to the deterministic plan</source>
        <translation>auf den deterministischen Plan ausgewichen</translation>
    </message>
</context>
<context>
    <name>TestPage</name>
    <message>
        <source>Try it</source>
        <translation>Ausprobieren</translation>
    </message>
    <message>
        <source>Optional: send a short test directive through the whole team (route, leads, synthesis, audit) with your choice. Finish saves the settings.</source>
        <translation>Optional: Schicken Sie mit Ihrer Wahl eine kurze Testanweisung durch das ganze Team (Routing, Leads, Synthese, Prüfung). Fertigstellen speichert die Einstellungen.</translation>
    </message>
    <message>
        <source>Run the test directive</source>
        <translation>Testanweisung ausführen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Provider {provider} at {url} · model {model}</source>
        <translation>Anbieter {provider} unter {url} · Modell {model}</translation>
    </message>
    <message>
        <source>Provider {provider} · model {model}</source>
        <translation>Anbieter {provider} · Modell {model}</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <source>The test run did not get an answer.</source>
        <translation>Der Testlauf hat keine Antwort erhalten.</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>{minutes} min {seconds} s</source>
        <translation>{minutes} min {seconds} s</translation>
    </message>
    <message>
        <source>{who} answered in {seconds}: {words} words</source>
        <translation>{who} hat in {seconds} geantwortet: {words} Wörter</translation>
    </message>
    <message>
        <source>, {rate} tokens/s</source>
        <translation>, {rate} Tokens/s</translation>
    </message>
    <message>
        <source>{auditor}&apos;s verdict: {verdict}</source>
        <translation>Urteil von {auditor}: {verdict}</translation>
    </message>
    <message>
        <source>Hint: {hint}</source>
        <translation>Hinweis: {hint}</translation>
    </message>
</context>
<context>
    <name>TimelineChart</name>
    <message>
        <source>Run timeline</source>
        <translation>Zeitachse des Laufs</translation>
    </message>
</context>
<context>
    <name>TimelineDialog</name>
    <message>
        <source>input tokens</source>
        <translation>Eingabe-Tokens</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>cached input tokens</source>
        <translation>zwischengespeicherte Eingabe-Tokens</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>tool calls</source>
        <translation>Werkzeugaufrufe</translation>
    </message>
    <message>
        <source>re-asks</source>
        <translation>erneute Anfragen</translation>
    </message>
    <message>
        <source>fell back because</source>
        <translation>ausgewichen, weil</translation>
    </message>
    <message>
        <source>answered via</source>
        <translation>beantwortet über</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>purpose</source>
        <translation>Zweck</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>revision</source>
        <translation>Überarbeitung</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>re-ask</source>
        <translation>erneute Anfrage</translation>
    </message>
    <message>
        <source>yes: the reply before could not be parsed</source>
        <translation>ja: die vorige Antwort ließ sich nicht auswerten</translation>
    </message>
    <message>
        <source>fallback</source>
        <translation>Ausweichlösung</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>fell back</source>
        <translation>ausgewichen</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Timeline · {run}</source>
        <translation>Zeitachse · {run}</translation>
    </message>
    <message>
        <source>Raw reply…</source>
        <translation>Rohantwort…</translation>
    </message>
    <message>
        <source>What the model sent for the selected span, before parsing (as /debug shows)</source>
        <translation>Was das Modell für den gewählten Abschnitt gesendet hat, vor dem Auswerten (wie /debug es zeigt)</translation>
    </message>
    <message>
        <source>No run {run}.</source>
        <translation>Kein Lauf {run}.</translation>
    </message>
    <message>
        <source>revision {number}</source>
        <translation>Überarbeitung {number}</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>1 call</source>
        <translation>1 Aufruf</translation>
    </message>
    <message numerus="yes">
        <source>%n calls</source>
        <translation>
            <numerusform>%n Aufrufe</numerusform>
            <numerusform>%n Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>{input} Eingabe- / {output} Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>Up/Down select a span, Enter opens its raw reply</source>
        <translation>Auf/Ab wählen einen Abschnitt, Enter öffnet seine Rohantwort</translation>
    </message>
    <message>
        <source>No raw reply is stored for this span.</source>
        <translation>Für diesen Abschnitt ist keine Rohantwort gespeichert.</translation>
    </message>
    <message>
        <source>Raw reply · {span}</source>
        <translation>Rohantwort · {span}</translation>
    </message>
</context>
<context>
    <name>ToolCallCard</name>
    <message>
        <source>Allow this tool call?</source>
        <translation>Diesen Werkzeugaufruf erlauben?</translation>
    </message>
    <message>
        <source>Allow the tool {tool} of the MCP server {server}?</source>
        <translation>Das Werkzeug {tool} des MCP-Servers {server} erlauben?</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Argumente:</translation>
    </message>
    <message>
        <source>The tool call&apos;s arguments</source>
        <translation>Die Argumente des Werkzeugaufrufs</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>Für diese Sitzung erlauben</translation>
    </message>
    <message>
        <source>Allow this tool without asking again until the app is closed</source>
        <translation>Dieses Werkzeug ohne erneute Nachfrage erlauben, bis die App geschlossen wird</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>The lead is told the Principal declined; the run goes on</source>
        <translation>Der Lead erfährt, dass der Auftraggeber abgelehnt hat; der Lauf geht weiter</translation>
    </message>
</context>
<context>
    <name>TrashDialog</name>
    <message>
        <source>Trash</source>
        <translation>Papierkorb</translation>
    </message>
    <message numerus="yes">
        <source>Deleted sessions stay here for %n days, then they are deleted for good with their messages and runs. Restore puts a session back in the list.</source>
        <translation>
            <numerusform>Gelöschte Sitzungen bleiben %n Tage hier und werden dann mit ihren Nachrichten und Läufen endgültig gelöscht. Wiederherstellen holt eine Sitzung zurück in die Liste.</numerusform>
            <numerusform>Gelöschte Sitzungen bleiben %n Tage hier und werden dann mit ihren Nachrichten und Läufen endgültig gelöscht. Wiederherstellen holt eine Sitzung zurück in die Liste.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sessions in the Trash</source>
        <translation>Sitzungen im Papierkorb</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Gelöscht</translation>
    </message>
    <message>
        <source>Deleted for good on</source>
        <translation>Endgültig gelöscht am</translation>
    </message>
    <message>
        <source>The Trash is empty.</source>
        <translation>Der Papierkorb ist leer.</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Delete for good</source>
        <translation>&amp;Endgültig löschen</translation>
    </message>
    <message>
        <source>&amp;Empty Trash…</source>
        <translation>Papierkorb &amp;leeren…</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>Unbenannte Sitzung</translation>
    </message>
    <message>
        <source>Empty Trash</source>
        <translation>Papierkorb leeren</translation>
    </message>
    <message>
        <source>Delete 1 session for good? This cannot be undone.</source>
        <translation>1 Sitzung endgültig löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n sessions for good? This cannot be undone.</source>
        <translation>
            <numerusform>%n Sitzungen endgültig löschen? Das lässt sich nicht rückgängig machen.</numerusform>
            <numerusform>%n Sitzungen endgültig löschen? Das lässt sich nicht rückgängig machen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>{number} GB</source>
        <translation>{number} GB</translation>
    </message>
    <message>
        <source>{number} MB</source>
        <translation>{number} MB</translation>
    </message>
</context>
</TS>
