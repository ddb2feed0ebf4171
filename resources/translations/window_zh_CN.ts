<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AgentList</name>
    <message>
        <source>needs your permission</source>
        <translation>需要你的许可</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>The team; Enter or a click talks to one agent alone</source>
        <translation>团队；按 Enter 或点击可与单个智能体对话</translation>
    </message>
</context>
<context>
    <name>AgentModel</name>
    <message>
        <source>role: {role}</source>
        <translation>角色：{role}</translation>
    </message>
    <message>
        <source>lead</source>
        <translation>负责人</translation>
    </message>
    <message>
        <source>Click to talk to this agent alone.</source>
        <translation>点击以单独与此智能体对话。</translation>
    </message>
</context>
<context>
    <name>AnswerNow</name>
    <message>
        <source>A run is in progress: answer the questions when it stops.</source>
        <translation>正在运行：请在运行停止后回答这些问题。</translation>
    </message>
</context>
<context>
    <name>AttachmentBar</name>
    <message>
        <source>Attachments</source>
        <translation>附件</translation>
    </message>
</context>
<context>
    <name>Attachments</name>
    <message numerus="yes">
        <source>{count} byte(s)</source>
        <translation>
            <numerusform>{count} 字节</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} excerpt(s)</source>
        <translation>
            <numerusform>{count} 个摘录</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder {name}</source>
        <translation>文件夹 {name}</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>读取中</translation>
    </message>
    <message>
        <source>converting</source>
        <translation>转换中</translation>
    </message>
    <message numerus="yes">
        <source>{count} file(s), read-only</source>
        <translation>
            <numerusform>{count} 个文件，只读</numerusform>
        </translation>
    </message>
    <message>
        <source> (hint: {hint})</source>
        <translation>（提示：{hint}）</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>附加…</translation>
    </message>
    <message>
        <source>Attach files to the next directive (or drop them on the input)</source>
        <translation>将文件附加到下一条指令（或拖放到输入框）</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>附加文件</translation>
    </message>
    <message>
        <source>Documents and pictures</source>
        <translation>文档和图片</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>所有文件</translation>
    </message>
    <message>
        <source>Grant a folder to this session (read-only)</source>
        <translation>为此会话授权一个文件夹（只读）</translation>
    </message>
</context>
<context>
    <name>CardHeader</name>
    <message>
        <source>◌ queued</source>
        <translation>◌ 排队中</translation>
    </message>
    <message>
        <source>◔ reading</source>
        <translation>◔ 读取中</translation>
    </message>
    <message>
        <source>◐ waiting for your permission</source>
        <translation>◐ 等待你的许可</translation>
    </message>
    <message>
        <source>… waiting</source>
        <translation>… 等待中</translation>
    </message>
    <message>
        <source>… working</source>
        <translation>… 工作中</translation>
    </message>
    <message>
        <source>✱ thinking</source>
        <translation>✱ 思考中</translation>
    </message>
    <message>
        <source>▮ streaming</source>
        <translation>▮ 输出中</translation>
    </message>
    <message>
        <source>▮ working</source>
        <translation>▮ 工作中</translation>
    </message>
    <message>
        <source>✓ done</source>
        <translation>✓ 完成</translation>
    </message>
    <message>
        <source>✗ error</source>
        <translation>✗ 出错</translation>
    </message>
    <message>
        <source>■ stopped</source>
        <translation>■ 已停止</translation>
    </message>
    <message>
        <source>■ interrupted</source>
        <translation>■ 已中断</translation>
    </message>
    <message>
        <source>Principal</source>
        <translation>委托人</translation>
    </message>
    <message>
        <source>answers</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>to {agent}</source>
        <translation>致 {agent}</translation>
    </message>
    <message>
        <source>directive</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Deliverable</source>
        <translation>交付成果</translation>
    </message>
    <message>
        <source> · revision {n}</source>
        <translation> · 第 {n} 次修订</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>审核</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无结论</translation>
    </message>
    <message>
        <source>VERDICT: {verdict}</source>
        <translation>结论：{verdict}</translation>
    </message>
</context>
<context>
    <name>CardPaint</name>
    <message>
        <source>▶ Resume</source>
        <translation>▶ 继续</translation>
    </message>
    <message>
        <source>▸ Full report · {words}</source>
        <translation>▸ 完整报告 · {words}</translation>
    </message>
    <message>
        <source>waiting for the model…</source>
        <translation>等待模型…</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>▸ Thinking … · {words} so far</source>
        <translation>▸ 思考中… · 已 {words}</translation>
    </message>
    <message>
        <source>▾ Thinking</source>
        <translation>▾ 思考过程</translation>
    </message>
</context>
<context>
    <name>ChatItem</name>
    <message>
        <source>▸ Thinking</source>
        <translation>▸ 思考过程</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message>
        <source>{n} min ago</source>
        <translation>{n} 分钟前</translation>
    </message>
    <message>
        <source>{n} h ago</source>
        <translation>{n} 小时前</translation>
    </message>
    <message>
        <source>yesterday {time}</source>
        <translation>昨天 {time}</translation>
    </message>
</context>
<context>
    <name>ChatText</name>
    <message numerus="yes">
        <source>{count} word(s)</source>
        <translation>
            <numerusform>{count} 个词</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>Full text</source>
        <translation>全文</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>Checklist</name>
    <message>
        <source>measured</source>
        <translation>可测量</translation>
    </message>
    <message>
        <source>judged</source>
        <translation>需评判</translation>
    </message>
    <message>
        <source>added by you</source>
        <translation>由你添加</translation>
    </message>
    <message>
        <source>proposed by the router</source>
        <translation>由分派者提议</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>not checked yet</source>
        <translation>尚未检查</translation>
    </message>
    <message>
        <source>Checklist: {passed} passed · {failed} failed</source>
        <translation>检查清单：{passed} 项通过 · {failed} 项未通过</translation>
    </message>
    <message>
        <source>Checklist: one check</source>
        <translation>检查清单：1 项检查</translation>
    </message>
    <message>
        <source>Checklist: {n} checks</source>
        <translation>检查清单：{n} 项检查</translation>
    </message>
    <message>
        <source>the audit&apos;s flag</source>
        <translation>审核的标记</translation>
    </message>
    <message>
        <source>Sent back once: {checks}</source>
        <translation>退回过一次：{checks}</translation>
    </message>
    <message>
        <source>Sent back twice: {checks}</source>
        <translation>退回过两次：{checks}</translation>
    </message>
    <message>
        <source>Sent back {n} times: {checks}</source>
        <translation>退回过 {n} 次：{checks}</translation>
    </message>
</context>
<context>
    <name>ChecklistDock</name>
    <message>
        <source>Checklist of this run</source>
        <translation>本次运行的检查清单</translation>
    </message>
    <message>
        <source>The definition of done for this run. Remove a check or add one before the work is measured.</source>
        <translation>本次运行的完成标准。在成果被测量之前，可移除或添加检查。</translation>
    </message>
    <message>
        <source>Measured when the finder reads it (words, bullets, endings…), else judged by the auditor</source>
        <translation>若查找器能识别（字数、要点、结尾…）则测量，否则由审核员评判</translation>
    </message>
