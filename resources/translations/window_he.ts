<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="he" sourcelanguage="en">
<context>
    <name>AgentList</name>
    <message>
        <source>needs your permission</source>
        <translation>צריך את הרשאתך</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>סוכנים</translation>
    </message>
    <message>
        <source>The team; Enter or a click talks to one agent alone</source>
        <translation>הצוות; Enter או לחיצה משוחחים עם סוכן אחד בלבד</translation>
    </message>
</context>
<context>
    <name>AgentModel</name>
    <message>
        <source>role: {role}</source>
        <translation>תפקיד: {role}</translation>
    </message>
    <message>
        <source>lead</source>
        <translation>מוביל</translation>
    </message>
    <message>
        <source>Click to talk to this agent alone.</source>
        <translation>לחצו כדי לשוחח עם הסוכן הזה בלבד.</translation>
    </message>
</context>
<context>
    <name>AnswerNow</name>
    <message>
        <source>A run is in progress: answer the questions when it stops.</source>
        <translation>הרצה מתבצעת: ענה על השאלות כשהיא תיעצר.</translation>
    </message>
</context>
<context>
    <name>AttachmentBar</name>
    <message>
        <source>Attachments</source>
        <translation>קבצים מצורפים</translation>
    </message>
</context>
<context>
    <name>Attachments</name>
    <message numerus="yes">
        <source>{count} byte(s)</source>
        <translation>
            <numerusform>בית {count}</numerusform>
            <numerusform>{count} בתים</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} excerpt(s)</source>
        <translation>
            <numerusform>קטע אחד</numerusform>
            <numerusform>{count} קטעים</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder {name}</source>
        <translation>תיקייה {name}</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>בקריאה</translation>
    </message>
    <message>
        <source>converting</source>
        <translation>בהמרה</translation>
    </message>
    <message numerus="yes">
        <source>{count} file(s), read-only</source>
        <translation>
            <numerusform>קובץ אחד, לקריאה בלבד</numerusform>
            <numerusform>{count} קבצים, לקריאה בלבד</numerusform>
        </translation>
    </message>
    <message>
        <source> (hint: {hint})</source>
        <translation> (רמז: {hint})</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>צירוף…</translation>
    </message>
    <message>
        <source>Attach files to the next directive (or drop them on the input)</source>
        <translation>צירוף קבצים להנחיה הבאה (או גרירתם לתיבת הקלט)</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>צירוף קבצים</translation>
    </message>
    <message>
        <source>Documents and pictures</source>
        <translation>מסמכים ותמונות</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>תמונות</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>כל הקבצים</translation>
    </message>
    <message>
        <source>Grant a folder to this session (read-only)</source>
        <translation>מתן גישה לתיקייה בסשן הזה (לקריאה בלבד)</translation>
    </message>
</context>
<context>
    <name>CardHeader</name>
    <message>
        <source>◌ queued</source>
        <translation>◌ בתור</translation>
    </message>
    <message>
        <source>◔ reading</source>
        <translation>◔ קורא</translation>
    </message>
    <message>
        <source>◐ waiting for your permission</source>
        <translation>◐ ממתין להרשאתך</translation>
    </message>
    <message>
        <source>… waiting</source>
        <translation>… ממתין</translation>
    </message>
    <message>
        <source>… working</source>
        <translation>… עובד</translation>
    </message>
    <message>
        <source>✱ thinking</source>
        <translation>✱ חושב</translation>
    </message>
    <message>
        <source>▮ streaming</source>
        <translation>▮ כותב</translation>
    </message>
    <message>
        <source>▮ working</source>
        <translation>▮ עובד</translation>
    </message>
    <message>
        <source>✓ done</source>
        <translation>✓ הושלם</translation>
    </message>
    <message>
        <source>✗ error</source>
        <translation>✗ שגיאה</translation>
    </message>
    <message>
        <source>■ stopped</source>
        <translation>■ נעצר</translation>
    </message>
    <message>
        <source>■ interrupted</source>
        <translation>■ נקטע</translation>
    </message>
    <message>
        <source>Principal</source>
        <translation>המזמין</translation>
    </message>
    <message>
        <source>answers</source>
        <translation>תשובות</translation>
    </message>
    <message>
        <source>to {agent}</source>
        <translation>אל {agent}</translation>
    </message>
    <message>
        <source>directive</source>
        <translation>הנחיה</translation>
    </message>
    <message>
        <source>Deliverable</source>
        <translation>תוצר</translation>
    </message>
    <message>
        <source> · revision {n}</source>
        <translation> · גרסה {n}</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>ביקורת</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>אין פסק דין</translation>
    </message>
    <message>
        <source>VERDICT: {verdict}</source>
        <translation>הכרעה: {verdict}</translation>
    </message>
</context>
<context>
    <name>CardPaint</name>
    <message>
        <source>▶ Resume</source>
        <translation>▶ המשך</translation>
    </message>
    <message>
        <source>▸ Full report · {words}</source>
        <translation>▸ הדוח המלא · {words}</translation>
    </message>
    <message>
        <source>waiting for the model…</source>
        <translation>ממתין למודל…</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>בתור</translation>
    </message>
    <message>
        <source>▸ Thinking … · {words} so far</source>
        <translation>▸ חושב … · {words} עד כה</translation>
    </message>
    <message>
        <source>▾ Thinking</source>
        <translation>▾ מחשבות</translation>
    </message>
</context>
<context>
    <name>ChatItem</name>
    <message>
        <source>▸ Thinking</source>
        <translation>▸ מחשבות</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>זה עתה</translation>
    </message>
    <message>
        <source>{n} min ago</source>
        <translation>לפני {n} דק׳</translation>
    </message>
    <message>
        <source>{n} h ago</source>
        <translation>לפני {n} שע׳</translation>
    </message>
    <message>
        <source>yesterday {time}</source>
        <translation>אתמול {time}</translation>
    </message>
</context>
<context>
    <name>ChatText</name>
    <message numerus="yes">
        <source>{count} word(s)</source>
        <translation>
            <numerusform>מילה אחת</numerusform>
            <numerusform>{count} מילים</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Report</source>
        <translation>דוח</translation>
    </message>
    <message>
        <source>Full text</source>
        <translation>הטקסט המלא</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>פרטים</translation>
    </message>
</context>
<context>
    <name>Checklist</name>
    <message>
        <source>measured</source>
        <translation>נמדדת</translation>
    </message>
    <message>
        <source>judged</source>
        <translation>נשפטת</translation>
    </message>
    <message>
        <source>added by you</source>
        <translation>נוספה על ידך</translation>
    </message>
    <message>
        <source>proposed by the router</source>
        <translation>הוצעה על ידי המנתב</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>עברה</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>נכשלה</translation>
    </message>
    <message>
        <source>not checked yet</source>
        <translation>טרם נבדקה</translation>
    </message>
    <message>
        <source>Checklist: {passed} passed · {failed} failed</source>
        <translation>רשימת בדיקות: {passed} עברו · {failed} נכשלו</translation>
    </message>
    <message>
        <source>Checklist: one check</source>
        <translation>רשימת בדיקות: בדיקה אחת</translation>
    </message>
    <message>
        <source>Checklist: {n} checks</source>
        <translation>רשימת בדיקות: {n} בדיקות</translation>
    </message>
    <message>
        <source>the audit&apos;s flag</source>
        <translation>הסימון של הביקורת</translation>
    </message>
    <message>
        <source>Sent back once: {checks}</source>
        <translation>הוחזר פעם אחת: {checks}</translation>
    </message>
    <message>
        <source>Sent back twice: {checks}</source>
        <translation>הוחזר פעמיים: {checks}</translation>
    </message>
    <message>
        <source>Sent back {n} times: {checks}</source>
        <translation>הוחזר {n} פעמים: {checks}</translation>
    </message>
</context>
<context>
    <name>ChecklistDock</name>
    <message>
        <source>Checklist of this run</source>
        <translation>רשימת הבדיקות של ההרצה הזו</translation>
    </message>
    <message>
        <source>The definition of done for this run. Remove a check or add one before the work is measured.</source>
        <translation>הגדרת „הושלם” של ההרצה הזו. אפשר להסיר בדיקה או להוסיף אחת לפני שהעבודה נמדדת.</translation>
    </message>
    <message>
        <source>Measured when the finder reads it (words, bullets, endings…), else judged by the auditor</source>
        <translation>נמדדת כשהמאתר מזהה אותה (מילים, תבליטים, סיום…), אחרת נשפטת על ידי המבקרת</translation>
    </message>
