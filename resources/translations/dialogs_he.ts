<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="he" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>Change the team?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{added} lines added, {removed} removed. Nothing is written unless you accept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recruiter proposes: {title}. {added} lines added, {removed} removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The proposed agent file: + added lines, - removed lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What should the recruiter change?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feedback for the recruiter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. “Call it Forecasting, and give it the web search tool.” (Ctrl+Enter sends)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the agent file as shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tell the recruiter what to change; it proposes again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write nothing; the recruiter is told you declined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send feedback</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CatalogueView</name>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (this computer has {gb} GB of memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the best that fits this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a safe start on most computers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preselected: &lt;b&gt;{title}&lt;/b&gt;, {why}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>Why reject it? (optional: kept with your decision)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why reject it (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reason, if you like. Ctrl+Enter or Reject now rejects; Esc cancels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reject now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reject</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
