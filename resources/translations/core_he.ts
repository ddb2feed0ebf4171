<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="he" sourcelanguage="en">
<context>
    <name>Core</name>
    <message>
        <source>free some space on the disk of the data folder; everything saved before is kept, and `aipa run --resume RUN_ID` continues a run from its last saved stage</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