</context>
<context>
    <name>Chip</name>
    <message>
        <source>Remove {name}</source>
        <translation>הסרת {name}</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>start a new session (the standing brief is updated in the background)</source>
        <translation>התחלת סשן חדש (התדריך הקבוע מתעדכן ברקע)</translation>
    </message>
    <message>
        <source>&amp;New session</source>
        <translation>סשן &amp;חדש</translation>
    </message>
    <message>
        <source>export this session: /export md|html|json [PATH]</source>
        <translation>ייצוא הסשן: /export md|html|json [נתיב]</translation>
    </message>
    <message>
        <source>&amp;Export session…</source>
        <translation>&amp;ייצוא סשן…</translation>
    </message>
    <message>
        <source>close the window (the session is kept for the next start)</source>
        <translation>סגירת החלון (הסשן נשמר להפעלה הבאה)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>י&amp;ציאה</translation>
    </message>
    <message>
        <source>provider, model, session, runs and tokens</source>
        <translation>ספק, מודל, סשן, הרצות וטוקנים</translation>
    </message>
    <message>
        <source>S&amp;tatus</source>
        <translation>&amp;מצב</translation>
    </message>
    <message>
        <source>the tasks of the last run and their status</source>
        <translation>המשימות של ההרצה האחרונה ומצבן</translation>
    </message>
    <message>
        <source>&amp;Tasks of the last run</source>
        <translation>&amp;משימות ההרצה האחרונה</translation>
    </message>
    <message>
        <source>the runs of this session</source>
        <translation>ההרצות של הסשן הזה</translation>
    </message>
    <message>
        <source>Run &amp;history</source>
        <translation>&amp;היסטוריית הרצות</translation>
    </message>
    <message>
        <source>re-audit the last deliverable</source>
        <translation>ביקורת חוזרת של התוצר האחרון</translation>
    </message>
    <message>
        <source>Re-&amp;audit last deliverable</source>
        <translation>&amp;ביקורת חוזרת של התוצר האחרון</translation>
    </message>
    <message>
        <source>continue the waiting (suspended or stopped) run</source>
        <translation>המשך ההרצה הממתינה (מושהית או שנעצרה)</translation>
    </message>
    <message>
        <source>&amp;Resume waiting run</source>
        <translation>ה&amp;משך הרצה ממתינה</translation>
    </message>
    <message>
        <source>clear the view (nothing is deleted)</source>
        <translation>ניקוי התצוגה (דבר אינו נמחק)</translation>
    </message>
    <message>
        <source>&amp;Clear view</source>
        <translation>&amp;ניקוי התצוגה</translation>
    </message>
    <message>
        <source>the raw, unparsed replies of the last run&apos;s agents; /debug on|off: debug logging</source>
        <translation>התשובות הגולמיות של סוכני ההרצה האחרונה; /debug on|off: רישום ניפוי שגיאות</translation>
    </message>
    <message>
        <source>Raw replies of the last run (&amp;debug)…</source>
        <translation>תשובות גולמיות של ההרצה האחרונה (&amp;ניפוי)…</translation>
    </message>
    <message>
        <source>the last run (or /trace RUN_ID) as a timeline: each stage, lead, call and gate, with tokens and cost</source>
        <translation>ההרצה האחרונה (או /trace RUN_ID) כציר זמן: כל שלב, מוביל, קריאה ושער, עם טוקנים ועלות</translation>
    </message>
    <message>
        <source>Run t&amp;imeline…</source>
        <translation>&amp;ציר זמן של ההרצה…</translation>
    </message>
    <message>
        <source>open the agent editor</source>
        <translation>פתיחת עורך הסוכנים</translation>
    </message>
    <message>
        <source>&amp;Edit agents…</source>
        <translation>&amp;עריכת סוכנים…</translation>
    </message>
    <message>
        <source>the team roster the recruiter keeps: roles, models, tools, dates</source>
        <translation>רשימת הצוות שהמגייסת מנהלת: תפקידים, מודלים, כלים, תאריכים</translation>
    </message>
    <message>
        <source>Team &amp;roster…</source>
        <translation>&amp;רשימת הצוות…</translation>
    </message>
    <message>
        <source>reload agents and settings from disk</source>
        <translation>טעינה מחדש של הסוכנים וההגדרות מהדיסק</translation>
    </message>
    <message>
        <source>&amp;Reload agents and settings</source>
        <translation>&amp;טעינה מחדש של סוכנים והגדרות</translation>
    </message>
    <message>
        <source>view or edit the standing brief; /brief archive: its archived log entries</source>
        <translation>הצגה או עריכה של התדריך הקבוע; ‏/brief archive: רשומות היומן שהועברו לארכיון</translation>
    </message>
    <message>
        <source>Standing &amp;brief…</source>
        <translation>&amp;תדריך קבוע…</translation>
    </message>
    <message>
        <source>reset the standing brief to the empty template</source>
        <translation>איפוס התדריך הקבוע לתבנית הריקה</translation>
    </message>
    <message>
        <source>Reset standing brief…</source>
        <translation>&amp;איפוס התדריך הקבוע…</translation>
    </message>
    <message>
        <source>show the last response&apos;s thinking</source>
        <translation>הצגת המחשבות של התשובה האחרונה</translation>
    </message>
    <message>
        <source>Last response&apos;s &amp;thinking…</source>
        <translation>&amp;מחשבות התשובה האחרונה…</translation>
    </message>
    <message>
        <source>show or hide the thinking panels: /panels on|off</source>
        <translation>הצגה או הסתרה של חלוניות המחשבות: /panels on|off</translation>
    </message>
    <message>
        <source>Show thinking &amp;panels</source>
        <translation>הצגת &amp;חלוניות מחשבות</translation>
    </message>
    <message>
        <source>turn the automatic audit on or off</source>
        <translation>הפעלה או כיבוי של הביקורת האוטומטית</translation>
    </message>
    <message>
        <source>&amp;Automatic audit</source>
        <translation>&amp;ביקורת אוטומטית</translation>
    </message>
    <message>
        <source>list the commands</source>
        <translation>רשימת הפקודות</translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation>&amp;פקודות</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;קובץ</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>&amp;סשן</translation>
    </message>
    <message>
        <source>&amp;Agents</source>
        <translation>ס&amp;וכנים</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;תצוגה</translation>
    </message>
    <message>
        <source>Se&amp;ttings</source>
        <translation>&amp;הגדרות</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;עזרה</translation>
    </message>
    <message>
        <source>**Commands**

| command | what it does | shortcut |
|---|---|---|
</source>
        <translation>**פקודות**

| פקודה | מה היא עושה | קיצור |
|---|---|---|
</translation>
    </message>
    <message>
        <source>Type a directive and press **Enter** to send it to the team (Shift+Enter adds a line; Settings can make Ctrl+Enter send instead); **Esc** stops a run. Click an agent in the sidebar to talk to it alone.</source>
        <translation>כתבו הנחיה והקישו **Enter** כדי לשלוח אותה לצוות (Shift+Enter מוסיף שורה; בהגדרות אפשר לשלוח ב־Ctrl+Enter במקום); **Esc** עוצר הרצה. לחצו על סוכן בסרגל הצד כדי לשוחח איתו בלבד.</translation>
    </message>
</context>
<context>
    <name>ComposeBox</name>
    <message>
        <source>Message</source>
        <translation>הודעה</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>פקודות</translation>
    </message>
    <message>
        <source>{send} to send · {newline} for a new line</source>
        <translation>{send} לשליחה · {newline} לשורה חדשה</translation>
    </message>
    <message>
        <source>Message {agent} directly…   {keys}</source>
        <translation>הודעה ישירה אל {agent}…   {keys}</translation>
    </message>
    <message>
        <source>Your message to {agent} alone. {keys}.</source>
        <translation>ההודעה שלכם אל {agent} בלבד. {keys}.</translation>
    </message>
    <message>
        <source>Type a directive or /command…   {keys}</source>
        <translation>הקלידו הנחיה או ‎/פקודה…   {keys}</translation>
    </message>
    <message>
        <source>Your directive to the team, or a /command. {keys}; Esc stops a run.</source>
        <translation>ההנחיה שלכם לצוות, או ‎/פקודה. {keys}; Esc עוצר הרצה.</translation>
    </message>
</context>
<context>
    <name>ConnectionNotice</name>
    <message>
        <source>No model available</source>
        <translation>אין מודל זמין</translation>
    </message>
    <message>
        <source>Open setup</source>
        <translation>פתיחת ההגדרה</translation>
    </message>
    <message>
        <source>Open the setup wizard to choose a provider and a model</source>
        <translation>פתיחת אשף ההגדרה לבחירת ספק ומודל</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>ניסיון חוזר</translation>
    </message>
    <message>
        <source>Check the connection to the model again</source>
        <translation>בדיקה חוזרת של החיבור למודל</translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation>{model} ב־{provider}</translation>
    </message>
    <message>
        <source>&lt;b&gt;No model is reachable&lt;/b&gt; ({what}), so Send is off.</source>
        <translation>&lt;b&gt;אין מודל זמין&lt;/b&gt; ({what}), ולכן השליחה כבויה.</translation>
    </message>
    <message>
        <source>The provider did not answer.</source>
        <translation>הספק לא ענה.</translation>
    </message>
