<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="he" sourcelanguage="en">
<context>
    <name>AgentEditor</name>
    <message>
        <source>model default</source>
        <translation>ברירת המחדל של המודל</translation>
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
        <source>Agents</source>
        <translation>סוכנים</translation>
    </message>
    <message>
        <source>New agent</source>
        <translation>סוכן חדש</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>מחיקה</translation>
    </message>
    <message>
        <source>Roles</source>
        <translation>תפקידים</translation>
    </message>
    <message>
        <source>Save roles</source>
        <translation>שמירת התפקידים</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(ברירת מחדל)</translation>
    </message>
    <message>
        <source>provider default</source>
        <translation>ברירת המחדל של הספק</translation>
    </message>
    <message>
        <source>remembers the session&apos;s conversation with it</source>
        <translation>זוכר את השיחה איתו בהפעלה</translation>
    </message>
    <message>
        <source>For thinking models (Ollama, Anthropic): off answers faster</source>
        <translation>למודלים חושבים (Ollama, Anthropic): כבוי עונה מהר יותר</translation>
    </message>
    <message>
        <source>none: it only writes text</source>
        <translation>אין: הוא רק כותב טקסט</translation>
    </message>
    <message>
        <source>The tools this agent may use, separated by commas (e.g. web_search, read_file)</source>
        <translation>הכלים שהסוכן רשאי להשתמש בהם, מופרדים בפסיקים (למשל web_search, read_file)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>שם</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>תואר</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>תיאור</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>צבע</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>ספק</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>מודל</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>טמפרטורה</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>מקסימום טוקנים</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>חשיבה</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>כלים</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>הנחיית מערכת</translation>
    </message>
    <message>
        <source>Save agent</source>
        <translation>שמירת הסוכן</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>סגירה</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>מובנה</translation>
    </message>
    <message>
        <source>override</source>
        <translation>עקיפה</translation>
    </message>
    <message>
        <source>yours</source>
        <translation>שלך</translation>
    </message>
    <message>
        <source>Shipped agent: saving writes your own override (delete it to go back).</source>
        <translation>סוכן מובנה: שמירה כותבת עקיפה משלך (מחיקתה מחזירה את המקור).</translation>
    </message>
    <message>
        <source>Your override of a shipped agent.</source>
        <translation>העקיפה שלך לסוכן מובנה.</translation>
    </message>
    <message>
        <source>Your agent.</source>
        <translation>הסוכן שלך.</translation>
    </message>
    <message>
        <source>Remove override</source>
        <translation>הסרת העקיפה</translation>
    </message>
    <message>
        <source>A new agent of yours: it becomes a lead the Chief of Staff can brief.</source>
        <translation>סוכן חדש שלך: הוא יהיה ראש צוות שראש המטה יכול לתדרך.</translation>
    </message>
    <message>
        <source>an agent named {name} already exists</source>
        <translation>כבר קיים סוכן בשם {name}</translation>
    </message>
    <message>
        <source>Delete agent?</source>
        <translation>למחוק את הסוכן?</translation>
    </message>
    <message>
        <source>Delete your file for {name}?</source>
        <translation>למחוק את הקובץ שלך עבור {name}?</translation>
    </message>
    <message>
        <source>Each role needs a different agent.</source>
        <translation>כל תפקיד צריך סוכן אחר.</translation>
    </message>
</context>
<context>
    <name>ApiPage</name>
    <message>
        <source>Other programs on this computer (an editor, a script, any OpenAI-compatible client) can hand the team a directive at &lt;code&gt;/v1/chat/completions&lt;/code&gt;, with model &lt;code&gt;aipa-team&lt;/code&gt; or one agent&apos;s name, while this window is open. Each request needs the token below. A run that reaches a gate waits for you in the Inbox unless its client is listed under Accept reviews.</source>
        <translation>תוכנות אחרות במחשב הזה (עורך, סקריפט, כל לקוח תואם OpenAI) יכולות למסור לצוות הנחיה ב־&lt;code&gt;/v1/chat/completions&lt;/code&gt;, עם המודל &lt;code&gt;aipa-team&lt;/code&gt; או שם של סוכן, כל עוד החלון הזה פתוח. כל בקשה צריכה את האסימון שלמטה. הרצה שמגיעה לשער ממתינה לך בתיבת הדואר הנכנס, אלא אם הלקוח שלה מופיע תחת אישור סקירות.</translation>
    </message>
    <message>
        <source>Serve the team on this computer while the window is open</source>
        <translation>להגיש את הצוות במחשב הזה כל עוד החלון פתוח</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>‏API מקומי</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>פורט</translation>
    </message>
    <message>
        <source> at once</source>
        <translation> בו־זמנית</translation>
    </message>
    <message>
        <source>Runs at once</source>
        <translation>הרצות בו־זמנית</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>הרצות</translation>
    </message>
    <message>
        <source>made when first shown or turned on</source>
        <translation>נוצר בהצגה הראשונה או בהפעלה</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>אסימון Bearer</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>הצגה</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>העתקה</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>יצירה מחדש</translation>
    </message>
    <message>
        <source>Make a new token; clients holding the old one are refused from now on</source>
        <translation>יצירת אסימון חדש; לקוחות עם הישן יידחו מעכשיו</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>אסימון</translation>
    </message>
    <message>
        <source>none: every review waits for you</source>
        <translation>אין: כל סקירה ממתינה לך</translation>
    </message>
    <message>
        <source>Clients whose reviews are accepted</source>
        <translation>לקוחות שהסקירות שלהם מאושרות</translation>
    </message>
    <message>
        <source>The request&apos;s user field, comma-separated: their final reviews are accepted</source>
        <translation>שדה user של הבקשה, מופרד בפסיקים: הסקירות הסופיות שלהם מאושרות</translation>
    </message>
    <message>
        <source>Accept reviews of</source>
        <translation>אישור סקירות של</translation>
    </message>
    <message>
        <source>No keyring keeps the token: it works until AIPA closes.</source>
        <translation>אין מחזיק מפתחות ששומר את האסימון: הוא תקף עד סגירת AIPA.</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>הסתרה</translation>
    </message>
    <message>
        <source>Token copied.</source>
        <translation>האסימון הועתק.</translation>
    </message>
    <message>
        <source>A new token: clients holding the old one are refused now.</source>
        <translation>אסימון חדש: לקוחות עם הישן נדחים מעכשיו.</translation>
    </message>
    <message>
        <source>Binds {host}: reachable from other computers.</source>
        <translation>מאזין ב־{host}: נגיש ממחשבים אחרים.</translation>
    </message>
    <message>
        <source>Binds 127.0.0.1: only this computer can reach it.</source>
        <translation>מאזין ב־127.0.0.1: רק המחשב הזה יכול להגיע אליו.</translation>
    </message>
    <message>
        <source>Serving on {url}</source>
        <translation>מוגש בכתובת {url}</translation>
    </message>
    <message>
        <source>Off.</source>
        <translation>כבוי.</translation>
    </message>
</context>
<context>
    <name>BriefEditor</name>
    <message>
        <source>Standing brief</source>
        <translation>תדריך קבוע</translation>
    </message>
    <message>
        <source>The Chief of Staff&apos;s working memory across sessions. It is rewritten when a session closes; edit it to correct or add what the team should remember.</source>
        <translation>זיכרון העבודה של ראש המטה בין הפעלות. הוא נכתב מחדש כשהפעלה נסגרת; אפשר לערוך אותו כדי לתקן או להוסיף את מה שהצוות צריך לזכור.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>שמירה</translation>
    </message>
    <message>
        <source>Reset to template…</source>
        <translation>איפוס לתבנית…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>סגירה</translation>
    </message>
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
</context>
<context>
    <name>BriefsRerunDialog</name>
    <message>
        <source>Edit briefs and re-run</source>
        <translation>עריכת התדריכים והרצה מחדש</translation>
    </message>
    <message>
        <source>Change what a lead is asked. Only the leads whose brief you change run again, then the synthesis and the audit; the other reports are kept as they are. The run so far stays as an earlier revision.</source>
        <translation>שנו את מה שמתבקש מראש צוות. רק ראשי הצוות שתדריכם שיניתם ירוצו שוב, ואחריהם הסינתזה והביקורת; שאר הדוחות נשמרים כפי שהם. ההרצה עד כה נשמרת כגרסה קודמת.</translation>
    </message>
    <message>
        <source>Brief for {lead}: {title}</source>
        <translation>תדריך עבור {lead}: {title}</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>הרצה מחדש</translation>
    </message>
    <message>
        <source>No brief changed yet.</source>
        <translation>עדיין לא שונה אף תדריך.</translation>
    </message>
    <message numerus="yes">
        <source>{count} lead(s) will run again.</source>
        <translation>
            <numerusform>ראש צוות אחד ירוץ שוב.</numerusform>
            <numerusform>{count} ראשי צוות ירוצו שוב.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BuiltinPage</name>
    <message>
        <source>Built-in engine</source>
        <translation>מנוע מובנה</translation>
    </message>
    <message>
        <source>AIPA runs a GGUF model file itself with llama.cpp, on 127.0.0.1 only. Nothing to install.</source>
        <translation>‏AIPA מריצה בעצמה קובץ מודל GGUF עם llama.cpp, על 127.0.0.1 בלבד. אין מה להתקין.</translation>
    </message>
    <message>
        <source>✓ The engine is installed.</source>
        <translation>‏✓ המנוע מותקן.</translation>
    </message>
    <message>
        <source>✗ The engine is not installed: {hint}</source>
        <translation>‏✗ המנוע לא מותקן: {hint}</translation>
    </message>
    <message>
        <source>Your models (in {folder}):</source>
        <translation>המודלים שלך (ב־{folder}):</translation>
    </message>
    <message>
        <source>Downloaded models</source>
        <translation>מודלים שהורדו</translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation>ייבוא קובץ GGUF…</translation>
    </message>
    <message>
        <source>Import a GGUF model file</source>
        <translation>ייבוא קובץ מודל GGUF</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>מודלי GGUF ‏(*.gguf)</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <source>Download a model</source>
        <translation>הורדת מודל</translation>
    </message>
    <message>
        <source>Models for the built-in engine go to {folder}.</source>
        <translation>מודלים למנוע המובנה נשמרים ב־{folder}.</translation>
    </message>
