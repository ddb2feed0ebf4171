<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Core</name>
    <message>
        <source>free some space on the disk of the data folder; everything saved before is kept, and `aipa run --resume RUN_ID` continues a run from its last saved stage</source>
        <translation>请释放数据文件夹所在磁盘的空间；之前保存的内容都会保留，`aipa run --resume RUN_ID` 可从上次保存的阶段继续运行</translation>
    </message>
    <message>
        <source>The last start of AIPA stopped while reopening {name}, so it was not reopened this time. Open it from the sessions list when you want it (details are in the log).</source>
        <translation>AIPA 上次启动时在重新打开 {name} 的过程中中止，因此这次没有重新打开它。需要时可从会话列表中打开（详情见日志）。</translation>
    </message>
    <message>
        <source>the last session</source>
        <translation>上次的会话</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>scripted provider: canned answers, no model</source>
        <translation>脚本提供方：预设回答，不使用模型</translation>
    </message>
</context>
</TS>