</context>
<context>
    <name>ContextMenu</name>
    <message>
        <source>Re-run this lead…</source>
        <translation>הרצה חוזרת של המוביל…</translation>
    </message>
    <message>
        <source>Re-run synthesis…</source>
        <translation>הרצה חוזרת של הסינתזה…</translation>
    </message>
    <message>
        <source>Re-run audit</source>
        <translation>הרצה חוזרת של הביקורת</translation>
    </message>
    <message>
        <source>Copy selection</source>
        <translation>העתקת הבחירה</translation>
    </message>
    <message>
        <source>Select all text</source>
        <translation>בחירת כל הטקסט</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>העתקה כ־Markdown</translation>
    </message>
    <message>
        <source>Copy as plain text</source>
        <translation>העתקה כטקסט פשוט</translation>
    </message>
    <message>
        <source>Show the full text…</source>
        <translation>הצגת הטקסט המלא…</translation>
    </message>
    <message>
        <source>Copy thinking</source>
        <translation>העתקת המחשבות</translation>
    </message>
    <message>
        <source>Collapse thinking</source>
        <translation>כיווץ המחשבות</translation>
    </message>
    <message>
        <source>Expand thinking</source>
        <translation>הרחבת המחשבות</translation>
    </message>
    <message>
        <source>Timeline…</source>
        <translation>ציר זמן…</translation>
    </message>
    <message>
        <source>Edit briefs and re-run…</source>
        <translation>עריכת התדריכים והרצה מחדש…</translation>
    </message>
    <message>
        <source>Compare revisions…</source>
        <translation>השוואת גרסאות…</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>פרטים…</translation>
    </message>
    <message>
        <source>Task {id}</source>
        <translation>משימה {id}</translation>
    </message>
    <message>
        <source>Revision {n}</source>
        <translation>גרסה {n}</translation>
    </message>
    <message>
        <source>Run {id}</source>
        <translation>הרצה {id}</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>סוג</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>סוכן</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>כותרת</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>מצב</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>משימה</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>הרצה</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>מילים</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>Stage: {stage}</source>
        <translation>שלב: {stage}</translation>
    </message>
    <message>
        <source>Run rejected</source>
        <translation>ההרצה נדחתה</translation>
    </message>
    <message>
        <source>Run finished</source>
        <translation>ההרצה הסתיימה</translation>
    </message>
    <message>
        <source>Run stopped</source>
        <translation>ההרצה נעצרה</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>ההרצה נכשלה</translation>
    </message>
    <message>
        <source>A run is in progress: stop it first (Esc).</source>
        <translation>הרצה מתבצעת: עצרו אותה קודם (Esc).</translation>
    </message>
    <message>
        <source>{message}. Your answers were not recorded: /resume (Ctrl+R) shows the new ones.</source>
        <translation>{message}. התשובות שלכם לא נשמרו: ‎/resume (Ctrl+R) מציג את החדשות.</translation>
    </message>
    <message>
        <source>The run continues there.</source>
        <translation>ההרצה ממשיכה שם.</translation>
    </message>
    <message>
        <source>Continue the run with those answers: /resume (Ctrl+R).</source>
        <translation>המשיכו את ההרצה עם התשובות האלה: ‎/resume (Ctrl+R).</translation>
    </message>
    <message>
        <source>These questions were already answered ({where}); your answers were not recorded. {then}</source>
        <translation>על השאלות האלה כבר ענו ({where}); התשובות שלכם לא נשמרו. {then}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>עוצר…</translation>
    </message>
    <message>
        <source>Nothing to resume: no run of this session is waiting.</source>
        <translation>אין מה להמשיך: אף הרצה בסשן הזה אינה ממתינה.</translation>
    </message>
    <message>
        <source>There is no deliverable to audit in this session yet.</source>
        <translation>עדיין אין בסשן הזה תוצר לביקורת.</translation>
    </message>
    <message>
        <source>The team asked these questions before the app was closed. Answer them now to continue the run, or later.</source>
        <translation>הצוות שאל את השאלות האלה לפני שהיישום נסגר. ענו עליהן עכשיו כדי להמשיך את ההרצה, או מאוחר יותר.</translation>
    </message>
    <message>
        <source>Exported this session as {format} to {file}</source>
        <translation>הסשן יוצא כ־{format} אל {file}</translation>
    </message>
    <message>
        <source>Talking to {agent} alone. Back to the team: click “Team” or Esc.</source>
        <translation>שיחה עם {agent} בלבד. חזרה לצוות: לחצו „צוות” או Esc.</translation>
    </message>
</context>
<context>
    <name>CostText</name>
    <message>
        <source>{h} h {min} min</source>
        <translation>{h} שע׳ {min} דק׳</translation>
    </message>
    <message>
        <source>{min} min {s} s</source>
        <translation>{min} דק׳ {s} שנ׳</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} שנ׳</translation>
    </message>
    <message numerus="yes">
        <source>{count} call(s)</source>
        <translation>
            <numerusform>קריאה אחת</numerusform>
            <numerusform>{count} קריאות</numerusform>
        </translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>{input} טוקנים נכנסים / {output} יוצאים</translation>
    </message>
    <message>
        <source>{time} of model time</source>
        <translation>{time} זמן מודל</translation>
    </message>
    <message>
        <source>{money} this session</source>
        <translation>{money} בסשן הזה</translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s)</source>
        <translation>
            <numerusform>טוקן אחד</numerusform>
            <numerusform>{count} טוקנים</numerusform>
        </translation>
    </message>
    <message>
        <source>this run cost {cost}</source>
        <translation>ההרצה הזו עלתה {cost}</translation>
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

הגיבוי המאומת החדש ביותר הוא מ-{when} ({sessions} שיחות, {runs} הרצות):
{path}

לשחזר אותו? דבר לא ישתנה עד שתאשר (במסוף: aipa restore {path}).</translation>
    </message>
</context>
<context>
    <name>DialogOpener</name>
    <message>
        <source>Reset the standing brief?</source>
        <translation>לאפס את התדריך הקבוע?</translation>
    </message>
    <message>
        <source>Replace the standing brief with the empty template? Earlier versions stay in the database.</source>
        <translation>להחליף את התדריך הקבוע בתבנית הריקה? גרסאות קודמות נשארות במסד הנתונים.</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>איפוס</translation>
    </message>
    <message>
        <source>the logs folder</source>
        <translation>תיקיית היומנים</translation>
    </message>
    <message>
        <source>AIPA: unexpected error</source>
        <translation>AIPA: שגיאה לא צפויה</translation>
    </message>
    <message>
        <source>Details are in the log: {file}</source>
        <translation>פרטים ביומן: {file}</translation>
    </message>
    <message>
        <source>About AIPA</source>
        <translation>אודות AIPA</translation>
    </message>
    <message>
        <source>AIPA Desktop {version}
Your local agency of LLM agents.
Data folder: {folder}</source>
        <translation>AIPA Desktop {version}
סוכנות מקומית של סוכני LLM.
תיקיית נתונים: {folder}</translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>*Interrupted before it finished: resume the run (Ctrl+R) to finish it.*</source>
        <translation>*נקטע לפני שהסתיים: המשיכו את ההרצה (Ctrl+R) כדי לסיים אותה.*</translation>
    </message>
    <message>
        <source>✓ Accepted</source>
        <translation>✓ התקבל</translation>
    </message>
    <message>
        <source>✎ Changes requested</source>
        <translation>✎ התבקשו שינויים</translation>
    </message>
    <message>
        <source>✗ Rejected</source>
        <translation>✗ נדחה</translation>
    </message>
    <message>
        <source>Delegating.</source>
        <translation>מאצילה את המשימה.</translation>
    </message>
    <message>
        <source>I&apos;ll answer this myself.</source>
        <translation>על זה אענה בעצמי.</translation>
    </message>
    <message>
        <source>✗ Run ended: you rejected the result. Nothing waits; send a new directive to try again.</source>
        <translation>✗ ההרצה הסתיימה: דחיתם את התוצאה. דבר אינו ממתין; שלחו הנחיה חדשה כדי לנסות שוב.</translation>
    </message>
    <message>
        <source>task briefs</source>
        <translation>תדריכי משימות</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>תוצר</translation>
    </message>
    <message>
        <source>Delegating to {leads}.</source>
        <translation>מאצילה את המשימה ל־{leads}.</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} שנ׳</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>ממתין להרשאתך</translation>
    </message>
    <message>
        <source>waiting for your permission to use {tool}</source>
        <translation>ממתין להרשאתך להשתמש ב־{tool}</translation>
    </message>
    <message>
        <source>queued behind {agent}</source>
        <translation>בתור אחרי {agent}</translation>
    </message>
    <message>
        <source>waiting for the server</source>
        <translation>ממתין לשרת</translation>
    </message>
    <message>
        <source>reading the prompt</source>
        <translation>קורא את ההנחיה למודל</translation>
    </message>
    <message>
        <source>{n} s of about {expected} s</source>
        <translation>{n} שנ׳ מתוך כ־{expected} שנ׳</translation>
    </message>
    <message>
        <source>about {total} tokens</source>
        <translation>כ־{total} טוקנים</translation>
    </message>
    <message>
        <source>{done} of {total} tokens (about {percent}%)</source>
        <translation>{done} מתוך {total} טוקנים (כ־{percent}%)</translation>
    </message>
    <message>
        <source>{done} of {total} tokens ({percent}%)</source>
        <translation>{done} מתוך {total} טוקנים ({percent}%)</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>חושב</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>כותב</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} טוקנים</translation>
    </message>
    <message>
        <source>{rate} tokens/s</source>
        <translation>{rate} טוקנים/שנ׳</translation>
    </message>
</context>
<context>
    <name>ExcerptDialog</name>
    <message>
        <source>This citation points at no excerpt of the documents attached to this session or of its granted folder: the file or the place does not exist there (the auditor flags such citations).</source>
        <translation>הציטוט הזה אינו מפנה לאף קטע מהמסמכים שצורפו לסשן או מהתיקייה שניתנה לו: הקובץ או המקום אינם קיימים שם (המבקרת מסמנת ציטוטים כאלה).</translation>
    </message>
    <message>
        <source>Excerpt · {title}</source>
        <translation>קטע · {title}</translation>
    </message>
    <message>
        <source>Cited excerpt {title}</source>
        <translation>קטע מצוטט {title}</translation>
    </message>
    <message>
        <source>The excerpt&apos;s text</source>
        <translation>טקסט הקטע</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export session</source>
        <translation>ייצוא סשן</translation>
    </message>