</context>
<context>
    <name>CatalogueView</name>
    <message>
        <source>Model</source>
        <translation>מודל</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>גודל</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>זיכרון</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>רישיון</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>המחשב הזה</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>מצב</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>מתאים ל</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>מתאים</translation>
    </message>
    <message>
        <source>tight</source>
        <translation>צפוף</translation>
    </message>
    <message>
        <source>too big</source>
        <translation>גדול מדי</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum (this computer has {gb} GB of memory):</source>
        <translation>מודלים מומלצים, מורדים מהמפרסמים שלהם ונבדקים מול סיכום ביקורת קבוע (במחשב הזה {gb} GB זיכרון):</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum:</source>
        <translation>מודלים מומלצים, מורדים מהמפרסמים שלהם ונבדקים מול סיכום ביקורת קבוע:</translation>
    </message>
    <message>
        <source>Recommended models</source>
        <translation>מודלים מומלצים</translation>
    </message>
    <message>
        <source>Choose a model and press Download; its size, memory and licence are shown</source>
        <translation>יש לבחור מודל וללחוץ הורדה; מוצגים גודלו, הזיכרון הנדרש והרישיון</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>הורדה</translation>
    </message>
    <message>
        <source>Download the chosen model (resumes a paused download)</source>
        <translation>הורדת המודל שנבחר (ממשיכה הורדה שהושהתה)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>ביטול</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>רישיון: {licence}</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>הורד</translation>
    </message>
    <message>
        <source>paused at {percent}%</source>
        <translation>מושהה ב־{percent}%</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>לא הורד</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum</source>
        <translation>מודלים מומלצים, מורדים מהמפרסמים שלהם ונבדקים מול סכום ביקורת קבוע</translation>
    </message>
    <message>
        <source> (this computer has {gb} GB of memory)</source>
        <translation> (למחשב זה יש {gb} GB זיכרון)</translation>
    </message>
    <message>
        <source>the best that fits this computer</source>
        <translation>הטוב ביותר שמתאים למחשב זה</translation>
    </message>
    <message>
        <source>a safe start on most computers</source>
        <translation>התחלה בטוחה ברוב המחשבים</translation>
    </message>
    <message>
        <source>Preselected: &lt;b&gt;{title}&lt;/b&gt;, {why}.</source>
        <translation>נבחר מראש: &lt;b&gt;{title}&lt;/b&gt;, {why}.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>המשך</translation>
    </message>
    <message>
        <source>✓ {model} is ready.</source>
        <translation>‏✓ {model} מוכן.</translation>
    </message>
</context>
<context>
    <name>ChecklistEditor</name>
    <message>
        <source>Checklist</source>
        <translation>רשימת בדיקות</translation>
    </message>
    <message>
        <source>New check</source>
        <translation>בדיקה חדשה</translation>
    </message>
    <message>
        <source>Add a check: “at most 120 words”, “must mention the deposit”</source>
        <translation>הוספת בדיקה: „לכל היותר 120 מילים”, „חייב להזכיר את הפיקדון”</translation>
    </message>
    <message>
        <source>Add check</source>
        <translation>הוספת בדיקה</translation>
    </message>
    <message>
        <source>No checks: the audit judges the deliverable as a whole.</source>
        <translation>אין בדיקות: הביקורת שופטת את התוצר כשלם.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>הסרה</translation>
    </message>
    <message>
        <source>Remove check {id}</source>
        <translation>הסרת הבדיקה {id}</translation>
    </message>
    <message>
        <source>Take “{text}” off the checklist</source>
        <translation>הסרת „{text}” מרשימת הבדיקות</translation>
    </message>
    <message>
        <source>Added: {checks}</source>
        <translation>נוספו: {checks}</translation>
    </message>
    <message>
        <source>Already on the checklist.</source>
        <translation>כבר ברשימת הבדיקות.</translation>
    </message>
    <message>
        <source>Removed: {id}</source>
        <translation>הוסרה: {id}</translation>
    </message>
    <message>
        <source>The checklist could not be changed: {error}</source>
        <translation>לא ניתן היה לשנות את רשימת הבדיקות: {error}</translation>
    </message>
    <message>
        <source>A check added here is measured on the revision Edit… asks for</source>
        <translation>בדיקה שנוספה כאן נמדדת על הגרסה ש„עריכה…” מבקשת</translation>
    </message>
</context>
<context>
    <name>ClarifyDialog</name>
    <message>
        <source>The team has questions</source>
        <translation>לצוות יש שאלות</translation>
    </message>
    <message>
        <source>Before briefing the team, the Chief of Staff needs a few details.</source>
        <translation>לפני תדרוך הצוות, ראש המטה צריכה כמה פרטים.</translation>
    </message>
    <message>
        <source>Your answer (leave empty for “use your judgment”; Ctrl+Enter sends)</source>
        <translation>התשובה שלך (ריק = ”לפי שיקול דעתך“; Ctrl+Enter שולח)</translation>
    </message>
    <message>
        <source>Send answers</source>
        <translation>שליחת התשובות</translation>
    </message>
    <message>
        <source>Send the answers (Ctrl+Enter)</source>
        <translation>שליחת התשובות (Ctrl+Enter)</translation>
    </message>
</context>
<context>
    <name>CloudPage</name>
    <message>
        <source>Server</source>
        <translation>שרת</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>כתובת בסיס</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>מפתח API</translation>
    </message>
    <message>
        <source>Check and save key</source>
        <translation>בדיקה ושמירת המפתח</translation>
    </message>
    <message>
        <source>Checking the keyring…</source>
        <translation>בודק את מחזיק המפתחות…</translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: local ones need no key.</source>
        <translation>כל שרת שמדבר ב־API של OpenAI: שרתים מקומיים לא צריכים מפתח.</translation>
    </message>
    <message>
        <source>{kind} models in the cloud. Your key is stored in the OS keyring only.</source>
        <translation>מודלים של {kind} בענן. המפתח שלך נשמר רק במחזיק המפתחות של המערכת.</translation>
    </message>
    <message>
        <source>Custom server</source>
        <translation>שרת מותאם אישית</translation>
    </message>
    <message>
        <source>API key (local servers need none)</source>
        <translation>מפתח API (שרתים מקומיים לא צריכים)</translation>
    </message>
    <message>
        <source>paste your API key here</source>
        <translation>יש להדביק כאן את מפתח ה־API</translation>
    </message>
    <message>
        <source>Check the connection</source>
        <translation>בדיקת החיבור</translation>
    </message>
    <message>
        <source>{server} runs on this computer and needs no key: start it, then check the connection.</source>
        <translation>‏{server} רץ במחשב הזה ולא צריך מפתח: יש להפעיל אותו ואז לבדוק את החיבור.</translation>
    </message>
    <message>
        <source>Get a key at {link}.</source>
        <translation>אפשר לקבל מפתח ב־{link}.</translation>
    </message>
    <message>
        <source>Never a plaintext file.</source>
        <translation>לעולם לא קובץ טקסט גלוי.</translation>
    </message>
    <message>
        <source>a key is set: paste a new one to replace it</source>
        <translation>מוגדר מפתח: אפשר להדביק חדש כדי להחליף אותו</translation>
    </message>
    <message>
        <source>no key set (this server needs none)</source>
        <translation>לא הוגדר מפתח (השרת הזה לא צריך)</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare revisions</source>
        <translation>השוואת גרסאות</translation>
    </message>
    <message>
        <source>Older revision</source>
        <translation>גרסה ישנה יותר</translation>
    </message>
    <message>
        <source>Newer revision</source>
        <translation>גרסה חדשה יותר</translation>
    </message>
    <message>
        <source>&amp;Left:</source>
        <translation>&amp;שמאל:</translation>
    </message>
    <message>
        <source>&amp;Right:</source>
        <translation>&amp;ימין:</translation>
    </message>
    <message>
        <source>Left: words the right one no longer has, struck through. Right: words it added, underlined.</source>
        <translation>שמאל: מילים שכבר אינן בצד ימין, מחוקות בקו. ימין: מילים שנוספו, עם קו תחתון.</translation>
    </message>
    <message>
        <source>Revision {n} of {total}</source>
        <translation>גרסה {n} מתוך {total}</translation>
    </message>
    <message>
        <source>The two deliverables are the same.</source>
        <translation>שני התוצרים זהים.</translation>
    </message>
    <message>
        <source>{removed} words removed, {added} words added.</source>
        <translation>{removed} מילים הוסרו, {added} מילים נוספו.</translation>
    </message>
    <message>
        <source>Deliverable of {which}, removed words struck through</source>
        <translation>התוצר של {which}, מילים שהוסרו מחוקות בקו</translation>
    </message>
    <message>
        <source>Deliverable of {which}, added words underlined</source>
        <translation>התוצר של {which}, מילים שנוספו עם קו תחתון</translation>
    </message>
    <message>
        <source>Removed: {words}</source>
        <translation>הוסרו: {words}</translation>
    </message>
    <message>
        <source>Added: {words}</source>
        <translation>נוספו: {words}</translation>
    </message>
