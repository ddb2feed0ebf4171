<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>Core</name>
    <message>
        <source>free some space on the disk of the data folder; everything saved before is kept, and `aipa run --resume RUN_ID` continues a run from its last saved stage</source>
        <translation>machen Sie Platz auf dem Laufwerk des Datenordners frei; alles bisher Gespeicherte bleibt erhalten, und `aipa run --resume RUN_ID` setzt einen Lauf ab seiner letzten gespeicherten Phase fort</translation>
    </message>
    <message>
        <source>The last start of AIPA stopped while reopening {name}, so it was not reopened this time. Open it from the sessions list when you want it (details are in the log).</source>
        <translation>Der letzte Start von AIPA brach beim erneuten Öffnen von {name} ab, daher wurde sie diesmal nicht geöffnet. Öffnen Sie sie bei Bedarf aus der Sitzungsliste (Details im Protokoll).</translation>
    </message>
    <message>
        <source>the last session</source>
        <translation>die letzte Sitzung</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>scripted provider: canned answers, no model</source>
        <translation>Skript-Anbieter: vorgefertigte Antworten, kein Modell</translation>
    </message>
</context>
</TS>