</context>
<context>
    <name>FullTextDialog</name>
    <message>
        <source>Full text</source>
        <translation>הטקסט המלא</translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation>העתקת הכול</translation>
    </message>
</context>
<context>
    <name>GateDock</name>
    <message>
        <source>Decision</source>
        <translation>החלטה</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Unexpected error: {error}</source>
        <translation>שגיאה לא צפויה: {error}</translation>
    </message>
</context>
<context>
    <name>InboxList</name>
    <message>
        <source>questions for you</source>
        <translation>שאלות אליכם</translation>
    </message>
    <message>
        <source>waiting for review</source>
        <translation>ממתין לסקירה</translation>
    </message>
    <message>
        <source>plan to review</source>
        <translation>תוכנית לסקירה</translation>
    </message>
    <message>
        <source>waits for the current one</source>
        <translation>ממתינה להרצה הנוכחית</translation>
    </message>
    <message>
        <source>waiting at {stage}</source>
        <translation>ממתין בשלב {stage}</translation>
    </message>
    <message>
        <source>{origin} · starts when “{current}” is done (one run at a time on a local model)</source>
        <translation>{origin} · תתחיל כש„{current}” תסתיים (הרצה אחת בכל פעם על מודל מקומי)</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>תיבת דואר נכנס</translation>
    </message>
    <message>
        <source>Runs started by a schedule or a service that wait for you; Enter opens one where its gate waits</source>
        <translation>הרצות שהופעלו בתזמון או על ידי שירות וממתינות לכם; Enter פותח הרצה בשער שבו היא ממתינה</translation>
    </message>
    <message>
        <source>started by {origin} · run {run}</source>
        <translation>הופעלה על ידי {origin} · הרצה {run}</translation>
    </message>
    <message>
        <source> · ran at the next start (missed)</source>
        <translation> · רצה בהפעלה הבאה (הוחמצה)</translation>
    </message>
    <message numerus="yes">
        <source>INBOX · %n WAITING</source>
        <translation>
            <numerusform>דואר נכנס · %n ממתין</numerusform>
            <numerusform>דואר נכנס · %n ממתינים</numerusform>
        </translation>
    </message>
    <message>
        <source>INBOX</source>
        <translation>דואר נכנס</translation>
    </message>
</context>
<context>
    <name>InboxQuestions</name>
    <message>
        <source>Questions waiting for you</source>
        <translation>שאלות שממתינות לך</translation>
    </message>
    <message>
        <source>+ {count} more</source>
        <translation>+ עוד {count}</translation>
    </message>
    <message>
        <source>Answer now</source>
        <translation>לענות עכשיו</translation>
    </message>
    <message>
        <source>Answer now: {directive}</source>
        <translation>לענות עכשיו: {directive}</translation>
    </message>
    <message>
        <source>Open the answer form of these questions</source>
        <translation>פתיחת טופס התשובות לשאלות האלה</translation>
    </message>
</context>
<context>
    <name>LaterCard</name>
    <message>
        <source>◐ The team&apos;s questions wait for your answers; the run goes on once answered:</source>
        <translation>◐ שאלות הצוות ממתינות לתשובותיך; ההרצה תמשיך לאחר שייענו:</translation>
    </message>
    <message>
        <source>✓ The team&apos;s questions (answered below):</source>
        <translation>✓ שאלות הצוות (נענו למטה):</translation>
    </message>
    <message>
        <source>✎ Answer now</source>
        <translation>✎ לענות עכשיו</translation>
    </message>
    <message>
        <source>Answer now button: press Enter to answer the questions.</source>
        <translation>כפתור „לענות עכשיו”: הקש Enter כדי לענות על השאלות.</translation>
    </message>
</context>
<context>
    <name>LocalApi</name>
    <message>
        <source>The Local API is not serving: {problem}</source>
        <translation>ה־API המקומי אינו פעיל: {problem}</translation>
    </message>
    <message>
        <source>The Local API is {warning}</source>
        <translation>ה־API המקומי: {warning}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Conversation</source>
        <translation>שיחה</translation>
    </message>
    <message>
        <source>The directives, the team&apos;s work, deliverables and audits of this session</source>
        <translation>ההנחיות, עבודת הצוות, התוצרים והביקורות של הסשן הזה</translation>
    </message>
    <message>
        <source>Send ({keys})</source>
        <translation>שליחה ({keys})</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>הצגת &amp;סרגל הצד</translation>
    </message>
    <message>
        <source>&amp;About AIPA</source>
        <translation>&amp;אודות AIPA</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>&amp;צירוף קבצים…</translation>
    </message>
    <message>
        <source>&amp;Grant a folder (read-only)…</source>
        <translation>מתן &amp;גישה לתיקייה (לקריאה בלבד)…</translation>
    </message>
    <message>
        <source>Checking the connection…</source>
        <translation>בודק את החיבור…</translation>
    </message>
    <message>
        <source>Closing…</source>
        <translation>נסגר…</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>סשן חדש</translation>
    </message>
    <message>
        <source>Session: {title}</source>
        <translation>סשן: {title}</translation>
    </message>
    <message>
        <source>The session shown below</source>
        <translation>הסשן המוצג למטה</translation>
    </message>
    <message>
        <source>Talking to &lt;b&gt;{agent}&lt;/b&gt; alone · Esc or &lt;i&gt;Team&lt;/i&gt; to go back</source>
        <translation>שיחה עם &lt;b&gt;{agent}&lt;/b&gt; בלבד · Esc או &lt;i&gt;צוות&lt;/i&gt; כדי לחזור</translation>
    </message>
</context>
<context>
    <name>Material</name>
    <message>
        <source>Attached {names}</source>
        <translation>צורפו {names}</translation>
    </message>
    <message>
        <source>Not attached: {what}</source>
        <translation>לא צורף: {what}</translation>
    </message>
    <message>
        <source>Folder not granted: {message} (hint: {hint})</source>
        <translation>לא ניתנה גישה לתיקייה: {message} (רמז: {hint})</translation>
    </message>
    <message>
        <source>Granted the folder {folder} (read-only)</source>
        <translation>ניתנה גישה לתיקייה {folder} (לקריאה בלבד)</translation>
    </message>
    <message>
        <source>Attached the picture {name} ({width}×{height})</source>
        <translation>התמונה {name} צורפה ({width}×{height})</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Plan review before dispatch</source>
        <translation>&amp;סקירת התוכנית לפני החלוקה</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;הגדרות…</translation>
    </message>
    <message>
        <source>Setup &amp;wizard…</source>
        <translation>&amp;אשף ההגדרה…</translation>
    </message>
    <message>
        <source>&amp;Stop run</source>
        <translation>&amp;עצירת ההרצה</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Regenerate the deliverable: write it again from the team&apos;s reports.</source>
        <translation>יצירת התוצר מחדש: כתיבה מחדש על סמך דוחות הצוות.</translation>
    </message>
    <message>
        <source>this lead</source>
        <translation>המוביל הזה</translation>
    </message>
    <message>
        <source>The other leads&apos; reports are kept; the synthesis and the audit follow.</source>
        <translation>הדוחות של שאר המובילים נשמרים; הסינתזה והביקורת יבואו אחריהם.</translation>
    </message>
    <message>
        <source>the synthesis</source>
        <translation>הסינתזה</translation>
    </message>
    <message>
        <source>The leads&apos; reports are kept; the audit follows.</source>
        <translation>דוחות המובילים נשמרים; הביקורת תבוא אחריהם.</translation>
    </message>
    <message>
        <source>the audit</source>
        <translation>הביקורת</translation>
    </message>
    <message>
        <source>A run is in progress: re-run once it has finished.</source>
        <translation>הרצה מתבצעת: הריצו שוב כשתסתיים.</translation>
    </message>
    <message>
        <source>This run has no leads&apos; briefs to edit.</source>
        <translation>בהרצה זו אין תדריכים של ראשי צוות לעריכה.</translation>
    </message>
    <message>
        <source>A run is in progress: regenerate once it has finished.</source>
        <translation>הרצה מתבצעת: צרו מחדש כשתסתיים.</translation>
    </message>
    <message>
        <source>Nothing to regenerate: the directive of this deliverable is not in the chat.</source>
        <translation>אין מה ליצור מחדש: ההנחיה של התוצר הזה אינה בשיחה.</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>default model</source>
        <translation>מודל ברירת מחדל</translation>
    </message>
    <message>
        <source>● local</source>
        <translation>● מקומי</translation>
    </message>
    <message>
        <source>☁ cloud</source>
        <translation>☁ ענן</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>מודל</translation>
    </message>
    <message>
        <source>The provider and model the team uses; opens the list of installed models</source>
        <translation>הספק והמודל שהצוות משתמש בהם; פותח את רשימת המודלים המותקנים</translation>
    </message>
    <message>
        <source>{provider} · {model}: click to choose another model</source>
        <translation>{provider} · {model}: לחצו כדי לבחור מודל אחר</translation>
    </message>
    <message>
        <source>The server did not answer in time. Is it running?</source>
        <translation>השרת לא ענה בזמן. האם הוא פועל?</translation>
    </message>
    <message>
        <source>Could not list the models: {error}</source>
        <translation>לא ניתן להציג את המודלים: {error}</translation>
    </message>
    <message>
        <source>Not reachable (no answer in time)</source>
        <translation>לא זמין (אין תשובה בזמן)</translation>
    </message>
    <message>
        <source>Could not list its models</source>
        <translation>לא ניתן להציג את המודלים שלו</translation>
    </message>
    <message>
        <source>The team now uses {profile} · {model}.</source>
        <translation>הצוות משתמש כעת ב־{profile} · {model}.</translation>
    </message>
    <message>
        <source>{agent} now uses {model}.</source>
        <translation>{agent} משתמש עכשיו ב־{model}.</translation>
    </message>
    <message>
        <source>the team model</source>
        <translation>מודל הצוות</translation>
    </message>
    <message>
        <source>{file} is downloaded: choose it from the model list.</source>
        <translation>{file} הורד: בחרו אותו מרשימת המודלים.</translation>
    </message>