</context>
<context>
    <name>DataPage</name>
    <message>
        <source>Last backup</source>
        <translation>גיבוי אחרון</translation>
    </message>
    <message>
        <source>Back up now</source>
        <translation>גבה עכשיו</translation>
    </message>
    <message>
        <source>Restore…</source>
        <translation>שחזור…</translation>
    </message>
    <message>
        <source>Export all…</source>
        <translation>ייצוא הכול…</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>ייבוא…</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>נוצר</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>סוג</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>שיחות</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>הרצות</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>גודל</translation>
    </message>
    <message>
        <source>Backups</source>
        <translation>גיבויים</translation>
    </message>
    <message>
        <source>A verified backup is made by itself once a day, and before every upgrade, restore, import and emptying of the Trash. Backups hold your sessions, settings and agents, never a key.</source>
        <translation>גיבוי מאומת נוצר מעצמו פעם ביום, ולפני כל שדרוג, שחזור, ייבוא וריקון האשפה. הגיבויים מכילים את השיחות, ההגדרות והסוכנים שלך, אף פעם לא מפתח.</translation>
    </message>
    <message>
        <source>{when} · {kind} · {sessions} sessions, {runs} runs · verified</source>
        <translation>{when} · {kind} · {sessions} שיחות, {runs} הרצות · מאומת</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>עדיין אין</translation>
    </message>
    <message>
        <source>Backing up…</source>
        <translation>מגבה…</translation>
    </message>
    <message>
        <source>Backed up {sessions} sessions and {runs} runs: {path}</source>
        <translation>גובו {sessions} שיחות ו-{runs} הרצות: {path}</translation>
    </message>
    <message>
        <source>Exporting everything…</source>
        <translation>מייצא הכול…</translation>
    </message>
    <message>
        <source>Exported {sessions} sessions and {runs} runs to {path}</source>
        <translation>יוצאו {sessions} שיחות ו-{runs} הרצות אל {path}</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>מייבא…</translation>
    </message>
    <message>
        <source>Export everything to</source>
        <translation>ייצוא הכול אל</translation>
    </message>
    <message>
        <source>Archives (*.zip)</source>
        <translation>ארכיונים (*.zip)</translation>
    </message>
    <message>
        <source>Import an archive</source>
        <translation>ייבוא ארכיון</translation>
    </message>
    <message>
        <source>Restore a backup</source>
        <translation>שחזור גיבוי</translation>
    </message>
    <message>
        <source>Backups (*.db)</source>
        <translation>גיבויים (*.db)</translation>
    </message>
    <message>
        <source>Replace your data with {path}? Your data as it is now is backed up first. AIPA closes, restores and opens again.</source>
        <translation>להחליף את הנתונים שלך ב-{path}? הנתונים כפי שהם עכשיו מגובים קודם. AIPA ייסגר, ישחזר וייפתח מחדש.</translation>
    </message>
    <message>
        <source>Restore and restart</source>
        <translation>שחזר והפעל מחדש</translation>
    </message>
</context>
<context>
    <name>GateDialog</name>
    <message>
        <source>Later</source>
        <translation>אחר כך</translation>
    </message>
    <message>
        <source>Leave the run waiting; answer it when you are ready</source>
        <translation>להשאיר את ההרצה ממתינה; לענות כשמוכנים</translation>
    </message>
</context>
<context>
    <name>Kinds</name>
    <message>
        <source>Ollama (local)</source>
        <translation>‏Ollama (מקומי)</translation>
    </message>
    <message>
        <source>Built-in llama.cpp engine</source>
        <translation>מנוע llama.cpp מובנה</translation>
    </message>
    <message>
        <source>Built-in engine</source>
        <translation>מנוע מובנה</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>שרת תואם OpenAI</translation>
    </message>
    <message>
        <source>Scripted (dry run, no network)</source>
        <translation>מתוסרט (הרצת ניסיון, ללא רשת)</translation>
    </message>
    <message>
        <source>Scripted</source>
        <translation>מתוסרט</translation>
    </message>
    <message>
        <source>Open models on this computer: private, free, offline once pulled.</source>
        <translation>מודלים פתוחים במחשב הזה: פרטי, חינמי, לא מקוון אחרי המשיכה.</translation>
    </message>
    <message>
        <source>AIPA runs a GGUF model file itself: nothing to install.</source>
        <translation>‏AIPA מריצה בעצמה קובץ מודל GGUF: אין מה להתקין.</translation>
    </message>
    <message>
        <source>GPT models in the cloud; needs an API key.</source>
        <translation>מודלי GPT בענן; נדרש מפתח API.</translation>
    </message>
    <message>
        <source>Claude models in the cloud; needs an API key.</source>
        <translation>מודלי Claude בענן; נדרש מפתח API.</translation>
    </message>
    <message>
        <source>LM Studio, llama.cpp server, vLLM, Groq, Together, Mistral, OpenRouter…</source>
        <translation>‏LM Studio, שרת llama.cpp, ‏vLLM, ‏Groq, ‏Together, ‏Mistral, ‏OpenRouter…</translation>
    </message>
    <message>
        <source>Canned answers, no model: a dry run.</source>
        <translation>תשובות מוכנות מראש, ללא מודל: הרצת ניסיון.</translation>
    </message>
    <message>
        <source>llama.cpp server</source>
        <translation>שרת llama.cpp</translation>
    </message>