</context>
<context>
    <name>Chip</name>
    <message>
        <source>Remove {name}</source>
        <translation>移除 {name}</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>start a new session (the standing brief is updated in the background)</source>
        <translation>开始新会话（常设简报在后台更新）</translation>
    </message>
    <message>
        <source>&amp;New session</source>
        <translation>新建会话(&amp;N)</translation>
    </message>
    <message>
        <source>export this session: /export md|html|json [PATH]</source>
        <translation>导出此会话：/export md|html|json [路径]</translation>
    </message>
    <message>
        <source>&amp;Export session…</source>
        <translation>导出会话(&amp;E)…</translation>
    </message>
    <message>
        <source>close the window (the session is kept for the next start)</source>
        <translation>关闭窗口（会话保留到下次启动）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>provider, model, session, runs and tokens</source>
        <translation>提供方、模型、会话、运行和令牌</translation>
    </message>
    <message>
        <source>S&amp;tatus</source>
        <translation>状态(&amp;T)</translation>
    </message>
    <message>
        <source>the tasks of the last run and their status</source>
        <translation>上次运行的任务及其状态</translation>
    </message>
    <message>
        <source>&amp;Tasks of the last run</source>
        <translation>上次运行的任务(&amp;T)</translation>
    </message>
    <message>
        <source>the runs of this session</source>
        <translation>此会话的运行</translation>
    </message>
    <message>
        <source>Run &amp;history</source>
        <translation>运行历史(&amp;H)</translation>
    </message>
    <message>
        <source>re-audit the last deliverable</source>
        <translation>重新审核最近的交付成果</translation>
    </message>
    <message>
        <source>Re-&amp;audit last deliverable</source>
        <translation>重新审核最近的交付成果(&amp;A)</translation>
    </message>
    <message>
        <source>continue the waiting (suspended or stopped) run</source>
        <translation>继续等待中（已暂停或已停止）的运行</translation>
    </message>
    <message>
        <source>&amp;Resume waiting run</source>
        <translation>继续等待中的运行(&amp;R)</translation>
    </message>
    <message>
        <source>clear the view (nothing is deleted)</source>
        <translation>清空视图（不删除任何内容）</translation>
    </message>
    <message>
        <source>&amp;Clear view</source>
        <translation>清空视图(&amp;C)</translation>
    </message>
    <message>
        <source>the raw, unparsed replies of the last run&apos;s agents; /debug on|off: debug logging</source>
        <translation>上次运行中各智能体未经解析的原始回复；/debug on|off：调试日志</translation>
    </message>
    <message>
        <source>Raw replies of the last run (&amp;debug)…</source>
        <translation>上次运行的原始回复（调试）(&amp;D)…</translation>
    </message>
    <message>
        <source>the last run (or /trace RUN_ID) as a timeline: each stage, lead, call and gate, with tokens and cost</source>
        <translation>以时间线查看上次运行（或 /trace RUN_ID）：每个阶段、负责人、调用和关卡，附令牌与费用</translation>
    </message>
    <message>
        <source>Run t&amp;imeline…</source>
        <translation>运行时间线(&amp;I)…</translation>
    </message>
    <message>
        <source>open the agent editor</source>
        <translation>打开智能体编辑器</translation>
    </message>
    <message>
        <source>&amp;Edit agents…</source>
        <translation>编辑智能体(&amp;E)…</translation>
    </message>
    <message>
        <source>the team roster the recruiter keeps: roles, models, tools, dates</source>
        <translation>招聘官维护的团队名册：角色、模型、工具、日期</translation>
    </message>
    <message>
        <source>Team &amp;roster…</source>
        <translation>团队名册(&amp;R)…</translation>
    </message>
    <message>
        <source>reload agents and settings from disk</source>
        <translation>从磁盘重新加载智能体和设置</translation>
    </message>
    <message>
        <source>&amp;Reload agents and settings</source>
        <translation>重新加载智能体和设置(&amp;R)</translation>
    </message>
    <message>
        <source>view or edit the standing brief; /brief archive: its archived log entries</source>
        <translation>查看或编辑常设简报；/brief archive：其已归档的日志条目</translation>
    </message>
    <message>
        <source>Standing &amp;brief…</source>
        <translation>常设简报(&amp;B)…</translation>
    </message>
    <message>
        <source>reset the standing brief to the empty template</source>
        <translation>将常设简报重置为空模板</translation>
    </message>
    <message>
        <source>Reset standing brief…</source>
        <translation>重置常设简报(&amp;S)…</translation>
    </message>
    <message>
        <source>show the last response&apos;s thinking</source>
        <translation>显示最近一次回复的思考过程</translation>
    </message>
    <message>
        <source>Last response&apos;s &amp;thinking…</source>
        <translation>最近回复的思考过程(&amp;T)…</translation>
    </message>
    <message>
        <source>show or hide the thinking panels: /panels on|off</source>
        <translation>显示或隐藏思考面板：/panels on|off</translation>
    </message>
    <message>
        <source>Show thinking &amp;panels</source>
        <translation>显示思考面板(&amp;P)</translation>
    </message>
    <message>
        <source>turn the automatic audit on or off</source>
        <translation>开启或关闭自动审核</translation>
    </message>
    <message>
        <source>&amp;Automatic audit</source>
        <translation>自动审核(&amp;A)</translation>
    </message>
    <message>
        <source>list the commands</source>
        <translation>列出命令</translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation>命令(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>会话(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Agents</source>
        <translation>智能体(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Se&amp;ttings</source>
        <translation>设置(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>**Commands**

| command | what it does | shortcut |
|---|---|---|
</source>
        <translation>**命令**

| 命令 | 作用 | 快捷键 |
|---|---|---|
</translation>
    </message>
    <message>
        <source>Type a directive and press **Enter** to send it to the team (Shift+Enter adds a line; Settings can make Ctrl+Enter send instead); **Esc** stops a run. Click an agent in the sidebar to talk to it alone.</source>
        <translation>输入指令并按 **Enter** 发送给团队（Shift+Enter 换行；可在设置中改为 Ctrl+Enter 发送）；**Esc** 停止运行。点击侧栏中的智能体可与其单独对话。</translation>
    </message>
</context>
<context>
    <name>ComposeBox</name>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>{send} to send · {newline} for a new line</source>
        <translation>{send} 发送 · {newline} 换行</translation>
    </message>
    <message>
        <source>Message {agent} directly…   {keys}</source>
        <translation>直接给 {agent} 发消息…   {keys}</translation>
    </message>
    <message>
        <source>Your message to {agent} alone. {keys}.</source>
        <translation>你单独发给 {agent} 的消息。{keys}。</translation>
    </message>
    <message>
        <source>Type a directive or /command…   {keys}</source>
        <translation>输入指令或 /命令…   {keys}</translation>
    </message>
    <message>
        <source>Your directive to the team, or a /command. {keys}; Esc stops a run.</source>
        <translation>发给团队的指令或 /命令。{keys}；Esc 停止运行。</translation>
    </message>
</context>
<context>
    <name>ConnectionNotice</name>
    <message>
        <source>No model available</source>
        <translation>没有可用的模型</translation>
    </message>
    <message>
        <source>Open setup</source>
        <translation>打开设置向导</translation>
    </message>
    <message>
        <source>Open the setup wizard to choose a provider and a model</source>
        <translation>打开设置向导以选择提供方和模型</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Check the connection to the model again</source>
        <translation>再次检查与模型的连接</translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation>{provider} 上的 {model}</translation>
    </message>
    <message>
        <source>&lt;b&gt;No model is reachable&lt;/b&gt; ({what}), so Send is off.</source>
        <translation>&lt;b&gt;无法连接任何模型&lt;/b&gt;（{what}），因此发送已停用。</translation>
    </message>
    <message>
        <source>The provider did not answer.</source>
        <translation>提供方没有响应。</translation>
    </message>
</context>
<context>
    <name>ContextMenu</name>
    <message>
        <source>Re-run this lead…</source>
        <translation>重新运行此负责人…</translation>
    </message>
    <message>
        <source>Re-run synthesis…</source>
        <translation>重新运行综合…</translation>
    </message>
    <message>
        <source>Re-run audit</source>
        <translation>重新运行审核</translation>
    </message>
    <message>
        <source>Copy selection</source>
        <translation>复制所选内容</translation>
    </message>
    <message>
        <source>Select all text</source>
        <translation>全选文本</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>复制为 Markdown</translation>
    </message>
    <message>
        <source>Copy as plain text</source>
        <translation>复制为纯文本</translation>
    </message>
    <message>
        <source>Show the full text…</source>
        <translation>显示全文…</translation>
    </message>
    <message>
        <source>Copy thinking</source>
        <translation>复制思考过程</translation>
    </message>
    <message>
        <source>Collapse thinking</source>
        <translation>折叠思考过程</translation>
    </message>
    <message>
        <source>Expand thinking</source>
        <translation>展开思考过程</translation>
    </message>
    <message>
        <source>Timeline…</source>
        <translation>时间线…</translation>
    </message>
    <message>
        <source>Edit briefs and re-run…</source>
        <translation>编辑任务说明并重新运行…</translation>
    </message>
    <message>
        <source>Compare revisions…</source>
        <translation>比较修订版…</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>详情…</translation>
    </message>
    <message>
        <source>Task {id}</source>
        <translation>任务 {id}</translation>
    </message>
    <message>
        <source>Revision {n}</source>
        <translation>修订 {n}</translation>
    </message>
    <message>
        <source>Run {id}</source>
        <translation>运行 {id}</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>词数</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>Stage: {stage}</source>
        <translation>阶段：{stage}</translation>
    </message>
    <message>
        <source>Run rejected</source>
        <translation>运行已被驳回</translation>
    </message>
    <message>
        <source>Run finished</source>
        <translation>运行完成</translation>
    </message>
    <message>
        <source>Run stopped</source>
        <translation>运行已停止</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>A run is in progress: stop it first (Esc).</source>
        <translation>有运行正在进行：请先停止（Esc）。</translation>
    </message>
    <message>
        <source>{message}. Your answers were not recorded: /resume (Ctrl+R) shows the new ones.</source>
        <translation>{message}。你的回答未被记录：/resume（Ctrl+R）会显示新的问题。</translation>
    </message>
    <message>
        <source>The run continues there.</source>
        <translation>运行将在那里继续。</translation>
    </message>
    <message>
        <source>Continue the run with those answers: /resume (Ctrl+R).</source>
        <translation>用这些回答继续运行：/resume（Ctrl+R）。</translation>
    </message>
    <message>
        <source>These questions were already answered ({where}); your answers were not recorded. {then}</source>
        <translation>这些问题已有回答（{where}）；你的回答未被记录。{then}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Nothing to resume: no run of this session is waiting.</source>
        <translation>没有可继续的内容：此会话中没有等待中的运行。</translation>
    </message>
    <message>
        <source>There is no deliverable to audit in this session yet.</source>
        <translation>此会话中还没有可审核的交付成果。</translation>
    </message>
    <message>
        <source>The team asked these questions before the app was closed. Answer them now to continue the run, or later.</source>
        <translation>团队在应用关闭前提出了这些问题。现在回答即可继续运行，也可以稍后再答。</translation>
    </message>
    <message>
        <source>Exported this session as {format} to {file}</source>
        <translation>已将此会话以 {format} 格式导出到 {file}</translation>
    </message>
    <message>
        <source>Talking to {agent} alone. Back to the team: click “Team” or Esc.</source>
        <translation>正在单独与 {agent} 对话。返回团队：点击“团队”或按 Esc。</translation>
    </message>
</context>
<context>
    <name>CostText</name>
    <message>
        <source>{h} h {min} min</source>
        <translation>{h} 小时 {min} 分钟</translation>
    </message>
    <message>
        <source>{min} min {s} s</source>
        <translation>{min} 分 {s} 秒</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} 秒</translation>
    </message>
    <message numerus="yes">
        <source>{count} call(s)</source>
        <translation>
            <numerusform>{count} 次调用</numerusform>
        </translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>输入 {input} / 输出 {output} 个令牌</translation>
    </message>
    <message>
        <source>{time} of model time</source>
        <translation>模型用时 {time}</translation>
    </message>
    <message>
        <source>{money} this session</source>
        <translation>本会话 {money}</translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s)</source>
        <translation>
            <numerusform>{count} 个令牌</numerusform>
        </translation>
    </message>
    <message>
        <source>this run cost {cost}</source>
        <translation>本次运行花费 {cost}</translation>
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

最新的已校验备份来自 {when}（{sessions} 个会话，{runs} 次运行）：
{path}

要恢复吗？在您确认之前不会更改任何内容（在终端中：aipa restore {path}）。</translation>
    </message>
</context>
<context>
    <name>DialogOpener</name>
    <message>
        <source>Reset the standing brief?</source>
        <translation>重置常设简报？</translation>
    </message>
    <message>
        <source>Replace the standing brief with the empty template? Earlier versions stay in the database.</source>
        <translation>用空模板替换常设简报？旧版本仍保留在数据库中。</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>the logs folder</source>
        <translation>日志文件夹</translation>
    </message>
    <message>
        <source>AIPA: unexpected error</source>
        <translation>AIPA：意外错误</translation>
    </message>
    <message>
        <source>Details are in the log: {file}</source>
        <translation>详情见日志：{file}</translation>
    </message>
    <message>
        <source>About AIPA</source>
        <translation>关于 AIPA</translation>
    </message>
    <message>
        <source>AIPA Desktop {version}
Your local agency of LLM agents.
Data folder: {folder}</source>
        <translation>AIPA Desktop {version}
你的本地 LLM 智能体团队。
数据文件夹：{folder}</translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>*Interrupted before it finished: resume the run (Ctrl+R) to finish it.*</source>
        <translation>*在完成前被中断：继续运行（Ctrl+R）即可完成。*</translation>
    </message>
    <message>
        <source>✓ Accepted</source>
        <translation>✓ 已接受</translation>
    </message>
    <message>
        <source>✎ Changes requested</source>
        <translation>✎ 已要求修改</translation>
    </message>
    <message>
        <source>✗ Rejected</source>
        <translation>✗ 已驳回</translation>
    </message>
    <message>
        <source>Delegating.</source>
        <translation>正在分派任务。</translation>
    </message>
    <message>
        <source>I&apos;ll answer this myself.</source>
        <translation>这个我自己来回答。</translation>
    </message>
    <message>
        <source>✗ Run ended: you rejected the result. Nothing waits; send a new directive to try again.</source>
        <translation>✗ 运行结束：你驳回了结果。没有待处理的内容；发送新指令即可重试。</translation>
    </message>
    <message>
        <source>task briefs</source>
        <translation>任务简报</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>交付成果</translation>
    </message>
    <message>
        <source>Delegating to {leads}.</source>
        <translation>正在把任务分派给 {leads}。</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>等待你的许可</translation>
    </message>
    <message>
        <source>waiting for your permission to use {tool}</source>
        <translation>等待你许可使用 {tool}</translation>
    </message>
    <message>
        <source>queued behind {agent}</source>
        <translation>排在 {agent} 之后</translation>
    </message>
    <message>
        <source>waiting for the server</source>
        <translation>等待服务器</translation>
    </message>
    <message>
        <source>reading the prompt</source>
        <translation>读取提示词</translation>
    </message>
    <message>
        <source>{n} s of about {expected} s</source>
        <translation>{n} 秒，预计约 {expected} 秒</translation>
    </message>
    <message>
        <source>about {total} tokens</source>
        <translation>约 {total} 个令牌</translation>
    </message>
    <message>
        <source>{done} of {total} tokens (about {percent}%)</source>
        <translation>{done}/{total} 个令牌（约 {percent}%）</translation>
    </message>
    <message>
        <source>{done} of {total} tokens ({percent}%)</source>
        <translation>{done}/{total} 个令牌（{percent}%）</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>思考中</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>写作中</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} 个令牌</translation>
    </message>
    <message>
        <source>{rate} tokens/s</source>
        <translation>{rate} 令牌/秒</translation>
    </message>
</context>
<context>
    <name>ExcerptDialog</name>
    <message>
        <source>This citation points at no excerpt of the documents attached to this session or of its granted folder: the file or the place does not exist there (the auditor flags such citations).</source>
        <translation>此引用未指向本会话附加文档或授权文件夹中的任何摘录：那里不存在该文件或位置（审核员会标记此类引用）。</translation>
    </message>
    <message>
        <source>Excerpt · {title}</source>
        <translation>摘录 · {title}</translation>
    </message>
    <message>
        <source>Cited excerpt {title}</source>
        <translation>被引用的摘录 {title}</translation>
    </message>
    <message>
        <source>The excerpt&apos;s text</source>
        <translation>摘录正文</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export session</source>
        <translation>导出会话</translation>
    </message>
</context>
<context>
    <name>FullTextDialog</name>
    <message>
        <source>Full text</source>
        <translation>全文</translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation>全部复制</translation>
    </message>
</context>
<context>
    <name>GateDock</name>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Unexpected error: {error}</source>
        <translation>意外错误：{error}</translation>
    </message>
</context>
<context>
    <name>InboxList</name>
    <message>
        <source>questions for you</source>
        <translation>有问题待你回答</translation>
    </message>
    <message>
        <source>waiting for review</source>
        <translation>等待审阅</translation>
    </message>
    <message>
        <source>plan to review</source>
        <translation>计划待审阅</translation>
    </message>
    <message>
        <source>waits for the current one</source>
        <translation>等待当前运行结束</translation>
    </message>
    <message>
        <source>waiting at {stage}</source>
        <translation>在 {stage} 等待</translation>
    </message>
    <message>
        <source>{origin} · starts when “{current}” is done (one run at a time on a local model)</source>
        <translation>{origin} · 在“{current}”完成后开始（本地模型一次只运行一个）</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>收件箱</translation>
    </message>
    <message>
        <source>Runs started by a schedule or a service that wait for you; Enter opens one where its gate waits</source>
        <translation>由计划或服务启动、正在等你处理的运行；按 Enter 打开并定位到其等待的关卡</translation>
    </message>
    <message>
        <source>started by {origin} · run {run}</source>
        <translation>由 {origin} 启动 · 运行 {run}</translation>
    </message>
    <message>
        <source> · ran at the next start (missed)</source>
        <translation> · 已在下次启动时运行（曾错过）</translation>
    </message>
    <message numerus="yes">
        <source>INBOX · %n WAITING</source>
        <translation>
            <numerusform>收件箱 · %n 项等待</numerusform>
        </translation>
    </message>
    <message>
        <source>INBOX</source>
        <translation>收件箱</translation>
    </message>
</context>
<context>
    <name>InboxQuestions</name>
    <message>
        <source>Questions waiting for you</source>
        <translation>等待你回答的问题</translation>
    </message>
    <message>
        <source>+ {count} more</source>
        <translation>+ 另外 {count} 个</translation>
    </message>
    <message>
        <source>Answer now</source>
        <translation>立即回答</translation>
    </message>
    <message>
        <source>Answer now: {directive}</source>
        <translation>立即回答：{directive}</translation>
    </message>
    <message>
        <source>Open the answer form of these questions</source>
        <translation>打开这些问题的回答表单</translation>
    </message>
</context>
<context>
    <name>LaterCard</name>
    <message>
        <source>◐ The team&apos;s questions wait for your answers; the run goes on once answered:</source>
        <translation>◐ 团队的问题在等待你的回答；回答后运行将继续：</translation>
    </message>
    <message>
        <source>✓ The team&apos;s questions (answered below):</source>
        <translation>✓ 团队的问题（已在下方回答）：</translation>
    </message>
    <message>
        <source>✎ Answer now</source>
        <translation>✎ 立即回答</translation>
    </message>
    <message>
        <source>Answer now button: press Enter to answer the questions.</source>
        <translation>“立即回答”按钮：按 Enter 回答这些问题。</translation>
    </message>
</context>
<context>
    <name>LocalApi</name>
    <message>
        <source>The Local API is not serving: {problem}</source>
        <translation>本地 API 未在服务：{problem}</translation>
    </message>
    <message>
        <source>The Local API is {warning}</source>
        <translation>本地 API：{warning}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>The directives, the team&apos;s work, deliverables and audits of this session</source>
        <translation>此会话的指令、团队工作、交付成果和审核</translation>
    </message>
    <message>
        <source>Send ({keys})</source>
        <translation>发送（{keys}）</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>显示侧栏(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;About AIPA</source>
        <translation>关于 AIPA(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>附加文件(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Grant a folder (read-only)…</source>
        <translation>授权文件夹（只读）(&amp;G)…</translation>
    </message>
    <message>
        <source>Checking the connection…</source>
        <translation>正在检查连接…</translation>
    </message>
    <message>
        <source>Closing…</source>
        <translation>正在关闭…</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>新会话</translation>
    </message>
    <message>
        <source>Session: {title}</source>
        <translation>会话：{title}</translation>
    </message>
    <message>
        <source>The session shown below</source>
        <translation>下方显示的会话</translation>
    </message>
    <message>
        <source>Talking to &lt;b&gt;{agent}&lt;/b&gt; alone · Esc or &lt;i&gt;Team&lt;/i&gt; to go back</source>
        <translation>正在单独与 &lt;b&gt;{agent}&lt;/b&gt; 对话 · 按 Esc 或点击&lt;i&gt;团队&lt;/i&gt;返回</translation>
    </message>
</context>
<context>
    <name>Material</name>
    <message>
        <source>Attached {names}</source>
        <translation>已附加 {names}</translation>
    </message>
    <message>
        <source>Not attached: {what}</source>
        <translation>未附加：{what}</translation>
    </message>
    <message>
        <source>Folder not granted: {message} (hint: {hint})</source>
        <translation>文件夹未授权：{message}（提示：{hint}）</translation>
    </message>
    <message>
        <source>Granted the folder {folder} (read-only)</source>
        <translation>已授权文件夹 {folder}（只读）</translation>
    </message>
    <message>
        <source>Attached the picture {name} ({width}×{height})</source>
        <translation>已附加图片 {name}（{width}×{height}）</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Plan review before dispatch</source>
        <translation>分派前审阅计划(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>Setup &amp;wizard…</source>
        <translation>设置向导(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Stop run</source>
        <translation>停止运行(&amp;S)</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Regenerate the deliverable: write it again from the team&apos;s reports.</source>
        <translation>重新生成交付成果：根据团队的报告重写。</translation>
    </message>
    <message>
        <source>this lead</source>
        <translation>此负责人</translation>
    </message>
    <message>
        <source>The other leads&apos; reports are kept; the synthesis and the audit follow.</source>
        <translation>其他负责人的报告保留；随后进行综合与审核。</translation>
    </message>
    <message>
        <source>the synthesis</source>
        <translation>综合</translation>
    </message>
    <message>
        <source>The leads&apos; reports are kept; the audit follows.</source>
        <translation>负责人的报告保留；随后进行审核。</translation>
    </message>
    <message>
        <source>the audit</source>
        <translation>审核</translation>
    </message>
    <message>
        <source>A run is in progress: re-run once it has finished.</source>
        <translation>有运行正在进行：请在其结束后再重新运行。</translation>
    </message>
    <message>
        <source>This run has no leads&apos; briefs to edit.</source>
        <translation>此运行没有可编辑的负责人任务说明。</translation>
    </message>
    <message>
        <source>A run is in progress: regenerate once it has finished.</source>
        <translation>有运行正在进行：请在其结束后再重新生成。</translation>
    </message>
    <message>
        <source>Nothing to regenerate: the directive of this deliverable is not in the chat.</source>
        <translation>无法重新生成：此交付成果的指令不在聊天中。</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>● local</source>
        <translation>● 本地</translation>
    </message>
    <message>
        <source>☁ cloud</source>
        <translation>☁ 云端</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>The provider and model the team uses; opens the list of installed models</source>
        <translation>团队使用的提供方和模型；打开已安装模型列表</translation>
    </message>
    <message>
        <source>{provider} · {model}: click to choose another model</source>
        <translation>{provider} · {model}：点击选择其他模型</translation>
    </message>
    <message>
        <source>The server did not answer in time. Is it running?</source>
        <translation>服务器未及时响应。它在运行吗？</translation>
    </message>
    <message>
        <source>Could not list the models: {error}</source>
        <translation>无法列出模型：{error}</translation>
    </message>
    <message>
        <source>Not reachable (no answer in time)</source>
        <translation>无法连接（未及时响应）</translation>
    </message>
    <message>
        <source>Could not list its models</source>
        <translation>无法列出其模型</translation>
    </message>
    <message>
        <source>The team now uses {profile} · {model}.</source>
        <translation>团队现在使用 {profile} · {model}。</translation>
    </message>
    <message>
        <source>{agent} now uses {model}.</source>
        <translation>{agent} 现在使用 {model}。</translation>
    </message>
    <message>
        <source>the team model</source>
        <translation>团队模型</translation>
    </message>
    <message>
        <source>{file} is downloaded: choose it from the model list.</source>
        <translation>{file} 已下载：请在模型列表中选择它。</translation>
    </message>
</context>
<context>
    <name>ModelPopup</name>
    <message>
        <source>⤓  Download more…</source>
        <translation>⤓  下载更多…</translation>
    </message>
    <message>
        <source>Team model</source>
        <translation>团队模型</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>已安装的模型</translation>
    </message>
    <message>
        <source>Choose the model the team uses; Enter or a click switches</source>
        <translation>选择团队使用的模型；按 Enter 或点击即可切换</translation>
    </message>
    <message>
        <source>Pull / import a model…</source>
        <translation>拉取 / 导入模型…</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Per-agent models</source>
        <translation>各智能体的模型</translation>
    </message>
    <message>
        <source>Models on {provider}</source>
        <translation>{provider} 上的模型</translation>
    </message>
    <message>
        <source>Looking for installed models…</source>
        <translation>正在查找已安装的模型…</translation>
    </message>
    <message>
        <source>local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>cloud</source>
        <translation>云端</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>{provider} (in use)</source>
        <translation>{provider}（使用中）</translation>
    </message>
    <message>
        <source>Use {model} for the team</source>
        <translation>让团队使用 {model}</translation>
    </message>
    <message>
        <source>{model}: the team&apos;s model now</source>
        <translation>{model}：团队当前的模型</translation>
    </message>
    <message>
        <source>in use</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>Recommended models for the built-in engine: size, memory, licence; one click to download</source>
        <translation>内置引擎的推荐模型：大小、内存、许可证；一键下载</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>未安装模型</translation>
    </message>
    <message>
        <source>Switch the team to {profile} · {model}</source>
        <translation>将团队切换到 {profile} · {model}</translation>
    </message>
    <message>
        <source>No models downloaded yet: choose Download more…</source>
        <translation>尚未下载任何模型：请选择“下载更多…”</translation>
    </message>
    <message>
        <source>No models installed yet: pull or import one.</source>
        <translation>尚未安装任何模型：请拉取或导入一个。</translation>
    </message>
    <message>
        <source>Model of {agent}</source>
        <translation>{agent} 的模型</translation>
    </message>
</context>
<context>
    <name>Notices</name>
    <message>
        <source>reply</source>
        <translation>回复</translation>
    </message>
    <message>
        <source>routing reply</source>
        <translation>分派回复</translation>
    </message>
    <message>
        <source>report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>交付成果</translation>
    </message>
    <message>
        <source>memo</source>
        <translation>备忘录</translation>
    </message>
    <message>
        <source>reading of the request</source>
        <translation>对请求的解读</translation>
    </message>
    <message>
        <source>analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>feature list</source>
        <translation>功能列表</translation>
    </message>
    <message>
        <source>user stories</source>
        <translation>用户故事</translation>
    </message>
    <message>
        <source>task list</source>
        <translation>任务列表</translation>
    </message>
    <message>
        <source>sprint plan</source>
        <translation>冲刺计划</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>verdict on the checks</source>
        <translation>对检查项的结论</translation>
    </message>
    <message>
        <source>every lead got the directive</source>
        <translation>每位负责人都收到了指令</translation>
    </message>
    <message>
        <source>that task failed; the other leads carry on</source>
        <translation>该任务失败；其他负责人继续工作</translation>
    </message>
    <message>
        <source>the deliverable puts the leads&apos; reports together as they wrote them</source>
        <translation>交付成果按负责人所写的原样汇总他们的报告</translation>
    </message>
    <message>
        <source>the run is marked FLAG: review the deliverable yourself</source>
        <translation>本次运行被标记为 FLAG：请亲自审阅交付成果</translation>
    </message>
    <message>
        <source>the request was read by rule instead</source>
        <translation>改为按规则解读请求</translation>
    </message>
    <message>
        <source>the audit is written as a memo instead</source>
        <translation>改为以备忘录形式撰写审核</translation>
    </message>
    <message>
        <source>a plain default was used in its place</source>
        <translation>改用了一个简单的默认内容</translation>
    </message>
    <message>
        <source>the deliverable lists the briefs: no lead wrote a report</source>
        <translation>交付成果列出各项任务简报：没有负责人写出报告</translation>
    </message>
    <message>
        <source>the built-in engine</source>
        <translation>内置引擎</translation>
    </message>
    <message>
        <source>the scripted provider</source>
        <translation>脚本提供方</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} could not be read; asking {agent} once more.</source>
        <translation>{agent}的{what}无法读取；再请{agent}回答一次。</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} for “{title}” was unusable, so {instead}.</source>
        <translation>{agent}为“{title}”写的{what}无法使用，因此{instead}。</translation>
    </message>
    <message>
        <source>{agent}&apos;s {what} was unusable, so {instead}.</source>
        <translation>{agent}的{what}无法使用，因此{instead}。</translation>
    </message>
    <message>
        <source>{agent} wrote no {what} for “{title}”, twice, so {instead}.</source>
        <translation>{agent}两次都没有为“{title}”写出{what}，因此{instead}。</translation>
    </message>
    <message>
        <source>{agent} wrote no {what}, twice, so {instead}.</source>
        <translation>{agent}两次都没有写出{what}，因此{instead}。</translation>
    </message>
    <message>
        <source>What {agent} had to read for the {what} for “{title}” does not fit the model&apos;s context, so {instead}.</source>
        <translation>{agent}为“{title}”的{what}需要阅读的内容超出了模型的上下文，因此{instead}。</translation>
    </message>
    <message>
        <source>What {agent} had to read for the {what} does not fit the model&apos;s context, so {instead}.</source>
        <translation>{agent}为{what}需要阅读的内容超出了模型的上下文，因此{instead}。</translation>
    </message>
    <message>
        <source>{agent}&apos;s memo named no verdict, even when asked, so the run is marked FLAG: review it yourself.</source>
        <translation>{agent}的备忘录没有给出结论，追问后也没有，因此本次运行被标记为 FLAG：请亲自审阅。</translation>
    </message>
    <message>
        <source>No answer came: the deadline passed; proceeding on stated assumptions</source>
        <translation>没有收到回答：期限已过；按已说明的假设继续</translation>
    </message>
    <message>
        <source>budget: this run has spent {spent} of {allowed}; continue?</source>
        <translation>预算：本次运行已花费 {spent}，上限为 {allowed}；是否继续？</translation>
    </message>
    <message numerus="yes">
        <source>not revising again: {rounds} round(s) done ({ids})</source>
        <translation>
            <numerusform>不再修订：已完成 {rounds} 轮（{ids}）</numerusform>
        </translation>
    </message>
    <message>
        <source>not revising: the run&apos;s budget is spent</source>
        <translation>不修订：本次运行的预算已用完</translation>
    </message>
    <message numerus="yes">
        <source>revising: {count} check(s) failed: {ids} (round {round} of {rounds}; this revision used {tokens} tokens)</source>
        <translation>
            <numerusform>正在修订：{count} 项检查未通过：{ids}（第 {round} 轮，共 {rounds} 轮；本次修订使用了 {tokens} 个令牌）</numerusform>
        </translation>
    </message>
    <message>
        <source>revising: the audit flagged the deliverable (round {round} of {rounds}; this revision used {tokens} tokens)</source>
        <translation>正在修订：审核标记了交付成果（第 {round} 轮，共 {rounds} 轮；本次修订使用了 {tokens} 个令牌）</translation>
    </message>
    <message>
        <source>context size of the default model at {where} is unknown; assuming {tokens} tokens — set “context” in the profile</source>
        <translation>{where} 上默认模型的上下文大小未知；假定为 {tokens} 个令牌——请在配置中设置“context”</translation>
    </message>
    <message>
        <source>context size of {model} at {where} is unknown; assuming {tokens} tokens — set “context” in the profile</source>
        <translation>{where} 上 {model} 的上下文大小未知；假定为 {tokens} 个令牌——请在配置中设置“context”</translation>
    </message>
    <message>
        <source>{agent}: {server} answered very slowly for a while (little or no new output); AIPA kept waiting</source>
        <translation>{agent}：{server}有一段时间回复非常慢（几乎没有新输出）；AIPA 一直在等待</translation>
    </message>
    <message>
        <source>MCP server “{server}”: does not speak MCP: it wrote “{wrote}” where a JSON-RPC message belongs (hint: check that the command starts an MCP server on stdio, not a shell, a web server or a program&apos;s help)</source>
        <translation>MCP 服务器“{server}”：不使用 MCP 协议：它在应为 JSON-RPC 消息的位置写了“{wrote}”（提示：请确认该命令通过 stdio 启动的是 MCP 服务器，而不是 shell、网页服务器或程序的帮助信息）</translation>
    </message>
    <message>
        <source>MCP server “{server}”: no answer within {seconds} s while trying to start it and list its tools (hint: check that it is an MCP server and not hung)</source>
        <translation>MCP 服务器“{server}”：启动并列出其工具时，{seconds} 秒内没有回应（提示：请确认它是 MCP 服务器且没有卡住）</translation>
    </message>
    <message>
        <source>MCP server “{server}”: cannot run “{where}” ({why}) (hint: check the command in the MCP server settings)</source>
        <translation>MCP 服务器“{server}”：无法运行“{where}”（{why}）（提示：请检查 MCP 服务器设置中的命令）</translation>
    </message>
    <message>
        <source>MCP server “{server}”: could not start it and list its tools at {where} ({why}) (hint: check that the server runs and the URL ends in its MCP path)</source>
        <translation>MCP 服务器“{server}”：无法在 {where} 启动并列出其工具（{why}）（提示：请确认服务器正在运行，且 URL 以其 MCP 路径结尾）</translation>
    </message>
    <message>
        <source>MCP server “{server}”: could not start it and list its tools: {why} (hint: check the command and that it speaks MCP over stdio)</source>
        <translation>MCP 服务器“{server}”：无法启动并列出其工具：{why}（提示：请检查命令，并确认它通过 stdio 使用 MCP）</translation>
    </message>
    <message>
        <source>MCP server “{server}”: “allow_read_only”: true is not honoured (a server can mark a write tool read-only); list the tools by name, e.g. “allow_read_only”: [“lookup”]</source>
        <translation>MCP 服务器“{server}”：不遵循 “allow_read_only”: true（服务器可能把写入工具标记为只读）；请按名称列出工具，例如 “allow_read_only”: [“lookup”]</translation>
    </message>
</context>
<context>
    <name>Operation</name>
    <message>
        <source>Something went wrong: {error}</source>
        <translation>出错了：{error}</translation>
    </message>
</context>
<context>
    <name>PictureTile</name>
    <message>
        <source>Picture {name}</source>
        <translation>图片 {name}</translation>
    </message>
    <message>
        <source>{size} pixels; press Enter for a larger view, Delete to remove it</source>
        <translation>{size} 像素；按 Enter 查看大图，按 Delete 移除</translation>
    </message>
    <message>
        <source>preparing the picture</source>
        <translation>正在准备图片</translation>
    </message>
    <message>
        <source>F2: a caption for screen readers</source>
        <translation>F2：为屏幕阅读器添加说明</translation>
    </message>
    <message>
        <source>Remove picture {name}</source>
        <translation>移除图片 {name}</translation>
    </message>
    <message>
        <source>Caption</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>What the picture shows, for screen readers:</source>
        <translation>图片内容（供屏幕阅读器使用）：</translation>
    </message>
</context>
<context>
    <name>PictureView</name>
    <message>
        <source>Picture {name}</source>
        <translation>图片 {name}</translation>
    </message>
    <message>
        <source>{name}, {width} × {height} pixels</source>
        <translation>{name}，{width} × {height} 像素</translation>
    </message>
</context>
<context>
    <name>Pictures</name>
    <message>
        <source>Pictures: {names}.</source>
        <translation>图片：{names}。</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <source>↻ Resuming run {run}: {directive}</source>
        <translation>↻ 继续运行 {run}：{directive}</translation>
    </message>
    <message>
        <source>**Error:** {error}</source>
        <translation>**错误：**{error}</translation>
    </message>
    <message>
        <source>🔧 {agent} used {tool}: {result}</source>
        <translation>🔧 {agent} 使用了 {tool}：{result}</translation>
    </message>
    <message>
        <source>◐ The run is waiting: {reason}. Resume it when you are ready (Ctrl+R).</source>
        <translation>◐ 运行正在等待：{reason}。准备好后即可继续（Ctrl+R）。</translation>
    </message>
    <message>
        <source>■ Stopped. The run can continue where it stopped (Ctrl+R).</source>
        <translation>■ 已停止。运行可从停止处继续（Ctrl+R）。</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Report text</source>
        <translation>报告正文</translation>
    </message>
</context>
<context>
    <name>RerunText</name>
    <message>
        <source>{names} and {last}</source>
        <translation>{names}和{last}</translation>
    </message>
    <message>
        <source>re-ran the synthesis and the audit</source>
        <translation>重新运行了综合与审计</translation>
    </message>
    <message>
        <source>re-ran the audit</source>
        <translation>重新运行了审计</translation>
    </message>
    <message>
        <source>a new directive: everything from routing runs again</source>
        <translation>新的指令：从分派起全部重新运行</translation>
    </message>
    <message>
        <source>re-ran {leads} with edited briefs</source>
        <translation>以修改后的任务说明重新运行了 {leads}</translation>
    </message>
    <message>
        <source>re-ran {leads}</source>
        <translation>重新运行了 {leads}</translation>
    </message>
    <message>
        <source>kept every lead&apos;s report</source>
        <translation>保留了每位负责人的报告</translation>
    </message>
    <message>
        <source>kept {lead}&apos;s report</source>
        <translation>保留了 {lead} 的报告</translation>
    </message>
    <message>
        <source>kept the reports of {leads}</source>
        <translation>保留了 {leads} 的报告</translation>
    </message>
    <message>
        <source>new feedback: {feedback}</source>
        <translation>新的反馈：{feedback}</translation>
    </message>
    <message>
        <source>↻ Revision {number}</source>
        <translation>↻ 第 {number} 版</translation>
    </message>
</context>
<context>
    <name>RevisionBar</name>
    <message>
        <source>Previous revision</source>
        <translation>上一个修订版</translation>
    </message>
    <message>
        <source>Next revision</source>
        <translation>下一个修订版</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <source>Compare revisions</source>
        <translation>比较修订版</translation>
    </message>
    <message>
        <source>Revision {number} of {total}</source>
        <translation>第 {number} 个修订版，共 {total} 个</translation>
    </message>
</context>
<context>
    <name>Revisions</name>
    <message>
        <source>&amp;Previous revision</source>
        <translation>上一个修订版(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Next revision</source>
        <translation>下一个修订版(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Compare revisions…</source>
        <translation>比较修订版(&amp;C)…</translation>
    </message>
    <message>
        <source>a re-run of revision {n}</source>
        <translation>修订版 {n} 的重新运行</translation>
    </message>
    <message>
        <source>the first run</source>
        <translation>第一次运行</translation>
    </message>
    <message>
        <source>Revision {number} of {total}: {what}</source>
        <translation>第 {number} 个修订版，共 {total} 个：{what}</translation>
    </message>
    <message>
        <source>this revision: {cost}</source>
        <translation>此修订版：{cost}</translation>
    </message>
    <message>
        <source>No run in this session has several revisions to compare.</source>
        <translation>此会话中没有包含多个修订版可供比较的运行。</translation>
    </message>
</context>
<context>
    <name>ScheduleTimer</name>
    <message>
        <source>“{directive}” (due {when})</source>
        <translation>“{directive}”（应于 {when}）</translation>
    </message>
    <message numerus="yes">
        <source>Ran %n missed scheduled directive(s) once: {names}. Its result waits in the Inbox.</source>
        <translation>
            <numerusform>已补运行 %n 条错过的计划指令一次：{names}。结果在收件箱中等待。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>A run is in progress: stop it first (Esc) to switch sessions.</source>
        <translation>有运行正在进行：请先停止（Esc）再切换会话。</translation>
    </message>
    <message>
        <source>Standing brief not updated: {error}</source>
        <translation>常设简报未更新：{error}</translation>
    </message>
</context>
<context>
    <name>SessionList</name>
    <message>
        <source>Pinned</source>
        <translation>已置顶</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>过去 7 天</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>更早</translation>
    </message>
    <message>
        <source>Search sessions (full text)…</source>
        <translation>搜索会话（全文）…</translation>
    </message>
    <message>
        <source>Search sessions</source>
        <translation>搜索会话</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Enter opens a session; F2 renames it; Delete deletes it (with undo)</source>
        <translation>Enter 打开会话；F2 重命名；Delete 删除（可撤销）</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Trash…</source>
        <translation>回收站…</translation>
    </message>
    <message>
        <source>Deleted sessions, kept 30 days: restore or empty</source>
        <translation>已删除的会话保留 30 天：可恢复或清空</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>未命名会话</translation>
    </message>
    <message>
        <source>last activity {when}</source>
        <translation>最近活动 {when}</translation>
    </message>
    <message>
        <source>Last activity: {when}</source>
        <translation>最近活动：{when}</translation>
    </message>
    <message>
        <source> · closed</source>
        <translation> · 已关闭</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消置顶</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>“{title}” moved to the Trash.</source>
        <translation>“{title}”已移至回收站。</translation>
    </message>
    <message>
        <source>Undo: restore {title}</source>
        <translation>撤销：恢复 {title}</translation>
    </message>
</context>
<context>
    <name>SessionTime</name>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message numerus="yes">
        <source>{count} min ago</source>
        <translation>
            <numerusform>{count} 分钟前</numerusform>
        </translation>
    </message>
    <message>
        <source>yesterday, {time}</source>
        <translation>昨天 {time}</translation>
    </message>
</context>
<context>
    <name>Slash</name>
    <message numerus="yes">
        <source>**Session:** {session} · {count} run(s)</source>
        <translation>
            <numerusform>**会话：**{session} · {count} 次运行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SlashCommands</name>
    <message>
        <source>Unknown command /{name}. Type /help for the list.</source>
        <translation>未知命令 /{name}。输入 /help 查看列表。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>**Provider:** {provider} · {model} · {state}</source>
        <translation>**提供方：**{provider} · {model} · {state}</translation>
    </message>
    <message>
        <source>(new)</source>
        <translation>（新）</translation>
    </message>
    <message>
        <source>**Tokens this session:** {count}</source>
        <translation>**本会话令牌：**{count}</translation>
    </message>
    <message>
        <source>**Automatic audit:** {audit} · **Plan review:** {review}</source>
        <translation>**自动审核：**{audit} · **计划审阅：**{review}</translation>
    </message>
    <message>
        <source>**Talking to:** {who}</source>
        <translation>**对话对象：**{who}</translation>
    </message>
    <message>
        <source>the team</source>
        <translation>团队</translation>
    </message>
    <message>
        <source>**Data folder:** `{folder}`</source>
        <translation>**数据文件夹：**`{folder}`</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>No runs in this session yet.</source>
        <translation>此会话中还没有运行。</translation>
    </message>
    <message>
        <source>| run | status | verdict | directive |</source>
        <translation>| 运行 | 状态 | 结论 | 指令 |</translation>
    </message>
    <message>
        <source>history</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>The last run has no tasks (answered directly, or nothing has run yet).</source>
        <translation>上次运行没有任务（直接回答，或尚未运行任何内容）。</translation>
    </message>
    <message>
        <source>| task | agent | title | status |</source>
        <translation>| 任务 | 智能体 | 标题 | 状态 |</translation>
    </message>
    <message>
        <source>tasks of {run}</source>
        <translation>{run} 的任务</translation>
    </message>
    <message>
        <source>Thinking panels shown</source>
        <translation>已显示思考面板</translation>
    </message>
    <message>
        <source>Thinking panels hidden</source>
        <translation>已隐藏思考面板</translation>
    </message>
    <message>
        <source>No response has any thinking (the model did not think aloud, or nothing ran yet).</source>
        <translation>没有任何回复包含思考过程（模型没有显式思考，或尚未运行任何内容）。</translation>
    </message>
    <message>
        <source>Debug logging is now {state} (the log file: {file}).</source>
        <translation>调试日志现在为{state}（日志文件：{file}）。</translation>
    </message>
    <message>
        <source>No agent has replied in this session yet: /debug shows the last run&apos;s raw replies.</source>
        <translation>此会话中还没有智能体回复：/debug 显示上次运行的原始回复。</translation>
    </message>
    <message>
        <source>No run {run} to show.</source>
        <translation>没有可显示的运行 {run}。</translation>
    </message>
    <message>
        <source>No run in this session yet: /trace shows one.</source>
        <translation>此会话中还没有运行：/trace 用于显示运行。</translation>
    </message>
    <message>
        <source>Automatic audit is now on.</source>
        <translation>自动审核已开启。</translation>
    </message>
    <message>
        <source>Automatic audit is now off.</source>
        <translation>自动审核已关闭。</translation>
    </message>
    <message>
        <source>Reloaded {count} agents and the settings.</source>
        <translation>已重新加载 {count} 个智能体和设置。</translation>
    </message>
    <message>
        <source>The standing brief&apos;s archive is empty: log entries move there once its log holds more than {count} (Settings → Standing brief keeps).</source>
        <translation>常设简报的归档为空：当其日志超过 {count} 条时，日志条目会移入归档（设置 → 常设简报保留）。</translation>
    </message>
    <message>
        <source>standing brief: archive</source>
        <translation>常设简报：归档</translation>
    </message>
    <message>
        <source>The standing brief was reset to the empty template.</source>
        <translation>常设简报已重置为空模板。</translation>
    </message>
    <message>
        <source>Nothing to export yet: this session is empty.</source>
        <translation>还没有可导出的内容：此会话为空。</translation>
    </message>
</context>
<context>
    <name>Spoken</name>
    <message>
        <source>Your directive</source>
        <translation>你的指令</translation>
    </message>
    <message>
        <source>Your answers</source>
        <translation>你的回答</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>deliverable</source>
        <translation>交付成果</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>审核</translation>
    </message>
    <message>
        <source>Your decision</source>
        <translation>你的决定</translation>
    </message>
    <message>
        <source>verdict {verdict}</source>
        <translation>结论 {verdict}</translation>
    </message>
    <message>
        <source>revision {number} of {total}</source>
        <translation>第 {number} 个修订版，共 {total} 个</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Status message</source>
        <translation>状态消息</translation>
    </message>
    <message>
        <source>Cost this session</source>
        <translation>本会话费用</translation>
    </message>
    <message>
        <source>Scheduled runs waiting</source>
        <translation>等待中的计划运行</translation>
    </message>
    <message>
        <source>Updating the standing brief…</source>
        <translation>正在更新常设简报…</translation>
    </message>
    <message>
        <source>Provider and model</source>
        <translation>提供方和模型</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Tokens this session</source>
        <translation>本会话令牌</translation>
    </message>
    <message>
        <source>Provider {provider}, model {model}</source>
        <translation>提供方 {provider}，模型 {model}</translation>
    </message>
    <message>
        <source>{rate} tok/s</source>
        <translation>{rate} 令牌/秒</translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s) this session</source>
        <translation>
            <numerusform>本会话 {count} 个令牌</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} token(s)</source>
        <translation>
            <numerusform>{count} 个令牌</numerusform>
        </translation>
    </message>
    <message>
        <source>No tokens yet</source>
        <translation>尚无令牌</translation>
    </message>
    <message>
        <source>No tokens</source>
        <translation>无令牌</translation>
    </message>
    <message>
        <source>Scheduled run waits for the current one</source>
        <translation>计划运行正在等待当前运行结束</translation>
    </message>
    <message>
        <source>{count} scheduled runs wait for the current one</source>
        <translation>{count} 个计划运行正在等待当前运行结束</translation>
    </message>
    <message>
        <source>“{directive}” waits for “{current}”</source>
        <translation>“{directive}”正在等待“{current}”</translation>
    </message>
</context>
<context>
    <name>TitleLabel</name>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>Resume button: press Enter to resume the run.</source>
        <translation>继续按钮：按 Enter 继续运行。</translation>
    </message>
    <message>
        <source>Copy Markdown</source>
        <translation>复制 Markdown</translation>
    </message>
    <message>
        <source>Copy text</source>
        <translation>复制文本</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Edit &amp; resend</source>
        <translation>编辑并重发</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>打开报告</translation>
    </message>
    <message>
        <source>Copy the message as Markdown, with its formatting marks</source>
        <translation>以 Markdown 复制消息，保留格式标记</translation>
    </message>
    <message>
        <source>Copy the message as plain text, as it reads on screen</source>
        <translation>以纯文本复制消息，与屏幕上显示的一致</translation>
    </message>
    <message>
        <source>Ask for a new revision of the deliverable</source>
        <translation>请求交付物的新修订版</translation>
    </message>
    <message>
        <source>Edit the message and send it again</source>
        <translation>编辑消息并重新发送</translation>
    </message>
    <message>
        <source>Open the lead&apos;s whole report in a window of its own</source>
        <translation>在单独的窗口中打开负责人的完整报告</translation>
    </message>
    <message>
        <source>Resume the run where it stopped (Ctrl+R)</source>
        <translation>从停止处继续运行（Ctrl+R）</translation>
    </message>
    <message>
        <source>Shown in part · Show the full text</source>
        <translation>部分显示 · 显示全文</translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <source>Raw replies · {run}</source>
        <translation>原始回复 · {run}</translation>
    </message>
    <message>
        <source>What each agent sent, in the order it came, before AIPA parsed it: the routing JSON, each lead&apos;s report, the synthesis, the audit memo.</source>
        <translation>各智能体按到达顺序发送的内容，在 AIPA 解析之前：分派 JSON、各负责人的报告、综合结果、审核备忘录。</translation>
    </message>
    <message>
        <source>Raw replies of run {run}</source>
        <translation>运行 {run} 的原始回复</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>思考过程</translation>
    </message>
    <message numerus="yes">
        <source>{count} word(s) of thinking</source>
        <translation>
            <numerusform>{count} 个词的思考</numerusform>
        </translation>
    </message>
    <message>
        <source>Thinking · {what}</source>
        <translation>思考过程 · {what}</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Plan a three-day offsite for 12 people in March, with a budget</source>
        <translation>为 12 人策划一次三月份为期三天的团建活动，并附预算</translation>
    </message>
    <message>
        <source>Compare three CRM tools for a 10-person sales team and recommend one</source>
        <translation>比较三款适合 10 人销售团队的 CRM 工具并推荐一款</translation>
    </message>
    <message>
        <source>Draft a one-page launch plan for our new mobile app</source>
        <translation>为我们的新移动应用起草一页发布计划</translation>
    </message>
    <message>
        <source>Lead</source>
        <translation>负责人</translation>
    </message>
    <message>
        <source>Start a session</source>
        <translation>开始会话</translation>
    </message>
    <message>
        <source>YOUR TEAM</source>
        <translation>你的团队</translation>
    </message>
    <message>
        <source>TRY</source>
        <translation>试试看</translation>
    </message>
    <message>
        <source>Example directive: {text}</source>
        <translation>示例指令：{text}</translation>
    </message>
    <message>
        <source>Sends this directive to the team</source>
        <translation>将此指令发送给团队</translation>
    </message>
    <message>
        <source>runs on this computer: nothing you type leaves it</source>
        <translation>在本机运行：你输入的内容不会离开这台电脑</translation>
    </message>
    <message>
        <source>runs in the cloud: what you type is sent to the provider</source>
        <translation>在云端运行：你输入的内容会发送给提供方</translation>
    </message>
    <message>
        <source>Model: &lt;b&gt;{model}&lt;/b&gt; on {provider} · {where}</source>
        <translation>模型：{provider} 上的 &lt;b&gt;{model}&lt;/b&gt; · {where}</translation>
    </message>
</context>
<context>
    <name>WindowShell</name>
    <message>
        <source>Sidebar</source>
        <translation>侧栏</translation>
    </message>
    <message>
        <source>AGENTS</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>团队</translation>
    </message>
    <message>
        <source>Send directives to the whole team (the pipeline)</source>
        <translation>将指令发送给整个团队（流水线）</translation>
    </message>
    <message>
        <source>Send directives to the whole team instead of one agent</source>
        <translation>将指令发送给整个团队而非单个智能体</translation>
    </message>
    <message>
        <source>SESSIONS</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Send ▶</source>
        <translation>发送 ▶</translation>
    </message>
    <message>
        <source>Send the directive to the team</source>
        <translation>将指令发送给团队</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <source>Stop the run (Esc)</source>
        <translation>停止运行（Esc）</translation>
    </message>
    <message>
        <source>Stop the run in progress; it can be resumed later</source>
        <translation>停止正在进行的运行；之后可以继续</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已驳回</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>PASS WITH NOTES</source>
        <translation>有保留通过</translation>
    </message>
    <message>
        <source>FLAG</source>
        <translation>存疑</translation>
    </message>
    <message>
        <source>REJECT</source>
        <translation>驳回</translation>
    </message>
    <message>
        <source>NONE</source>
        <translation>无</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>读取中</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>思考中</translation>
    </message>
    <message>
        <source>streaming</source>
        <translation>输出中</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>写作中</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>等待你的许可</translation>
    </message>
    <message>
        <source>working</source>
        <translation>工作中</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>待处理</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>演练</translation>
    </message>
    <message>
        <source>Chief of Staff</source>
        <translation>幕僚长</translation>
    </message>
    <message>
        <source>Auditor</source>
        <translation>审核员</translation>
    </message>
    <message>
        <source>Recruiter</source>
        <translation>招聘官</translation>
    </message>
    <message>
        <source>route</source>
        <translation>分派</translation>
    </message>
    <message>
        <source>clarify</source>
        <translation>澄清</translation>
    </message>
    <message>
        <source>plan review</source>
        <translation>计划审阅</translation>
    </message>
    <message>
        <source>dispatch</source>
        <translation>派发</translation>
    </message>
    <message>
        <source>synthesize</source>
        <translation>综合</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>审核</translation>
    </message>
    <message>
        <source>review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
</context>
</TS>