</context>
<context>
    <name>ModelPopup</name>
    <message>
        <source>⤓  Download more…</source>
        <translation>⤓  הורדת מודלים נוספים…</translation>
    </message>
    <message>
        <source>Team model</source>
        <translation>מודל הצוות</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>מודלים מותקנים</translation>
    </message>
    <message>
        <source>Choose the model the team uses; Enter or a click switches</source>
        <translation>בחירת המודל של הצוות; Enter או לחיצה מחליפים</translation>
    </message>
    <message>
        <source>Pull / import a model…</source>
        <translation>משיכה / ייבוא של מודל…</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>ניסיון חוזר</translation>
    </message>
    <message>
        <source>Per-agent models</source>
        <translation>מודל לכל סוכן</translation>
    </message>
    <message>
        <source>Models on {provider}</source>
        <translation>מודלים ב־{provider}</translation>
    </message>
    <message>
        <source>Looking for installed models…</source>
        <translation>מחפש מודלים מותקנים…</translation>
    </message>
    <message>
        <source>local</source>
        <translation>מקומי</translation>
    </message>
    <message>
        <source>cloud</source>
        <translation>ענן</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>מודלים</translation>
    </message>
    <message>
        <source>{provider} (in use)</source>
        <translation>{provider} (בשימוש)</translation>
    </message>
    <message>
        <source>Use {model} for the team</source>
        <translation>שימוש ב־{model} עבור הצוות</translation>
    </message>
    <message>
        <source>{model}: the team&apos;s model now</source>
        <translation>{model}: המודל הנוכחי של הצוות</translation>
    </message>
    <message>
        <source>in use</source>
        <translation>בשימוש</translation>
    </message>
    <message>
        <source>Recommended models for the built-in engine: size, memory, licence; one click to download</source>
        <translation>מודלים מומלצים למנוע המובנה: גודל, זיכרון, רישיון; הורדה בלחיצה אחת</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>לא מותקנים מודלים</translation>
    </message>
    <message>
        <source>Switch the team to {profile} · {model}</source>
        <translation>העברת הצוות ל־{profile} · {model}</translation>
    </message>
    <message>
        <source>No models downloaded yet: choose Download more…</source>
        <translation>עדיין לא הורדו מודלים: בחרו „הורדת מודלים נוספים…”</translation>
    </message>
    <message>
        <source>No models installed yet: pull or import one.</source>
        <translation>עדיין לא הותקנו מודלים: משכו או ייבאו אחד.</translation>
    </message>
    <message>
        <source>Model of {agent}</source>
        <translation>המודל של {agent}</translation>
    </message>
</context>
<context>
    <name>Notices</name>
    <message>
        <source>reply</source>
        <translation>תשובה</translation>
    </message>
    <message>
        <source>routing reply</source>
        <translation>תשובת ניתוב</translation>
    </message>
    <message>
        <source>report</source>
        <translation>דוח</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>תשובה</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>תוצר</translation>
    </message>
    <message>
        <source>memo</source>
        <translation>מזכר</translation>
    </message>
    <message>
        <source>reading of the request</source>
        <translation>קריאת הבקשה</translation>
    </message>
    <message>
        <source>analysis</source>
        <translation>ניתוח</translation>
    </message>
    <message>
        <source>feature list</source>
        <translation>רשימת יכולות</translation>
    </message>
    <message>
        <source>user stories</source>
        <translation>סיפורי משתמש</translation>
    </message>
    <message>
        <source>task list</source>
        <translation>רשימת משימות</translation>
    </message>
    <message>
        <source>sprint plan</source>
        <translation>תוכנית ספרינט</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>פסק</translation>
    </message>
    <message>
        <source>verdict on the checks</source>
        <translation>פסק על הבדיקות</translation>
    </message>
    <message>
        <source>every lead got the directive</source>
        <translation>כל ראש צוות קיבל את ההנחיה</translation>
    </message>
    <message>
        <source>that task failed; the other leads carry on</source>
        <translation>המשימה הזו נכשלה; שאר ראשי הצוותים ממשיכים</translation>
    </message>
    <message>
        <source>the deliverable puts the leads&apos; reports together as they wrote them</source>
        <translation>התוצר מחבר את דוחות ראשי הצוותים כפי שנכתבו</translation>
    </message>
    <message>
        <source>the run is marked FLAG: review the deliverable yourself</source>
        <translation>הריצה מסומנת FLAG: בדקו את התוצר בעצמכם</translation>
    </message>
    <message>
        <source>the request was read by rule instead</source>
        <translation>הבקשה נקראה לפי כללים במקום זאת</translation>
    </message>
    <message>
        <source>the audit is written as a memo instead</source>
        <translation>הביקורת נכתבת כמזכר במקום זאת</translation>
    </message>
    <message>
        <source>a plain default was used in its place</source>
        <translation>נעשה שימוש בברירת מחדל פשוטה במקומו</translation>
    </message>
    <message>
        <source>the deliverable lists the briefs: no lead wrote a report</source>
        <translation>התוצר מפרט את התדריכים: אף ראש צוות לא כתב דוח</translation>
    </message>
    <message>
        <source>the built-in engine</source>
        <translation>המנוע המובנה</translation>
    </message>
    <message>
        <source>the scripted provider</source>
        <translation>הספק המתוסרט</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>מודל ברירת המחדל</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} could not be read; asking {agent} once more.</source>
        <translation>לא ניתן היה לקרוא את התשובה של {agent} ({what}); שואלים את {agent} פעם נוספת.</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} for “{title}” was unusable, so {instead}.</source>
        <translation>לא ניתן היה להשתמש בתשובה של {agent} ({what}) עבור ”{title}“, ולכן {instead}.</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} was unusable, so {instead}.</source>
        <translation>לא ניתן היה להשתמש בתשובה של {agent} ({what}), ולכן {instead}.</translation>
    </message>
    <message>
        <source>{agent} wrote no {what} for “{title}”, twice, so {instead}.</source>
        <translation>לא התקבל דבר מ־{agent} ({what}) עבור ”{title}“, פעמיים, ולכן {instead}.</translation>
    </message>
    <message>
        <source>{agent} wrote no {what}, twice, so {instead}.</source>
        <translation>לא התקבל דבר מ־{agent} ({what}), פעמיים, ולכן {instead}.</translation>
    </message>
    <message>
        <source>What {agent} had to read for the {what} for “{title}” does not fit the model&apos;s context, so {instead}.</source>
        <translation>החומר לקריאה עבור {agent} ({what}, ”{title}“) אינו נכנס בהקשר של המודל, ולכן {instead}.</translation>
    </message>
    <message>
        <source>What {agent} had to read for the {what} does not fit the model&apos;s context, so {instead}.</source>
        <translation>החומר לקריאה עבור {agent} ({what}) אינו נכנס בהקשר של המודל, ולכן {instead}.</translation>
    </message>
    <message>
        <source>{agent}&apos;s memo named no verdict, even when asked, so the run is marked FLAG: review it yourself.</source>
        <translation>המזכר של {agent} לא ציין פסק, גם לאחר בקשה, ולכן הריצה מסומנת FLAG: בדקו אותה בעצמכם.</translation>
    </message>
    <message>
        <source>No answer came: the deadline passed; proceeding on stated assumptions</source>
        <translation>לא התקבלה תשובה: המועד עבר; ממשיכים לפי ההנחות שנאמרו</translation>
    </message>
    <message>
        <source>budget: this run has spent {spent} of {allowed}; continue?</source>
        <translation>תקציב: הריצה הזו הוציאה {spent} מתוך {allowed}; להמשיך?</translation>
    </message>
    <message numerus="yes">
        <source>not revising again: {rounds} round(s) done ({ids})</source>
        <translation>
            <numerusform>אין תיקון נוסף: סבבים שהושלמו: {rounds} ({ids})</numerusform>
            <numerusform>אין תיקון נוסף: סבבים שהושלמו: {rounds} ({ids})</numerusform>
        </translation>
    </message>
    <message>
        <source>not revising: the run&apos;s budget is spent</source>
        <translation>אין תיקון: תקציב הריצה נוצל</translation>
    </message>
    <message numerus="yes">
        <source>revising: {count} check(s) failed: {ids} (round {round} of {rounds}; this revision used {tokens} tokens)</source>
        <translation>
            <numerusform>מתקנים: {count} בדיקה נכשלה: {ids} (סבב {round} מתוך {rounds}; התיקון הזה השתמש ב־{tokens} טוקנים)</numerusform>
            <numerusform>מתקנים: {count} בדיקות נכשלו: {ids} (סבב {round} מתוך {rounds}; התיקון הזה השתמש ב־{tokens} טוקנים)</numerusform>
        </translation>
    </message>
    <message>
        <source>revising: the audit flagged the deliverable (round {round} of {rounds}; this revision used {tokens} tokens)</source>
        <translation>מתקנים: הביקורת סימנה את התוצר (סבב {round} מתוך {rounds}; התיקון הזה השתמש ב־{tokens} טוקנים)</translation>
    </message>
    <message>
        <source>context size of the default model at {where} is unknown; assuming {tokens} tokens — set “context” in the profile</source>
        <translation>גודל ההקשר של מודל ברירת המחדל ב־{where} אינו ידוע; מניחים {tokens} טוקנים — הגדירו ”context“ בפרופיל</translation>
    </message>
    <message>
        <source>context size of {model} at {where} is unknown; assuming {tokens} tokens — set “context” in the profile</source>
        <translation>גודל ההקשר של {model} ב־{where} אינו ידוע; מניחים {tokens} טוקנים — הגדירו ”context“ בפרופיל</translation>
    </message>
    <message>
        <source>{agent}: {server} answered very slowly for a while (little or no new output); AIPA kept waiting</source>
        <translation>{agent}: {server} ענה לאט מאוד במשך זמן מה (מעט פלט חדש או בכלל לא); AIPA המשיך לחכות</translation>
    </message>
    <message>
        <source>MCP server “{server}”: does not speak MCP: it wrote “{wrote}” where a JSON-RPC message belongs (hint: check that the command starts an MCP server on stdio, not a shell, a web server or a program&apos;s help)</source>
        <translation>שרת MCP ”{server}“: אינו מדבר MCP: הוא כתב ”{wrote}“ במקום שבו צריכה להיות הודעת JSON-RPC (רמז: ודאו שהפקודה מפעילה שרת MCP דרך stdio, ולא מעטפת, שרת אינטרנט או עזרה של תוכנה)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: no answer within {seconds} s while trying to start it and list its tools (hint: check that it is an MCP server and not hung)</source>
        <translation>שרת MCP ”{server}“: אין תשובה בתוך {seconds} שניות בניסיון להפעיל אותו ולקבל את רשימת הכלים שלו (רמז: ודאו שזהו שרת MCP ושאינו תקוע)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: cannot run “{where}” ({why}) (hint: check the command in the MCP server settings)</source>
        <translation>שרת MCP ”{server}“: לא ניתן להריץ את ”{where}“ ({why}) (רמז: בדקו את הפקודה בהגדרות שרתי MCP)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: could not start it and list its tools at {where} ({why}) (hint: check that the server runs and the URL ends in its MCP path)</source>
        <translation>שרת MCP ”{server}“: לא ניתן היה להפעיל אותו ולקבל את רשימת הכלים שלו בכתובת {where} ({why}) (רמז: ודאו שהשרת פועל ושכתובת ה־URL מסתיימת בנתיב ה־MCP שלו)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: could not start it and list its tools: {why} (hint: check the command and that it speaks MCP over stdio)</source>
        <translation>שרת MCP ”{server}“: לא ניתן היה להפעיל אותו ולקבל את רשימת הכלים שלו: {why} (רמז: בדקו את הפקודה ושהיא מדברת MCP דרך stdio)</translation>
    </message>
    <message>
        <source>MCP server “{server}”: “allow_read_only”: true is not honoured (a server can mark a write tool read-only); list the tools by name, e.g. “allow_read_only”: [“lookup”]</source>
        <translation>שרת MCP ”{server}“: ”allow_read_only“: true אינו מכובד (שרת יכול לסמן כלי כתיבה כקריאה בלבד); פרטו את הכלים בשמם, למשל ”allow_read_only“: [”lookup“]</translation>
    </message>