</context>
<context>
    <name>McpPage</name>
    <message>
        <source>MCP servers give the team more tools. A lead may use a server&apos;s tools when its agent lists them (&lt;code&gt;server.tool&lt;/code&gt; or &lt;code&gt;server.*&lt;/code&gt;). Every call asks you first, unless the tool is checked below &lt;i&gt;and&lt;/i&gt; the server marks it read-only.</source>
        <translation>שרתי MCP נותנים לצוות כלים נוספים. ראש צוות רשאי להשתמש בכלים של שרת כשהסוכן שלו מפרט אותם (&lt;code&gt;server.tool&lt;/code&gt; או &lt;code&gt;server.*&lt;/code&gt;). כל קריאה שואלת אותך קודם, אלא אם הכלי מסומן למטה &lt;i&gt;וגם&lt;/i&gt; השרת מסמן אותו כקריאה בלבד.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>שרתי MCP</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>‏&amp;הוספה</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>ה&amp;סרה</translation>
    </message>
    <message>
        <source>notes (letters, digits, - or _)</source>
        <translation>‏notes (אותיות, ספרות, ‎- או _)</translation>
    </message>
    <message>
        <source>A command (stdio)</source>
        <translation>פקודה (stdio)</translation>
    </message>
    <message>
        <source>A URL (streamable HTTP)</source>
        <translation>כתובת URL (HTTP עם הזרמה)</translation>
    </message>
    <message>
        <source>e.g. npx -y @modelcontextprotocol/server-filesystem ~/notes</source>
        <translation>למשל npx -y @modelcontextprotocol/server-filesystem ~/notes</translation>
    </message>
    <message>
        <source>NAME=value, one per line</source>
        <translation>‏NAME=ערך, אחד בכל שורה</translation>
    </message>
    <message>
        <source> s per call</source>
        <translation> שנ׳ לקריאה</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>שם</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>רץ כ־</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>פקודה</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>‏URL</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>סביבה</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>מגבלת זמן</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>‏&amp;בדיקה</translation>
    </message>
    <message>
        <source>Start the server and list its tools</source>
        <translation>הפעלת השרת והצגת הכלים שלו</translation>
    </message>
    <message>
        <source>Tools allowed without asking</source>
        <translation>כלים מותרים בלי לשאול</translation>
    </message>
    <message>
        <source>Allowed without asking</source>
        <translation>מותר בלי לשאול</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(ללא שם)</translation>
    </message>
    <message>
        <source>two servers are named &apos;{name}&apos;</source>
        <translation>לשני שרתים יש את השם &apos;{name}&apos;</translation>
    </message>
    <message>
        <source>MCP server: {problem}</source>
        <translation>שרת MCP: ‏{problem}</translation>
    </message>
    <message>
        <source> — read-only</source>
        <translation> — לקריאה בלבד</translation>
    </message>
    <message>
        <source> — may change things</source>
        <translation> — עשוי לשנות דברים</translation>
    </message>
    <message>
        <source>Checked: runs without asking if the server marks it read-only; otherwise it asks</source>
        <translation>מסומן: רץ בלי לשאול אם השרת מסמן אותו כקריאה בלבד; אחרת שואל</translation>
    </message>
    <message>
        <source>Starting the server…</source>
        <translation>מפעיל את השרת…</translation>
    </message>
    <message>
        <source>Started: 1 tool.</source>
        <translation>הופעל: כלי אחד.</translation>
    </message>
    <message numerus="yes">
        <source>Started: %n tools.</source>
        <translation>
            <numerusform>הופעל: %n כלים.</numerusform>
            <numerusform>הופעל: %n כלים.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MessageDialog</name>
    <message>
        <source>Close</source>
        <translation>סגירה</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>ביטול</translation>
    </message>
</context>
<context>
    <name>ModelPage</name>
    <message>
        <source>The team&apos;s model</source>
        <translation>המודל של הצוות</translation>
    </message>
    <message>
        <source>Miranda (orchestrator), the leads and Vera (auditor) all use this model, unless an agent has its own (Settings → Agents).</source>
        <translation>‏Miranda (מתזמרת), ראשי הצוותים ו־Vera (מבקרת) משתמשים כולם במודל הזה, אלא אם לסוכן יש מודל משלו (הגדרות ← סוכנים).</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>מודל ברירת מחדל</translation>
    </message>
    <message>
        <source>the provider&apos;s default</source>
        <translation>ברירת המחדל של הספק</translation>
    </message>
    <message>
        <source>default</source>
        <translation>ברירת מחדל</translation>
    </message>
    <message>
        <source>{agent} ({role}) keeps its own: {model}</source>
        <translation>‏{agent} ‏({role}) שומר את שלו: {model}</translation>
    </message>
    <message>
        <source>{agent} ({role}): {model}</source>
        <translation>‏{agent} ‏({role}): {model}</translation>
    </message>
</context>
<context>
    <name>OllamaPage</name>
    <message>
        <source>Ollama runs open models on this computer: private, free, offline once a model is pulled.</source>
        <translation>‏Ollama מריץ מודלים פתוחים במחשב הזה: פרטי, חינמי, ולא מקוון אחרי שמודל נמשך.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>שרת</translation>
    </message>
    <message>
        <source>{variable}, else {url}</source>
        <translation>‏{variable}, אחרת {url}</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>בדיקה חוזרת</translation>
    </message>
    <message>
        <source>Looking for Ollama…</source>
        <translation>מחפש את Ollama…</translation>
    </message>
    <message>
        <source>Use the built-in engine instead (nothing to install)</source>
        <translation>שימוש במנוע המובנה במקום (אין מה להתקין)</translation>
    </message>
    <message>
        <source>This computer has {gb} GB of memory: the suggestions below fit it.</source>
        <translation>במחשב הזה {gb} GB זיכרון: ההצעות שלמטה מתאימות לו.</translation>
    </message>
    <message>
        <source>Suggested models:</source>
        <translation>מודלים מוצעים:</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>מודל</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>גודל</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>מצב</translation>
    </message>
    <message>
        <source>a name from ollama.com/library, e.g. qwen3:8b</source>
        <translation>שם מתוך ollama.com/library, למשל qwen3:8b</translation>
    </message>
    <message>
        <source>Pull</source>
        <translation>משיכה</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>ביטול</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>מוכן</translation>
    </message>
    <message>
        <source>pulled</source>
        <translation>נמשך</translation>
    </message>
    <message>
        <source>not pulled</source>
        <translation>לא נמשך</translation>
    </message>
    <message>
        <source>runs well with {memory} of memory or more</source>
        <translation>רץ היטב עם {memory} זיכרון ומעלה</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>לא זמין</translation>
    </message>
    <message>
        <source>pulling…</source>
        <translation>מושך…</translation>
    </message>
    <message>
        <source>paused (resumable)</source>
        <translation>מושהה (ניתן להמשיך)</translation>
    </message>
    <message>
        <source>stalled (resumable)</source>
        <translation>תקוע (ניתן להמשיך)</translation>
    </message>
</context>
<context>
    <name>PlanController</name>
    <message>
        <source>Describe the project, then press Start.</source>
        <translation>יש לתאר את הפרויקט ואז ללחוץ התחלה.</translation>
    </message>
    <message>
        <source>Working on {stage}…</source>
        <translation>עובד על {stage}…</translation>
    </message>
    <message>
        <source>the plan</source>
        <translation>התכנית</translation>
    </message>
    <message>
        <source>Waiting for you at {stage}: press Resume to continue.</source>
        <translation>ממתין לך בשלב {stage}: יש ללחוץ המשך כדי להמשיך.</translation>
    </message>
    <message>
        <source>a gate</source>
        <translation>שער</translation>
    </message>
    <message>
        <source>Stopped at {stage}: press Resume to continue.</source>
        <translation>נעצר בשלב {stage}: יש ללחוץ המשך כדי להמשיך.</translation>
    </message>
    <message>
        <source>a stage</source>
        <translation>שלב</translation>
    </message>
    <message>
        <source>Failed at {stage}: {error}. Resume retries it.</source>
        <translation>נכשל בשלב {stage}: ‏{error}. המשך ינסה שוב.</translation>
    </message>
    <message>
        <source>see the log</source>
        <translation>ראו את היומן</translation>
    </message>
    <message>
        <source>The plan is complete.</source>
        <translation>התכנית הושלמה.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>הסתיים.</translation>
    </message>
    <message>
        <source>{agent} is writing {stage}… {count} chars</source>
        <translation>‏{agent} כותב את {stage}… {count} תווים</translation>
    </message>
    <message>
        <source>Waiting: {reason}. Resume when you are ready.</source>
        <translation>ממתין: {reason}. אפשר להמשיך כשמוכנים.</translation>
    </message>
    <message>
        <source>The plan was rejected.</source>
        <translation>התכנית נדחתה.</translation>
    </message>
    <message>
        <source>The plan is running: stop it first.</source>
        <translation>התכנית רצה: יש לעצור אותה קודם.</translation>
    </message>
    <message>
        <source>Describe the project first.</source>
        <translation>יש לתאר קודם את הפרויקט.</translation>
    </message>
    <message>
        <source>Nothing to resume.</source>
        <translation>אין מה להמשיך.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>עוצר…</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>אין עדיין מה לייצא.</translation>
    </message>
    <message>
        <source>Could not write {path}: {error}</source>
        <translation>לא ניתן לכתוב את {path}: ‏{error}</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>יוצא אל {path}</translation>
    </message>
</context>
<context>
    <name>PlanRunsDialog</name>
    <message>
        <source>Open a plan run</source>
        <translation>פתיחת הרצת תכנון</translation>
    </message>
    <message>
        <source>Plans you started, newest first. Waiting or stopped ones can be resumed.</source>
        <translation>תכניות שהתחלת, החדשות קודם. אפשר להמשיך תכניות ממתינות או עצורות.</translation>
    </message>
    <message>
        <source>{status} at {stage}</source>
        <translation>‏{status} בשלב {stage}</translation>
    </message>
    <message>
        <source>No plans yet: Session → Plan a project…</source>
        <translation>אין עדיין תכניות: הפעלה ← תכנון פרויקט…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>פתיחה</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>סגירה</translation>
    </message>
