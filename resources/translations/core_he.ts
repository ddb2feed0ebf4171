<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="he" sourcelanguage="en">
<context>
    <name>Core</name>
    <message>
        <source>free some space on the disk of the data folder; everything saved before is kept, and `aipa run --resume RUN_ID` continues a run from its last saved stage</source>
        <translation>פנו מקום בדיסק של תיקיית הנתונים; כל מה שנשמר קודם נשמר, ו־`aipa run --resume RUN_ID` ממשיך הרצה מהשלב האחרון שנשמר</translation>
    </message>
    <message>
        <source>The last start of AIPA stopped while reopening {name}, so it was not reopened this time. Open it from the sessions list when you want it (details are in the log).</source>
        <translation>ההפעלה האחרונה של AIPA נעצרה בזמן פתיחה מחדש של {name}, ולכן הפעם הוא לא נפתח. פתחו אותו מרשימת הסשנים כשתרצו (פרטים ביומן).</translation>
    </message>
    <message>
        <source>the last session</source>
        <translation>הסשן האחרון</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>מודל ברירת מחדל</translation>
    </message>
    <message>
        <source>scripted provider: canned answers, no model</source>
        <translation>ספק מתוסרט: תשובות מוכנות, ללא מודל</translation>
    </message>
</context>
</TS>