</context>
<context>
    <name>Operation</name>
    <message>
        <source>Something went wrong: {error}</source>
        <translation>משהו השתבש: {error}</translation>
    </message>
</context>
<context>
    <name>PictureTile</name>
    <message>
        <source>Picture {name}</source>
        <translation>תמונה {name}</translation>
    </message>
    <message>
        <source>{size} pixels; press Enter for a larger view, Delete to remove it</source>
        <translation>{size} פיקסלים; Enter לתצוגה גדולה יותר, Delete להסרה</translation>
    </message>
    <message>
        <source>preparing the picture</source>
        <translation>התמונה בהכנה</translation>
    </message>
    <message>
        <source>F2: a caption for screen readers</source>
        <translation>F2: כיתוב לקוראי מסך</translation>
    </message>
    <message>
        <source>Remove picture {name}</source>
        <translation>הסרת התמונה {name}</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>כיתוב</translation>
    </message>
    <message>
        <source>What the picture shows, for screen readers:</source>
        <translation>מה מופיע בתמונה, לקוראי מסך:</translation>
    </message>
</context>
<context>
    <name>PictureView</name>
    <message>
        <source>Picture {name}</source>
        <translation>תמונה {name}</translation>
    </message>
    <message>
        <source>{name}, {width} × {height} pixels</source>
        <translation>{name}, ‏{width} × {height} פיקסלים</translation>
    </message>
</context>
<context>
    <name>Pictures</name>
    <message>
        <source>Pictures: {names}.</source>
        <translation>תמונות: {names}.</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <source>↻ Resuming run {run}: {directive}</source>
        <translation>↻ ממשיך את ההרצה {run}: {directive}</translation>
    </message>
    <message>
        <source>**Error:** {error}</source>
        <translation>**שגיאה:** {error}</translation>
    </message>
    <message>
        <source>🔧 {agent} used {tool}: {result}</source>
        <translation>🔧 {agent} השתמש ב־{tool}: {result}</translation>
    </message>
    <message>
        <source>◐ The run is waiting: {reason}. Resume it when you are ready (Ctrl+R).</source>
        <translation>◐ ההרצה ממתינה: {reason}. המשיכו אותה כשתהיו מוכנים (Ctrl+R).</translation>
    </message>
    <message>
        <source>■ Stopped. The run can continue where it stopped (Ctrl+R).</source>
        <translation>■ נעצר. ההרצה יכולה להמשיך מהמקום שבו נעצרה (Ctrl+R).</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Report text</source>
        <translation>טקסט הדוח</translation>
    </message>
</context>
<context>
    <name>RerunText</name>
    <message>
        <source>{names} and {last}</source>
        <translation>{names} ו{last}</translation>
    </message>
    <message>
        <source>re-ran the synthesis and the audit</source>
        <translation>הסינתזה והביקורת הורצו מחדש</translation>
    </message>
    <message>
        <source>re-ran the audit</source>
        <translation>הביקורת הורצה מחדש</translation>
    </message>
    <message>
        <source>a new directive: everything from routing runs again</source>
        <translation>הנחיה חדשה: הכול מהניתוב ואילך רץ מחדש</translation>
    </message>
    <message>
        <source>re-ran {leads} with edited briefs</source>
        <translation>{leads} הורצו מחדש עם תדריכים ערוכים</translation>
    </message>
    <message>
        <source>re-ran {leads}</source>
        <translation>{leads} הורצו מחדש</translation>
    </message>
    <message>
        <source>kept every lead&apos;s report</source>
        <translation>הדוחות של כל המובילים נשמרו</translation>
    </message>
    <message>
        <source>kept {lead}&apos;s report</source>
        <translation>הדוח של {lead} נשמר</translation>
    </message>
    <message>
        <source>kept the reports of {leads}</source>
        <translation>הדוחות של {leads} נשמרו</translation>
    </message>
    <message>
        <source>new feedback: {feedback}</source>
        <translation>משוב חדש: {feedback}</translation>
    </message>
    <message>
        <source>↻ Revision {number}</source>
        <translation>↻ גרסה {number}</translation>
    </message>
</context>
<context>
    <name>RevisionBar</name>
    <message>
        <source>Previous revision</source>
        <translation>הגרסה הקודמת</translation>
    </message>
    <message>
        <source>Next revision</source>
        <translation>הגרסה הבאה</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>השוואה…</translation>
    </message>
    <message>
        <source>Compare revisions</source>
        <translation>השוואת גרסאות</translation>
    </message>
    <message>
        <source>Revision {number} of {total}</source>
        <translation>גרסה {number} מתוך {total}</translation>
    </message>
</context>
<context>
    <name>Revisions</name>
    <message>
        <source>&amp;Previous revision</source>
        <translation>הגרסה ה&amp;קודמת</translation>
    </message>
    <message>
        <source>&amp;Next revision</source>
        <translation>הגרסה ה&amp;באה</translation>
    </message>
    <message>
        <source>&amp;Compare revisions…</source>
        <translation>&amp;השוואת גרסאות…</translation>
    </message>
    <message>
        <source>a re-run of revision {n}</source>
        <translation>הרצה חוזרת של גרסה {n}</translation>
    </message>
    <message>
        <source>the first run</source>
        <translation>ההרצה הראשונה</translation>
    </message>
    <message>
        <source>Revision {number} of {total}: {what}</source>
        <translation>גרסה {number} מתוך {total}: {what}</translation>
    </message>
    <message>
        <source>this revision: {cost}</source>
        <translation>גרסה זו: {cost}</translation>
    </message>
    <message>
        <source>No run in this session has several revisions to compare.</source>
        <translation>לאף הרצה בשיחה זו אין כמה גרסאות להשוואה.</translation>
    </message>