</context>
<context>
    <name>PlanStages</name>
    <message>
        <source>intake</source>
        <translation>קליטה</translation>
    </message>
    <message>
        <source>clarify</source>
        <translation>הבהרה</translation>
    </message>
    <message>
        <source>analysis</source>
        <translation>ניתוח</translation>
    </message>
    <message>
        <source>features</source>
        <translation>תכונות</translation>
    </message>
    <message>
        <source>stories</source>
        <translation>סיפורים</translation>
    </message>
    <message>
        <source>tasks</source>
        <translation>משימות</translation>
    </message>
    <message>
        <source>sprints</source>
        <translation>ספרינטים</translation>
    </message>
    <message>
        <source>running</source>
        <translation>רץ</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>מושהה</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>נקטע</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>נכשל</translation>
    </message>
    <message>
        <source>done</source>
        <translation>הסתיים</translation>
    </message>
</context>
<context>
    <name>PlanTree</name>
    <message>
        <source>Item</source>
        <translation>פריט</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>נקודות</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>עדיפות</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>תווית</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>פרטים</translation>
    </message>
    <message>
        <source>(no feature)</source>
        <translation>(ללא תכונה)</translation>
    </message>
    <message>
        <source>criterion</source>
        <translation>קריטריון</translation>
    </message>
    <message>
        <source>test: {plan}</source>
        <translation>בדיקה: {plan}</translation>
    </message>
    <message>
        <source>Test plan: {plan}</source>
        <translation>תכנית בדיקה: {plan}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(אין)</translation>
    </message>
    <message>
        <source>task</source>
        <translation>משימה</translation>
    </message>
    <message>
        <source>1 pt</source>
        <translation>נקודה אחת</translation>
    </message>
    <message>
        <source>{points} pts</source>
        <translation>‏{points} נק׳</translation>
    </message>
    <message>
        <source>Acceptance criteria:</source>
        <translation>קריטריוני קבלה:</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>Capacity {points} points per {weeks}-week sprint</source>
        <translation>קיבולת של {points} נקודות לספרינט בן {weeks} שבועות</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>ניתוח</translation>
    </message>
    <message>
        <source>Goals: {goals}</source>
        <translation>מטרות: {goals}</translation>
    </message>
    <message>
        <source>Risks: {risks}</source>
        <translation>סיכונים: {risks}</translation>
    </message>
</context>
<context>
    <name>PlanWindow</name>
    <message>
        <source>Plan a project</source>
        <translation>תכנון פרויקט</translation>
    </message>
    <message>
        <source>Describe the project</source>
        <translation>תיאור הפרויקט</translation>
    </message>
    <message>
        <source>goal, users, team size, sprint length, deadline (what you leave out, the team asks or assumes)</source>
        <translation>מטרה, משתמשים, גודל צוות, אורך ספרינט, מועד (מה שתשמיט, הצוות ישאל או יניח)</translation>
    </message>
    <message>
        <source>e.g. A habit-tracking mobile app for busy parents, 4 developers, 2-week sprints, first release by June</source>
        <translation>למשל: אפליקציה למעקב אחר הרגלים להורים עסוקים, 4 מפתחים, ספרינטים של שבועיים, גרסה ראשונה עד יוני</translation>
    </message>
    <message>
        <source>Attach context file…</source>
        <translation>צירוף קובץ הקשר…</translation>
    </message>
    <message>
        <source>Notes, a brief or requirements (text or markdown) the planners read too</source>
        <translation>הערות, תדריך או דרישות (טקסט או Markdown) שגם המתכננים קוראים</translation>
    </message>
    <message>
        <source>Start ▶</source>
        <translation>התחלה ▶</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>‏■ עצירה</translation>
    </message>
    <message>
        <source>Stop the plan; Resume continues from the last finished stage</source>
        <translation>עצירת התכנית; המשך ממשיך מהשלב האחרון שהסתיים</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>המשך</translation>
    </message>
    <message>
        <source>Continue this plan from where it stopped or waits</source>
        <translation>המשך התכנית מהמקום שבו נעצרה או ממתינה</translation>
    </message>
    <message>
        <source>Describe the project, then press Start.</source>
        <translation>יש לתאר את הפרויקט ואז ללחוץ התחלה.</translation>
    </message>
    <message>
        <source>Export:</source>
        <translation>ייצוא:</translation>
    </message>
    <message>
        <source>Save the plan as {format}</source>
        <translation>שמירת התכנית כ־{format}</translation>
    </message>
    <message>
        <source>Plan: {directive}</source>
        <translation>תכנית: {directive}</translation>
    </message>
    <message>
        <source>Review the plan: {stage}</source>
        <translation>סקירת התכנית: {stage}</translation>
    </message>
    <message>
        <source>Review the {stage} in the dialog: Accept, Edit (with feedback), Reject, or Later to leave the plan waiting.</source>
        <translation>יש לסקור את {stage} בחלון: אישור, עריכה (עם משוב), דחייה, או אחר כך כדי להשאיר את התכנית ממתינה.</translation>
    </message>
    <message>
        <source>Could not read {path}: {error}</source>
        <translation>לא ניתן לקרוא את {path}: ‏{error}</translation>
    </message>
    <message>
        <source>{count} chars</source>
        <translation>‏{count} תווים</translation>
    </message>
    <message>
        <source>Attach a context file</source>
        <translation>צירוף קובץ הקשר</translation>
    </message>
    <message>
        <source>Text and markdown (*.txt *.md *.markdown *.rst);;All files (*)</source>
        <translation>טקסט ו־Markdown ‏(*.txt *.md *.markdown *.rst);;כל הקבצים (*)</translation>
    </message>
    <message>
        <source>Export the plan</source>
        <translation>ייצוא התכנית</translation>
    </message>
    <message>
        <source>AIPA: plan</source>
        <translation>‏AIPA: תכנית</translation>
    </message>
    <message>
        <source>Details are in the log: {file}</source>
        <translation>הפרטים ביומן: {file}</translation>
    </message>
</context>
<context>
    <name>PlanWindows</name>
    <message>
        <source>&amp;Plan a project…</source>
        <translation>‏&amp;תכנון פרויקט…</translation>
    </message>
    <message>
        <source>Plan a project: analysis, features, user stories, tasks and sprints, each stage reviewed</source>
        <translation>תכנון פרויקט: ניתוח, תכונות, סיפורי משתמש, משימות וספרינטים, כל שלב נסקר</translation>
    </message>
    <message>
        <source>&amp;Open plan run…</source>
        <translation>‏&amp;פתיחת הרצת תכנון…</translation>
    </message>
    <message>
        <source>Open, resume or export a plan you started</source>
        <translation>פתיחה, המשך או ייצוא של תכנית שהתחלת</translation>
    </message>
</context>
<context>
    <name>ProfilesBox</name>
    <message>
        <source>stored</source>
        <translation>שמור</translation>
    </message>
    <message>
        <source>this session</source>
        <translation>ההפעלה הזו</translation>
    </message>
    <message>
        <source>environment</source>
        <translation>סביבה</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>לא הוגדר</translation>
    </message>
    <message>
        <source>Provider profiles (several servers of one kind, each with its own key)</source>
        <translation>פרופילי ספקים (כמה שרתים מאותו סוג, לכל אחד מפתח משלו)</translation>
    </message>
    <message>
        <source>Provider profiles</source>
        <translation>פרופילי ספקים</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>שם</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>סוג</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>שרת</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>מפתח</translation>
    </message>
    <message>
        <source>e.g. team-vllm</source>
        <translation>למשל team-vllm</translation>
    </message>
    <message>
        <source>ask the server</source>
        <translation>לשאול את השרת</translation>
    </message>
    <message>
        <source>Context size in tokens</source>
        <translation>גודל ההקשר בטוקנים</translation>
    </message>
    <message>
        <source>optional: its API key (kept in the OS keyring, sent to this server only)</source>
        <translation>לא חובה: מפתח ה־API שלו (נשמר במחזיק המפתחות, נשלח רק לשרת הזה)</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>כתובת השרת</translation>
    </message>
    <message>
        <source>Context (tokens)</source>
        <translation>הקשר (טוקנים)</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>מפתח API</translation>
    </message>
    <message>
        <source>New</source>
        <translation>חדש</translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation>שמירת הפרופיל</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>הסרה</translation>
    </message>
    <message>
        <source> (default)</source>
        <translation> (ברירת מחדל)</translation>
    </message>
    <message>
        <source>none needed</source>
        <translation>לא נדרש</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>לא בשימוש</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>‏{name} נשמר.</translation>
    </message>
    <message>
        <source>Its key was {where}.</source>
        <translation>המפתח שלו: {where}.</translation>
    </message>
    <message>
        <source>Removed {name}; its key stays ({error}).</source>
        <translation>‏{name} הוסר; המפתח שלו נשאר ({error}).</translation>
    </message>
    <message>
        <source>Removed {name}.</source>
        <translation>‏{name} הוסר.</translation>
    </message>
</context>
<context>
    <name>ProviderPage</name>
    <message>
        <source>{kind} — recommended</source>
        <translation>‏{kind} — מומלץ</translation>
    </message>
    <message>
        <source>Welcome to AIPA</source>
        <translation>ברוכים הבאים ל־AIPA</translation>
    </message>
    <message>
        <source>Your agents need a model. Choose where it runs; you can change it any time (Settings → Setup wizard…).</source>
        <translation>הסוכנים שלך צריכים מודל. יש לבחור איפה הוא רץ; אפשר לשנות זאת בכל עת (הגדרות ← אשף ההגדרה…).</translation>
    </message>
    <message>
        <source>Your data folder: {folder}</source>
        <translation>תיקיית הנתונים שלך: {folder}</translation>
    </message>
    <message>
        <source>{kind} (not installed on this computer)</source>
        <translation>‏{kind} (לא מותקן במחשב הזה)</translation>
    </message>
</context>
<context>
    <name>RawDialog</name>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>‏{input} טוקני קלט / {output} טוקני פלט</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>‏{seconds} שנ׳</translation>
    </message>
    <message>
        <source>{count} characters</source>
        <translation>‏{count} תווים</translation>
    </message>
    <message>
        <source>stored reply (this run predates the raw record)</source>
        <translation>תשובה שמורה (ההרצה קודמת לתיעוד הגולמי)</translation>
    </message>
    <message>
        <source>(empty reply)</source>
        <translation>(תשובה ריקה)</translation>
    </message>
    <message>
        <source>──── its thinking, before the reply ────</source>
        <translation>‏──── החשיבה שלו, לפני התשובה ────</translation>
    </message>
    <message>
        <source>Replies</source>
        <translation>תשובות</translation>
    </message>
    <message>
        <source>Raw text</source>
        <translation>טקסט גולמי</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>העתקה</translation>
    </message>
    <message>
        <source>Copy the text shown</source>
        <translation>העתקת הטקסט המוצג</translation>
    </message>
</context>
<context>
    <name>RecruiterCard</name>
    <message>
        <source>Change the team?</source>
        <translation>לשנות את הצוות?</translation>
    </message>
    <message>
        <source>The recruiter proposes:</source>
        <translation>המגייסת מציעה:</translation>
    </message>
    <message>
        <source>{added} lines added, {removed} removed. Nothing is written unless you accept.</source>
        <translation>{added} שורות נוספו, {removed} הוסרו. דבר לא ייכתב אלא אם תאשרו.</translation>
    </message>
    <message>
        <source>The recruiter proposes: {title}. {added} lines added, {removed} removed.</source>
        <translation>המגייסת מציעה: {title}. {added} שורות נוספו, {removed} הוסרו.</translation>
    </message>
    <message>
        <source>The proposed agent file: + added lines, - removed lines</source>
        <translation>קובץ הסוכן המוצע: + שורות שנוספו, - שורות שהוסרו</translation>
    </message>
    <message>
        <source>What should the recruiter change?</source>
        <translation>מה המגייסת צריכה לשנות?</translation>
    </message>
    <message>
        <source>Feedback for the recruiter</source>
        <translation>משוב למגייסת</translation>
    </message>
    <message>
        <source>e.g. “Call it Forecasting, and give it the web search tool.” (Ctrl+Enter sends)</source>
        <translation>למשל: „קראי לו חיזוי, ותני לו את כלי החיפוש באינטרנט.” (Ctrl+Enter שולח)</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>אישור</translation>
    </message>
    <message>
        <source>Write the agent file as shown</source>
        <translation>לכתוב את קובץ הסוכן כפי שמוצג</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>עריכה…</translation>
    </message>
    <message>
        <source>Tell the recruiter what to change; it proposes again</source>
        <translation>לומר למגייסת מה לשנות; היא תציע שוב</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>דחייה</translation>
    </message>
    <message>
        <source>Write nothing; the recruiter is told you declined</source>
        <translation>לא לכתוב דבר; המגייסת תדע שדחיתם</translation>
    </message>
    <message>
        <source>Send feedback</source>
        <translation>שליחת משוב</translation>
    </message>
</context>
<context>
    <name>RenameDialog</name>
    <message>
        <source>Rename session</source>
        <translation>שינוי שם ההפעלה</translation>
    </message>
    <message>
        <source>New title for this session:</source>
        <translation>כותרת חדשה להפעלה:</translation>
    </message>
    <message>
        <source>Session title</source>
        <translation>כותרת ההפעלה</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>שינוי שם</translation>
    </message>
</context>
<context>
    <name>RerunDialog</name>
    <message>
        <source>Re-run {what}</source>
        <translation>הרצה חוזרת של {what}</translation>
    </message>
    <message>
        <source>Feedback for the re-run (optional)</source>
        <translation>משוב להרצה החוזרת (לא חובה)</translation>
    </message>
    <message>
        <source>What to do differently (optional)</source>
        <translation>מה לעשות אחרת (לא חובה)</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>הרצה חוזרת</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>Review the task briefs</source>
        <translation>סקירת תדריכי המשימות</translation>
    </message>
    <message>
        <source>Review the deliverable</source>
        <translation>סקירת התוצר</translation>
    </message>
    <message>
        <source>Review the task briefs above</source>
        <translation>סקירת תדריכי המשימות שלמעלה</translation>
    </message>
    <message>
        <source>Review the deliverable above</source>
        <translation>סקירת התוצר שלמעלה</translation>
    </message>
    <message>
        <source>revision {number}</source>
        <translation>תיקון {number}</translation>
    </message>
    <message>
        <source>VERDICT: {verdict}</source>
        <translation>פסק: {verdict}</translation>
    </message>
    <message>
        <source>The audit&apos;s verdict: {verdict}</source>
        <translation>פסק הביקורת: {verdict}</translation>
    </message>
    <message>
        <source>Feedback for a revision (used by Edit):</source>
        <translation>משוב לתיקון (משמש את עריכה):</translation>
    </message>
    <message>
        <source>Feedback for a revision</source>
        <translation>משוב לתיקון</translation>
    </message>
    <message>
        <source>What should change? e.g. “Cut the budget to 5,000 €, add a rain plan.”</source>
        <translation>מה צריך להשתנות? למשל ”לקצץ את התקציב ל־5,000 €, להוסיף תכנית לגשם.“</translation>
    </message>
    <message>
        <source>Why reject it? (optional: kept with your decision)</source>
        <translation>למה לדחות? (רשות: נשמר עם ההחלטה שלכם)</translation>
    </message>
    <message>
        <source>Why reject it (optional)</source>
        <translation>סיבת הדחייה (רשות)</translation>
    </message>
    <message>
        <source>A reason, if you like. Ctrl+Enter or Reject now rejects; Esc cancels.</source>
        <translation>סיבה, אם תרצו. Ctrl+Enter או „לדחות עכשיו” דוחה; Esc מבטל.</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>אישור</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>עריכה…</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>דחייה</translation>
    </message>
    <message>
        <source>Accept the result: the run ends with it</source>
        <translation>אישור התוצאה: ההרצה מסתיימת בה</translation>
    </message>
    <message>
        <source>Ask for a revision with your feedback</source>
        <translation>בקשת תיקון עם המשוב שלך</translation>
    </message>
    <message>
        <source>Reject the result: the run ends without it</source>
        <translation>דחיית התוצאה: ההרצה מסתיימת בלעדיה</translation>
    </message>
    <message>
        <source>Send feedback</source>
        <translation>שליחת משוב</translation>
    </message>
    <message>
        <source>Type your feedback here, then press Send feedback (Ctrl+Enter).</source>
        <translation>יש להקליד כאן את המשוב ואז ללחוץ שליחת משוב (Ctrl+Enter).</translation>
    </message>
    <message>
        <source>Reject now</source>
        <translation>לדחות עכשיו</translation>
    </message>
</context>
<context>
    <name>Roles</name>
    <message>
        <source>orchestrator</source>
        <translation>מתזמרת</translation>
    </message>
    <message>
        <source>auditor</source>
        <translation>מבקרת</translation>
    </message>
    <message>
        <source>recruiter</source>
        <translation>מגייסת</translation>
    </message>
    <message>
        <source>lead</source>
        <translation>מוביל</translation>
    </message>