</context>
<context>
    <name>ScheduleTimer</name>
    <message>
        <source>“{directive}” (due {when})</source>
        <translation>„{directive}” (מועד: {when})</translation>
    </message>
    <message numerus="yes">
        <source>Ran %n missed scheduled directive(s) once: {names}. Its result waits in the Inbox.</source>
        <translation>
            <numerusform>הנחיה מתוזמנת אחת שהוחמצה רצה פעם אחת: {names}. התוצאה ממתינה בדואר הנכנס.</numerusform>
            <numerusform>%n הנחיות מתוזמנות שהוחמצו רצו פעם אחת: {names}. התוצאות ממתינות בדואר הנכנס.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>A run is in progress: stop it first (Esc) to switch sessions.</source>
        <translation>הרצה מתבצעת: עצרו אותה קודם (Esc) כדי להחליף סשן.</translation>
    </message>
    <message>
        <source>Standing brief not updated: {error}</source>
        <translation>התדריך הקבוע לא עודכן: {error}</translation>
    </message>
</context>
<context>
    <name>SessionList</name>
    <message>
        <source>Pinned</source>
        <translation>מוצמדים</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>היום</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>אתמול</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>7 הימים האחרונים</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>ישנים יותר</translation>
    </message>
    <message>
        <source>Search sessions (full text)…</source>
        <translation>חיפוש בסשנים (טקסט מלא)…</translation>
    </message>
    <message>
        <source>Search sessions</source>
        <translation>חיפוש בסשנים</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>סשנים</translation>
    </message>
    <message>
        <source>Enter opens a session; F2 renames it; Delete deletes it (with undo)</source>
        <translation>Enter פותח סשן; F2 משנה את שמו; Delete מוחק אותו (עם ביטול)</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>אין תוצאות</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>ביטול</translation>
    </message>
    <message>
        <source>Trash…</source>
        <translation>אשפה…</translation>
    </message>
    <message>
        <source>Deleted sessions, kept 30 days: restore or empty</source>
        <translation>סשנים שנמחקו, נשמרים 30 יום: שחזור או ריקון</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>סשן ללא שם</translation>
    </message>
    <message>
        <source>last activity {when}</source>
        <translation>פעילות אחרונה {when}</translation>
    </message>
    <message>
        <source>Last activity: {when}</source>
        <translation>פעילות אחרונה: {when}</translation>
    </message>
    <message>
        <source> · closed</source>
        <translation> · סגור</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>ביטול הצמדה</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>הצמדה</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>שינוי שם…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>מחיקה</translation>
    </message>
    <message>
        <source>“{title}” moved to the Trash.</source>
        <translation>„{title}” הועבר לאשפה.</translation>
    </message>
    <message>
        <source>Undo: restore {title}</source>
        <translation>ביטול: שחזור {title}</translation>
    </message>
</context>
<context>
    <name>SessionTime</name>
    <message>
        <source>just now</source>
        <translation>זה עתה</translation>
    </message>
    <message numerus="yes">
        <source>{count} min ago</source>
        <translation>
            <numerusform>לפני {count} דק׳</numerusform>
            <numerusform>לפני {count} דק׳</numerusform>
        </translation>
    </message>
    <message>
        <source>yesterday, {time}</source>
        <translation>אתמול, {time}</translation>
    </message>
</context>
<context>
    <name>Slash</name>
    <message numerus="yes">
        <source>**Session:** {session} · {count} run(s)</source>
        <translation>
            <numerusform>**סשן:** {session} · הרצה אחת</numerusform>
            <numerusform>**סשן:** {session} · {count} הרצות</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SlashCommands</name>
    <message>
        <source>Unknown command /{name}. Type /help for the list.</source>
        <translation>פקודה לא מוכרת ‎/{name}. הקלידו ‎/help לרשימה.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>פועל</translation>
    </message>
    <message>
        <source>off</source>
        <translation>כבוי</translation>
    </message>
    <message>
        <source>**Provider:** {provider} · {model} · {state}</source>
        <translation>**ספק:** {provider} · {model} · {state}</translation>
    </message>
    <message>
        <source>(new)</source>
        <translation>(חדש)</translation>
    </message>
    <message>
        <source>**Tokens this session:** {count}</source>
        <translation>**טוקנים בסשן הזה:** {count}</translation>
    </message>
    <message>
        <source>**Automatic audit:** {audit} · **Plan review:** {review}</source>
        <translation>**ביקורת אוטומטית:** {audit} · **סקירת תוכנית:** {review}</translation>
    </message>
    <message>
        <source>**Talking to:** {who}</source>
        <translation>**שיחה עם:** {who}</translation>
    </message>
    <message>
        <source>the team</source>
        <translation>הצוות</translation>
    </message>
    <message>
        <source>**Data folder:** `{folder}`</source>
        <translation>**תיקיית נתונים:** `{folder}`</translation>
    </message>
    <message>
        <source>status</source>
        <translation>מצב</translation>
    </message>
    <message>
        <source>No runs in this session yet.</source>
        <translation>עדיין אין הרצות בסשן הזה.</translation>
    </message>
    <message>
        <source>| run | status | verdict | directive |</source>
        <translation>| הרצה | מצב | הכרעה | הנחיה |</translation>
    </message>
    <message>
        <source>history</source>
        <translation>היסטוריה</translation>
    </message>
    <message>
        <source>The last run has no tasks (answered directly, or nothing has run yet).</source>
        <translation>להרצה האחרונה אין משימות (נענתה ישירות, או שעדיין לא רץ דבר).</translation>
    </message>
    <message>
        <source>| task | agent | title | status |</source>
        <translation>| משימה | סוכן | כותרת | מצב |</translation>
    </message>
    <message>
        <source>tasks of {run}</source>
        <translation>המשימות של {run}</translation>
    </message>
    <message>
        <source>Thinking panels shown</source>
        <translation>חלוניות המחשבות מוצגות</translation>
    </message>
    <message>
        <source>Thinking panels hidden</source>
        <translation>חלוניות המחשבות מוסתרות</translation>
    </message>
    <message>
        <source>No response has any thinking (the model did not think aloud, or nothing ran yet).</source>
        <translation>לאף תשובה אין מחשבות (המודל לא חשב בקול, או שעדיין לא רץ דבר).</translation>
    </message>
    <message>
        <source>Debug logging is now {state} (the log file: {file}).</source>
        <translation>רישום ניפוי השגיאות עכשיו {state} (קובץ היומן: {file}).</translation>
    </message>
    <message>
        <source>No agent has replied in this session yet: /debug shows the last run&apos;s raw replies.</source>
        <translation>עדיין אף סוכן לא ענה בסשן הזה: ‎/debug מציג את התשובות הגולמיות של ההרצה האחרונה.</translation>
    </message>
    <message>
        <source>No run {run} to show.</source>
        <translation>אין הרצה {run} להצגה.</translation>
    </message>
    <message>
        <source>No run in this session yet: /trace shows one.</source>
        <translation>עדיין אין הרצה בסשן הזה: ‎/trace מציג הרצה.</translation>
    </message>
    <message>
        <source>Automatic audit is now on.</source>
        <translation>הביקורת האוטומטית פועלת עכשיו.</translation>
    </message>
    <message>
        <source>Automatic audit is now off.</source>
        <translation>הביקורת האוטומטית כבויה עכשיו.</translation>
    </message>
    <message>
        <source>Reloaded {count} agents and the settings.</source>
        <translation>נטענו מחדש {count} סוכנים וההגדרות.</translation>
    </message>
    <message>
        <source>The standing brief&apos;s archive is empty: log entries move there once its log holds more than {count} (Settings → Standing brief keeps).</source>
        <translation>הארכיון של התדריך הקבוע ריק: רשומות יומן עוברות אליו כשהיומן מכיל יותר מ־{count} (הגדרות ← התדריך הקבוע שומר).</translation>
    </message>
    <message>
        <source>standing brief: archive</source>
        <translation>התדריך הקבוע: ארכיון</translation>
    </message>
    <message>
        <source>The standing brief was reset to the empty template.</source>
        <translation>התדריך הקבוע אופס לתבנית הריקה.</translation>
    </message>
    <message>
        <source>Nothing to export yet: this session is empty.</source>
        <translation>עדיין אין מה לייצא: הסשן הזה ריק.</translation>
    </message>