</context>
<context>
    <name>RosterDialog</name>
    <message>
        <source>Name</source>
        <translation>שם</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>תפקיד</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>ספק</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>מודל</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>כלים</translation>
    </message>
    <message>
        <source>Recruited</source>
        <translation>גויס</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>שונה</translation>
    </message>
    <message>
        <source>Team roster</source>
        <translation>סגל הצוות</translation>
    </message>
    <message>
        <source>1 agent, kept by the recruiter and the agent editor in {path}</source>
        <translation>סוכן אחד, מנוהל על ידי המגייסת ועורך הסוכנים ב־{path}</translation>
    </message>
    <message numerus="yes">
        <source>%n agents, kept by the recruiter and the agent editor in {path}</source>
        <translation>
            <numerusform>‏%n סוכנים, מנוהלים על ידי המגייסת ועורך הסוכנים ב־{path}</numerusform>
            <numerusform>‏%n סוכנים, מנוהלים על ידי המגייסת ועורך הסוכנים ב־{path}</numerusform>
        </translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>סגל</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(ברירת מחדל)</translation>
    </message>
    <message>
        <source>(provider default)</source>
        <translation>(ברירת המחדל של הספק)</translation>
    </message>
    <message>
        <source>Latest changes</source>
        <translation>שינויים אחרונים</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(אין עדיין)</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>הגדרות</translation>
    </message>
    <message>
        <source>Providers &amp;&amp; keys</source>
        <translation>ספקים ומפתחות</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>סוכנים</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>הרצות</translation>
    </message>
    <message>
        <source>Appearance &amp;&amp; data</source>
        <translation>מראה ונתונים</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>שרתי MCP</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>‏API מקומי</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>נתונים</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>ספק ברירת מחדל</translation>
    </message>
    <message>
        <source>the provider&apos;s default</source>
        <translation>ברירת המחדל של הספק</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>מודל ברירת מחדל</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>כתובת בסיס</translation>
    </message>
    <message>
        <source>Run the setup wizard…</source>
        <translation>הפעלת אשף ההגדרה…</translation>
    </message>
    <message>
        <source>API keys (stored in the OS keyring only)</source>
        <translation>מפתחות API (נשמרים רק במחזיק המפתחות של המערכת)</translation>
    </message>
    <message>
        <source>Checking the keyring…</source>
        <translation>בודק את מחזיק המפתחות…</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(ברירת מחדל)</translation>
    </message>
    <message>
        <source>An agent with no provider or model uses the defaults. A change here saves your own copy of the agent (in the data folder&apos;s agents/).</source>
        <translation>סוכן ללא ספק או מודל משתמש בברירות המחדל. שינוי כאן שומר עותק משלך של הסוכן (בתיקייה agents/ שבתיקיית הנתונים).</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>סוכן</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>תפקיד</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>ספק</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>מודל</translation>
    </message>
    <message>
        <source>default</source>
        <translation>ברירת מחדל</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>לא בשימוש</translation>
    </message>
    <message>
        <source>Could not list the models of {profile} ({why}). Type a model name.</source>
        <translation>לא ניתן להציג את המודלים של {profile} ‏({why}). יש להקליד שם מודל.</translation>
    </message>
    <message>
        <source>stored in the keyring</source>
        <translation>שמור במחזיק המפתחות</translation>
    </message>
    <message>
        <source>kept for this session only</source>
        <translation>נשמר להפעלה הזו בלבד</translation>
    </message>
    <message>
        <source>from the environment variable</source>
        <translation>ממשתנה הסביבה</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>אין מפתח</translation>
    </message>
    <message>
        <source>paste a new key to store or replace it</source>
        <translation>הדבקת מפתח חדש כדי לשמור או להחליף</translation>
    </message>
    <message>
        <source>API key of {name}</source>
        <translation>מפתח ה־API של {name}</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>שמירת המפתח</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>מחיקה</translation>
    </message>
    <message>
        <source>✓ Keys are stored in {keyring}.</source>
        <translation>‏✓ המפתחות נשמרים ב־{keyring}.</translation>
    </message>
    <message>
        <source>⚠ No usable keyring on this computer: keys are kept for this session only.</source>
        <translation>‏⚠ אין במחשב הזה מחזיק מפתחות שמיש: המפתחות נשמרים להפעלה הזו בלבד.</translation>
    </message>
    <message>
        <source>Never a plaintext file.</source>
        <translation>לעולם לא קובץ טקסט גלוי.</translation>
    </message>
    <message>
        <source>paste a key first</source>
        <translation>יש להדביק מפתח קודם</translation>
    </message>
    <message>
        <source>could not delete: {error}</source>
        <translation>לא ניתן למחוק: {error}</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>לפי המערכת</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>בהיר</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>כהה</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>ברירת המחדל של המערכת</translation>
    </message>
    <message>
        <source>AIPA keeps everything (database, settings, your agents, logs, models) in this folder. To use another one, quit AIPA, move the folder&apos;s contents there if you want to keep them, and start AIPA with the environment variable &lt;code&gt;AIPA_HOME&lt;/code&gt; set to the new folder, e.g. &lt;code&gt;AIPA_HOME=~/Documents/aipa aipa&lt;/code&gt;. The change applies after a restart.</source>
        <translation>‏AIPA שומרת הכול (מסד נתונים, הגדרות, הסוכנים שלך, יומנים, מודלים) בתיקייה זו. כדי להשתמש בתיקייה אחרת, יש לצאת מ־AIPA, להעביר לשם את תוכן התיקייה אם רוצים לשמור אותו, ולהפעיל את AIPA כשמשתנה הסביבה &lt;code&gt;AIPA_HOME&lt;/code&gt; מוגדר לתיקייה החדשה, למשל &lt;code&gt;AIPA_HOME=~/Documents/aipa aipa&lt;/code&gt;. השינוי חל אחרי הפעלה מחדש.</translation>
    </message>
    <message>
        <source>Vera audits every deliverable</source>
        <translation>‏Vera מבקרת כל תוצר</translation>
    </message>
    <message>
        <source>Ask me to review the task briefs before the leads start</source>
        <translation>לבקש ממני לסקור את תדריכי המשימות לפני שראשי הצוותים מתחילים</translation>
    </message>
    <message>
        <source> s</source>
        <translation> שנ׳</translation>
    </message>
    <message>
        <source> entries</source>
        <translation> רשומות</translation>
    </message>
    <message>
        <source>each agent&apos;s own limit</source>
        <translation>המגבלה של כל סוכן</translation>
    </message>
    <message>
        <source>Automatic audit</source>
        <translation>ביקורת אוטומטית</translation>
    </message>
    <message>
        <source>Plan review</source>
        <translation>סקירת תכנית</translation>
    </message>
    <message>
        <source>Lead timeout</source>
        <translation>זמן קצוב לראש צוות</translation>
    </message>
    <message>
        <source>Standing brief keeps</source>
        <translation>התדריך הקבוע שומר</translation>
    </message>
    <message>
        <source>Output tokens per call</source>
        <translation>טוקני פלט לקריאה</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>ערכת נושא</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>שפה</translation>
    </message>
    <message>
        <source>AIPA starts in the language chosen here the next time it opens.</source>
        <translation>‏AIPA תיפתח בשפה שנבחרה כאן בפעם הבאה שתופעל.</translation>
    </message>
    <message>
        <source>System size</source>
        <translation>גודל המערכת</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> נק׳</translation>
    </message>
    <message>
        <source>Text size</source>
        <translation>גודל הטקסט</translation>
    </message>
    <message>
        <source>Enter sends, Shift+Enter adds a line</source>
        <translation>‏Enter שולח, Shift+Enter מוסיף שורה</translation>
    </message>
    <message>
        <source>Ctrl+Enter sends, Enter adds a line</source>
        <translation>‏Ctrl+Enter שולח, Enter מוסיף שורה</translation>
    </message>
    <message>
        <source>Sending</source>
        <translation>שליחה</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>פתיחה</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>שינוי…</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>תיקיית נתונים</translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message>
        <source>Set up AIPA</source>
        <translation>הגדרת AIPA</translation>
    </message>
</context>
<context>
    <name>SprintBoard</name>
    <message>
        <source>Sprints appear here once the sprints stage has run.</source>
        <translation>ספרינטים יופיעו כאן אחרי ששלב הספרינטים רץ.</translation>
    </message>
</context>
<context>
    <name>SprintColumn</name>
    <message>
        <source>1 week</source>
        <translation>שבוע אחד</translation>
    </message>
    <message numerus="yes">
        <source>%n weeks</source>
        <translation>
            <numerusform>‏%n שבועות</numerusform>
            <numerusform>‏%n שבועות</numerusform>
        </translation>
    </message>
    <message>
        <source>Sprint {number}</source>
        <translation>ספרינט {number}</translation>
    </message>
    <message>
        <source>{points} / {capacity} points</source>
        <translation>‏{points} / {capacity} נקודות</translation>
    </message>
    <message>
        <source>over capacity!</source>
        <translation>מעל הקיבולת!</translation>
    </message>
    <message>
        <source>{points} of {capacity} points per sprint</source>
        <translation>‏{points} מתוך {capacity} נקודות לספרינט</translation>
    </message>
</context>
<context>
    <name>StageStrip</name>
    <message>
        <source>pending</source>
        <translation>ממתין</translation>
    </message>
    <message>
        <source>working</source>
        <translation>בעבודה</translation>
    </message>
    <message>
        <source>awaiting your review</source>
        <translation>ממתין לסקירה שלך</translation>
    </message>
    <message>
        <source>done</source>
        <translation>הסתיים</translation>
    </message>
    <message>
        <source>fell back to the deterministic plan</source>
        <translation>נסוג לתכנית הדטרמיניסטית</translation>
    </message>
</context>
<context>
    <name>TestPage</name>
    <message>
        <source>Try it</source>
        <translation>ניסיון</translation>
    </message>
    <message>
        <source>Optional: send a short test directive through the whole team (route, leads, synthesis, audit) with your choice. Finish saves the settings.</source>
        <translation>לא חובה: שליחת הנחיית בדיקה קצרה דרך כל הצוות (ניתוב, ראשי צוותים, סינתזה, ביקורת) עם הבחירה שלך. סיום שומר את ההגדרות.</translation>
    </message>
    <message>
        <source>Run the test directive</source>
        <translation>הרצת הנחיית הבדיקה</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>עצירה</translation>
    </message>
    <message>
        <source>default</source>
        <translation>ברירת מחדל</translation>
    </message>
    <message>
        <source>Provider {provider} at {url} · model {model}</source>
        <translation>ספק {provider} בכתובת {url} · מודל {model}</translation>
    </message>
    <message>
        <source>Provider {provider} · model {model}</source>
        <translation>ספק {provider} · מודל {model}</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>נעצר.</translation>
    </message>
    <message>
        <source>The test run did not get an answer.</source>
        <translation>הרצת הבדיקה לא קיבלה תשובה.</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} שנ׳</translation>
    </message>
    <message>
        <source>{minutes} min {seconds} s</source>
        <translation>{minutes} דק׳ {seconds} שנ׳</translation>
    </message>
    <message>
        <source>{who} answered in {seconds}: {words} words</source>
        <translation>{who} ענה תוך {seconds}: {words} מילים</translation>
    </message>
    <message>
        <source>, {rate} tokens/s</source>
        <translation>, {rate} טוקנים/שנ׳</translation>
    </message>
    <message>
        <source>{auditor}&apos;s verdict: {verdict}</source>
        <translation>פסק הדין של {auditor}: {verdict}</translation>
    </message>
    <message>
        <source>Hint: {hint}</source>
        <translation>רמז: {hint}</translation>
    </message>
</context>
<context>
    <name>TimelineChart</name>
    <message>
        <source>Run timeline</source>
        <translation>ציר הזמן של ההרצה</translation>
    </message>
</context>
<context>
    <name>TimelineDialog</name>
    <message>
        <source>input tokens</source>
        <translation>טוקני קלט</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>טוקני פלט</translation>
    </message>
    <message>
        <source>cached input tokens</source>
        <translation>טוקני קלט מהמטמון</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>טוקנים/שנ׳</translation>
    </message>
    <message>
        <source>tool calls</source>
        <translation>קריאות כלים</translation>
    </message>
    <message>
        <source>re-asks</source>
        <translation>שאלות חוזרות</translation>
    </message>
    <message>
        <source>fell back because</source>
        <translation>נסוג לחלופה כי</translation>
    </message>
    <message>
        <source>answered via</source>
        <translation>נענה דרך</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>סוכן</translation>
    </message>
    <message>
        <source>purpose</source>
        <translation>מטרה</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>ספק</translation>
    </message>
    <message>
        <source>model</source>
        <translation>מודל</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>קריאות</translation>
    </message>
    <message>
        <source>status</source>
        <translation>מצב</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>שלב</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>כלי</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>עלות</translation>
    </message>
    <message>
        <source>revision</source>
        <translation>תיקון</translation>
    </message>
    <message>
        <source>time</source>
        <translation>זמן</translation>
    </message>
    <message>
        <source>re-ask</source>
        <translation>שאלה חוזרת</translation>
    </message>
    <message>
        <source>yes: the reply before could not be parsed</source>
        <translation>כן: לא ניתן היה לפענח את התשובה הקודמת</translation>
    </message>
    <message>
        <source>fallback</source>
        <translation>חלופה</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>כן</translation>
    </message>
    <message>
        <source>fell back</source>
        <translation>נסוג לחלופה</translation>
    </message>
    <message>
        <source>error</source>
        <translation>שגיאה</translation>
    </message>
    <message>
        <source>Timeline · {run}</source>
        <translation>ציר זמן · {run}</translation>
    </message>
    <message>
        <source>Raw reply…</source>
        <translation>תשובה גולמית…</translation>
    </message>
    <message>
        <source>What the model sent for the selected span, before parsing (as /debug shows)</source>
        <translation>מה שהמודל שלח עבור הקטע שנבחר, לפני הפענוח (כמו ש־/debug מציג)</translation>
    </message>
    <message>
        <source>No run {run}.</source>
        <translation>אין הרצה {run}.</translation>
    </message>
    <message>
        <source>revision {number}</source>
        <translation>תיקון {number}</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>‏{seconds} שנ׳</translation>
    </message>
    <message>
        <source>1 call</source>
        <translation>קריאה אחת</translation>
    </message>
    <message numerus="yes">
        <source>%n calls</source>
        <translation>
            <numerusform>‏%n קריאות</numerusform>
            <numerusform>‏%n קריאות</numerusform>
        </translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>‏{input} טוקני קלט / {output} טוקני פלט</translation>
    </message>
    <message>
        <source>Up/Down select a span, Enter opens its raw reply</source>
        <translation>למעלה/למטה בוחרים קטע, Enter פותח את התשובה הגולמית שלו</translation>
    </message>
    <message>
        <source>No raw reply is stored for this span.</source>
        <translation>לא נשמרה תשובה גולמית לקטע הזה.</translation>
    </message>
    <message>
        <source>Raw reply · {span}</source>
        <translation>תשובה גולמית · {span}</translation>
    </message>
</context>
<context>
    <name>ToolCallCard</name>
    <message>
        <source>Allow this tool call?</source>
        <translation>להתיר את קריאת הכלי?</translation>
    </message>
    <message>
        <source>Allow the tool {tool} of the MCP server {server}?</source>
        <translation>להתיר את הכלי {tool} של שרת ה־MCP ‏{server}?</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>ארגומנטים:</translation>
    </message>
    <message>
        <source>The tool call&apos;s arguments</source>
        <translation>הארגומנטים של קריאת הכלי</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>התרה פעם אחת</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>התרה לכל ההפעלה</translation>
    </message>
    <message>
        <source>Allow this tool without asking again until the app is closed</source>
        <translation>להתיר את הכלי בלי לשאול שוב עד לסגירת היישום</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>דחייה</translation>
    </message>
    <message>
        <source>The lead is told the Principal declined; the run goes on</source>
        <translation>ראש הצוות יידע שהמנהל סירב; ההרצה ממשיכה</translation>
    </message>
</context>
<context>
    <name>TrashDialog</name>
    <message>
        <source>Trash</source>
        <translation>אשפה</translation>
    </message>
    <message numerus="yes">
        <source>Deleted sessions stay here for %n days, then they are deleted for good with their messages and runs. Restore puts a session back in the list.</source>
        <translation>
            <numerusform>הפעלות שנמחקו נשארות כאן %n ימים, ואז נמחקות לצמיתות עם ההודעות וההרצות שלהן. שחזור מחזיר הפעלה לרשימה.</numerusform>
            <numerusform>הפעלות שנמחקו נשארות כאן %n ימים, ואז נמחקות לצמיתות עם ההודעות וההרצות שלהן. שחזור מחזיר הפעלה לרשימה.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sessions in the Trash</source>
        <translation>הפעלות באשפה</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>הפעלה</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>נמחק</translation>
    </message>
    <message>
        <source>Deleted for good on</source>
        <translation>יימחק לצמיתות ב־</translation>
    </message>
    <message>
        <source>The Trash is empty.</source>
        <translation>האשפה ריקה.</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>‏&amp;שחזור</translation>
    </message>
    <message>
        <source>&amp;Delete for good</source>
        <translation>מחיקה &amp;לצמיתות</translation>
    </message>
    <message>
        <source>&amp;Empty Trash…</source>
        <translation>‏&amp;ריקון האשפה…</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>הפעלה ללא שם</translation>
    </message>
    <message>
        <source>Empty Trash</source>
        <translation>ריקון האשפה</translation>
    </message>
    <message>
        <source>Delete 1 session for good? This cannot be undone.</source>
        <translation>למחוק הפעלה אחת לצמיתות? אי אפשר לבטל זאת.</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n sessions for good? This cannot be undone.</source>
        <translation>
            <numerusform>למחוק %n הפעלות לצמיתות? אי אפשר לבטל זאת.</numerusform>
            <numerusform>למחוק %n הפעלות לצמיתות? אי אפשר לבטל זאת.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>{number} GB</source>
        <translation>‏{number} GB</translation>
    </message>
    <message>
        <source>{number} MB</source>
        <translation>‏{number} MB</translation>
    </message>
</context>
</TS>