</context>
<context>
    <name>Spoken</name>
    <message>
        <source>Your directive</source>
        <translation>ההנחיה שלכם</translation>
    </message>
    <message>
        <source>Your answers</source>
        <translation>התשובות שלכם</translation>
    </message>
    <message>
        <source>You</source>
        <translation>אתם</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>תוצר</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>ביקורת</translation>
    </message>
    <message>
        <source>Your decision</source>
        <translation>ההחלטה שלכם</translation>
    </message>
    <message>
        <source>verdict {verdict}</source>
        <translation>הכרעה {verdict}</translation>
    </message>
    <message>
        <source>revision {number} of {total}</source>
        <translation>גרסה {number} מתוך {total}</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Status message</source>
        <translation>הודעת מצב</translation>
    </message>
    <message>
        <source>Cost this session</source>
        <translation>עלות הסשן הזה</translation>
    </message>
    <message>
        <source>Scheduled runs waiting</source>
        <translation>הרצות מתוזמנות ממתינות</translation>
    </message>
    <message>
        <source>Updating the standing brief…</source>
        <translation>מעדכן את התדריך הקבוע…</translation>
    </message>
    <message>
        <source>Provider and model</source>
        <translation>ספק ומודל</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>חיבור</translation>
    </message>
    <message>
        <source>Tokens this session</source>
        <translation>טוקנים בסשן הזה</translation>
    </message>
    <message>
        <source>Provider {provider}, model {model}</source>
        <translation>ספק {provider}, מודל {model}</translation>
    </message>
    <message>
        <source>{rate} tok/s</source>
        <translation>{rate} טוק׳/שנ׳</translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s) this session</source>
        <translation>
            <numerusform>טוקן אחד בסשן הזה</numerusform>
            <numerusform>{count} טוקנים בסשן הזה</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s)</source>
        <translation>
            <numerusform>טוקן אחד</numerusform>
            <numerusform>{count} טוקנים</numerusform>
        </translation>
    </message>
    <message>
        <source>No tokens yet</source>
        <translation>עדיין אין טוקנים</translation>
    </message>
    <message>
        <source>No tokens</source>
        <translation>אין טוקנים</translation>
    </message>
    <message>
        <source>Scheduled run waits for the current one</source>
        <translation>הרצה מתוזמנת ממתינה להרצה הנוכחית</translation>
    </message>
    <message>
        <source>{count} scheduled runs wait for the current one</source>
        <translation>{count} הרצות מתוזמנות ממתינות להרצה הנוכחית</translation>
    </message>
    <message>
        <source>“{directive}” waits for “{current}”</source>
        <translation>„{directive}” ממתינה ל„{current}”</translation>
    </message>
</context>
<context>
    <name>TitleLabel</name>
    <message>
        <source>Session</source>
        <translation>סשן</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>Resume button: press Enter to resume the run.</source>
        <translation>כפתור המשך: הקישו Enter כדי להמשיך את ההרצה.</translation>
    </message>
    <message>
        <source>Copy Markdown</source>
        <translation>העתקת Markdown</translation>
    </message>
    <message>
        <source>Copy text</source>
        <translation>העתקת טקסט</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>יצירה מחדש</translation>
    </message>
    <message>
        <source>Edit &amp; resend</source>
        <translation>עריכה ושליחה מחדש</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>פתיחת הדוח</translation>
    </message>
    <message>
        <source>Copy the message as Markdown, with its formatting marks</source>
        <translation>העתקת ההודעה כ־Markdown, עם סימני העיצוב</translation>
    </message>
    <message>
        <source>Copy the message as plain text, as it reads on screen</source>
        <translation>העתקת ההודעה כטקסט פשוט, כפי שהיא נראית על המסך</translation>
    </message>
    <message>
        <source>Ask for a new revision of the deliverable</source>
        <translation>בקשת גרסה חדשה של התוצר</translation>
    </message>
    <message>
        <source>Edit the message and send it again</source>
        <translation>עריכת ההודעה ושליחתה שוב</translation>
    </message>
    <message>
        <source>Open the lead&apos;s whole report in a window of its own</source>
        <translation>פתיחת הדוח המלא של המוביל בחלון נפרד</translation>
    </message>
    <message>
        <source>Resume the run where it stopped (Ctrl+R)</source>
        <translation>המשך ההרצה מהמקום שבו נעצרה (Ctrl+R)</translation>
    </message>
    <message>
        <source>Shown in part · Show the full text</source>
        <translation>מוצג בחלקו · הצגת הטקסט המלא</translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <source>Raw replies · {run}</source>
        <translation>תשובות גולמיות · {run}</translation>
    </message>
    <message>
        <source>What each agent sent, in the order it came, before AIPA parsed it: the routing JSON, each lead&apos;s report, the synthesis, the audit memo.</source>
        <translation>מה שכל סוכן שלח, לפי סדר ההגעה, לפני ש־AIPA פענח אותו: ה־JSON של הניתוב, הדוח של כל מוביל, הסינתזה, מזכר הביקורת.</translation>
    </message>
    <message>
        <source>Raw replies of run {run}</source>
        <translation>התשובות הגולמיות של ההרצה {run}</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>מחשבות</translation>
    </message>
    <message numerus="yes">
        <source>{count} word(s) of thinking</source>
        <translation>
            <numerusform>מילה אחת של מחשבה</numerusform>
            <numerusform>{count} מילים של מחשבה</numerusform>
        </translation>
    </message>
    <message>
        <source>Thinking · {what}</source>
        <translation>מחשבות · {what}</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Plan a three-day offsite for 12 people in March, with a budget</source>
        <translation>תכננו כנס חוץ בן שלושה ימים ל־12 אנשים במרץ, כולל תקציב</translation>
    </message>
    <message>
        <source>Compare three CRM tools for a 10-person sales team and recommend one</source>
        <translation>השוו שלושה כלי CRM לצוות מכירות של 10 אנשים והמליצו על אחד</translation>
    </message>
    <message>
        <source>Draft a one-page launch plan for our new mobile app</source>
        <translation>נסחו תוכנית השקה בעמוד אחד לאפליקציה החדשה שלנו</translation>
    </message>
    <message>
        <source>Lead</source>
        <translation>מוביל</translation>
    </message>
    <message>
        <source>Start a session</source>
        <translation>התחלת סשן</translation>
    </message>
    <message>
        <source>YOUR TEAM</source>
        <translation>הצוות שלכם</translation>
    </message>
    <message>
        <source>TRY</source>
        <translation>נסו</translation>
    </message>
    <message>
        <source>Example directive: {text}</source>
        <translation>הנחיה לדוגמה: {text}</translation>
    </message>
    <message>
        <source>Sends this directive to the team</source>
        <translation>שולח את ההנחיה הזו לצוות</translation>
    </message>
    <message>
        <source>runs on this computer: nothing you type leaves it</source>
        <translation>רץ במחשב הזה: דבר ממה שתקלידו לא יוצא ממנו</translation>
    </message>
    <message>
        <source>runs in the cloud: what you type is sent to the provider</source>
        <translation>רץ בענן: מה שתקלידו נשלח לספק</translation>
    </message>
    <message>
        <source>Model: &lt;b&gt;{model}&lt;/b&gt; on {provider} · {where}</source>
        <translation>מודל: &lt;b&gt;{model}&lt;/b&gt; ב־{provider} · {where}</translation>
    </message>
</context>
<context>
    <name>WindowShell</name>
    <message>
        <source>Sidebar</source>
        <translation>סרגל צד</translation>
    </message>
    <message>
        <source>AGENTS</source>
        <translation>סוכנים</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>צוות</translation>
    </message>
    <message>
        <source>Send directives to the whole team (the pipeline)</source>
        <translation>שליחת הנחיות לכל הצוות (הצינור)</translation>
    </message>
    <message>
        <source>Send directives to the whole team instead of one agent</source>
        <translation>שליחת הנחיות לכל הצוות במקום לסוכן אחד</translation>
    </message>
    <message>
        <source>SESSIONS</source>
        <translation>סשנים</translation>
    </message>
    <message>
        <source>Send ▶</source>
        <translation>שליחה ◀</translation>
    </message>
    <message>
        <source>Send the directive to the team</source>
        <translation>שליחת ההנחיה לצוות</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ עצירה</translation>
    </message>
    <message>
        <source>Stop the run (Esc)</source>
        <translation>עצירת ההרצה (Esc)</translation>
    </message>
    <message>
        <source>Stop the run in progress; it can be resumed later</source>
        <translation>עצירת ההרצה הנוכחית; אפשר להמשיך אותה מאוחר יותר</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <source>running</source>
        <translation>רצה</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>מושהית</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>נקטעה</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>נכשלה</translation>
    </message>
    <message>
        <source>done</source>
        <translation>הושלם</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>נדחתה</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>עבר</translation>
    </message>
    <message>
        <source>PASS WITH NOTES</source>
        <translation>עבר עם הערות</translation>
    </message>
    <message>
        <source>FLAG</source>
        <translation>סומן</translation>
    </message>
    <message>
        <source>REJECT</source>
        <translation>נדחה</translation>
    </message>
    <message>
        <source>NONE</source>
        <translation>אין</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>פנוי</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>בתור</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>בקריאה</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>חושב</translation>
    </message>
    <message>
        <source>streaming</source>
        <translation>כותב</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>כותב</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>ממתין</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>ממתין להרשאתך</translation>
    </message>
    <message>
        <source>working</source>
        <translation>עובד</translation>
    </message>
    <message>
        <source>error</source>
        <translation>שגיאה</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ממתין</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>בביצוע</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>הושלם</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>נעצר</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>מחובר</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>לא זמין</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>לא ידוע</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>הרצת ניסיון</translation>
    </message>
    <message>
        <source>Chief of Staff</source>
        <translation>ראש המטה</translation>
    </message>
    <message>
        <source>Auditor</source>
        <translation>מבקרת</translation>
    </message>
    <message>
        <source>Recruiter</source>
        <translation>מגייסת</translation>
    </message>
    <message>
        <source>route</source>
        <translation>ניתוב</translation>
    </message>
    <message>
        <source>clarify</source>
        <translation>הבהרה</translation>
    </message>
    <message>
        <source>plan review</source>
        <translation>סקירת תוכנית</translation>
    </message>
    <message>
        <source>dispatch</source>
        <translation>חלוקה</translation>
    </message>
    <message>
        <source>synthesize</source>
        <translation>סינתזה</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>ביקורת</translation>
    </message>
    <message>
        <source>review</source>
        <translation>סקירה</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>תקציב</translation>
    </message>
</context>
</TS>
