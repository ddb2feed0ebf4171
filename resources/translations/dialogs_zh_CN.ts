<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AgentEditor</name>
    <message>
        <source>model default</source>
        <translation>模型默认</translation>
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
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>New agent</source>
        <translation>新建智能体</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Roles</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Save roles</source>
        <translation>保存角色</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <source>provider default</source>
        <translation>提供方默认</translation>
    </message>
    <message>
        <source>remembers the session&apos;s conversation with it</source>
        <translation>记住本会话中与它的对话</translation>
    </message>
    <message>
        <source>For thinking models (Ollama, Anthropic): off answers faster</source>
        <translation>适用于思考型模型（Ollama、Anthropic）：关闭后回答更快</translation>
    </message>
    <message>
        <source>none: it only writes text</source>
        <translation>无：它只写文本</translation>
    </message>
    <message>
        <source>The tools this agent may use, separated by commas (e.g. web_search, read_file)</source>
        <translation>此智能体可使用的工具，以逗号分隔（例如 web_search, read_file）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>头衔</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>颜色</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供方</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>最大令牌数</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>思考</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Save agent</source>
        <translation>保存智能体</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>override</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>yours</source>
        <translation>您的</translation>
    </message>
    <message>
        <source>Shipped agent: saving writes your own override (delete it to go back).</source>
        <translation>内置智能体：保存会写入您自己的覆盖版本（删除它即可恢复）。</translation>
    </message>
    <message>
        <source>Your override of a shipped agent.</source>
        <translation>您对内置智能体的覆盖版本。</translation>
    </message>
    <message>
        <source>Your agent.</source>
        <translation>您的智能体。</translation>
    </message>
    <message>
        <source>Remove override</source>
        <translation>移除覆盖</translation>
    </message>
    <message>
        <source>A new agent of yours: it becomes a lead the Chief of Staff can brief.</source>
        <translation>您的新智能体：它将成为参谋长可以分派任务的负责人。</translation>
    </message>
    <message>
        <source>an agent named {name} already exists</source>
        <translation>名为 {name} 的智能体已存在</translation>
    </message>
    <message>
        <source>Delete agent?</source>
        <translation>删除智能体？</translation>
    </message>
    <message>
        <source>Delete your file for {name}?</source>
        <translation>删除您为 {name} 保存的文件？</translation>
    </message>
    <message>
        <source>Each role needs a different agent.</source>
        <translation>每个角色需要不同的智能体。</translation>
    </message>
</context>
<context>
    <name>ApiPage</name>
    <message>
        <source>Other programs on this computer (an editor, a script, any OpenAI-compatible client) can hand the team a directive at &lt;code&gt;/v1/chat/completions&lt;/code&gt;, with model &lt;code&gt;aipa-team&lt;/code&gt; or one agent&apos;s name, while this window is open. Each request needs the token below. A run that reaches a gate waits for you in the Inbox unless its client is listed under Accept reviews.</source>
        <translation>本机上的其他程序（编辑器、脚本、任何兼容 OpenAI 的客户端）可以在此窗口打开时，通过 &lt;code&gt;/v1/chat/completions&lt;/code&gt; 向团队下达指令，模型填 &lt;code&gt;aipa-team&lt;/code&gt; 或某个智能体的名称。每个请求都需要下方的令牌。到达审批关口的运行会在收件箱中等您处理，除非其客户端列在“自动接受审阅的客户端”中。</translation>
    </message>
    <message>
        <source>Serve the team on this computer while the window is open</source>
        <translation>窗口打开期间在本机上提供团队服务</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>本地 API</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source> at once</source>
        <translation> 个同时</translation>
    </message>
    <message>
        <source>Runs at once</source>
        <translation>同时运行数</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>made when first shown or turned on</source>
        <translation>首次显示或启用时生成</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>Bearer 令牌</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Make a new token; clients holding the old one are refused from now on</source>
        <translation>生成新令牌；持有旧令牌的客户端从此会被拒绝</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>none: every review waits for you</source>
        <translation>无：每次审阅都等您处理</translation>
    </message>
    <message>
        <source>Clients whose reviews are accepted</source>
        <translation>自动接受其审阅的客户端</translation>
    </message>
    <message>
        <source>The request&apos;s user field, comma-separated: their final reviews are accepted</source>
        <translation>请求中的 user 字段，以逗号分隔：它们的最终审阅会被自动接受</translation>
    </message>
    <message>
        <source>Accept reviews of</source>
        <translation>自动接受审阅的客户端</translation>
    </message>
    <message>
        <source>No keyring keeps the token: it works until AIPA closes.</source>
        <translation>没有密钥环保存该令牌：它在 AIPA 关闭前有效。</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <source>Token copied.</source>
        <translation>令牌已复制。</translation>
    </message>
    <message>
        <source>A new token: clients holding the old one are refused now.</source>
        <translation>已生成新令牌：持有旧令牌的客户端现在会被拒绝。</translation>
    </message>
    <message>
        <source>Binds {host}: reachable from other computers.</source>
        <translation>绑定 {host}：其他计算机也可访问。</translation>
    </message>
    <message>
        <source>Binds 127.0.0.1: only this computer can reach it.</source>
        <translation>绑定 127.0.0.1：只有本机可以访问。</translation>
    </message>
    <message>
        <source>Serving on {url}</source>
        <translation>正在 {url} 上提供服务</translation>
    </message>
    <message>
        <source>Off.</source>
        <translation>已关闭。</translation>
    </message>
</context>
<context>
    <name>BriefEditor</name>
    <message>
        <source>Standing brief</source>
        <translation>常设简报</translation>
    </message>
    <message>
        <source>The Chief of Staff&apos;s working memory across sessions. It is rewritten when a session closes; edit it to correct or add what the team should remember.</source>
        <translation>参谋长跨会话的工作记忆。每次会话结束时都会重写；您可以编辑它，更正或补充团队应记住的内容。</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Reset to template…</source>
        <translation>重置为模板…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Reset the standing brief?</source>
        <translation>重置常设简报？</translation>
    </message>
    <message>
        <source>Replace the standing brief with the empty template? Earlier versions stay in the database.</source>
        <translation>用空模板替换常设简报？早期版本仍保留在数据库中。</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
</context>
<context>
    <name>BriefsRerunDialog</name>
    <message>
        <source>Edit briefs and re-run</source>
        <translation>编辑任务说明并重新运行</translation>
    </message>
    <message>
        <source>Change what a lead is asked. Only the leads whose brief you change run again, then the synthesis and the audit; the other reports are kept as they are. The run so far stays as an earlier revision.</source>
        <translation>修改交给负责人的任务。只有任务说明被修改的负责人会重新运行，随后是综合和审核；其他报告保持不变。目前的运行保留为较早的修订版。</translation>
    </message>
    <message>
        <source>Brief for {lead}: {title}</source>
        <translation>给 {lead} 的任务说明：{title}</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>重新运行</translation>
    </message>
    <message>
        <source>No brief changed yet.</source>
        <translation>尚未修改任何任务说明。</translation>
    </message>
    <message numerus="yes">
        <source>{count} lead(s) will run again.</source>
        <translation>
            <numerusform>{count} 位负责人将重新运行。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BuiltinPage</name>
    <message>
        <source>Built-in engine</source>
        <translation>内置引擎</translation>
    </message>
    <message>
        <source>AIPA runs a GGUF model file itself with llama.cpp, on 127.0.0.1 only. Nothing to install.</source>
        <translation>AIPA 使用 llama.cpp 自行运行 GGUF 模型文件，仅在 127.0.0.1 上。无需安装任何东西。</translation>
    </message>
    <message>
        <source>✓ The engine is installed.</source>
        <translation>✓ 引擎已安装。</translation>
    </message>
    <message>
        <source>✗ The engine is not installed: {hint}</source>
        <translation>✗ 引擎未安装：{hint}</translation>
    </message>
    <message>
        <source>Your models (in {folder}):</source>
        <translation>您的模型（位于 {folder}）：</translation>
    </message>
    <message>
        <source>Downloaded models</source>
        <translation>已下载的模型</translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation>导入 GGUF 文件…</translation>
    </message>
    <message>
        <source>Import a GGUF model file</source>
        <translation>导入 GGUF 模型文件</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <source>Download a model</source>
        <translation>下载模型</translation>
    </message>
    <message>
        <source>Models for the built-in engine go to {folder}.</source>
        <translation>内置引擎的模型保存到 {folder}。</translation>
    </message>
</context>
<context>
    <name>CatalogueView</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>适合</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>合适</translation>
    </message>
    <message>
        <source>tight</source>
        <translation>勉强</translation>
    </message>
    <message>
        <source>too big</source>
        <translation>太大</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum (this computer has {gb} GB of memory):</source>
        <translation>推荐模型，从发布者处下载并按固定校验和验证（本机内存 {gb} GB）：</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum:</source>
        <translation>推荐模型，从发布者处下载并按固定校验和验证：</translation>
    </message>
    <message>
        <source>Recommended models</source>
        <translation>推荐模型</translation>
    </message>
    <message>
        <source>Choose a model and press Download; its size, memory and licence are shown</source>
        <translation>选择一个模型并按“下载”；会显示其大小、内存需求和许可证</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Download the chosen model (resumes a paused download)</source>
        <translation>下载所选模型（可继续已暂停的下载）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>许可证：{licence}</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>已下载</translation>
    </message>
    <message>
        <source>paused at {percent}%</source>
        <translation>已暂停于 {percent}%</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>未下载</translation>
    </message>
    <message>
        <source>Recommended models, downloaded from their publishers and checked against a pinned checksum</source>
        <translation>推荐的模型，从其发布者处下载，并以固定的校验和核验</translation>
    </message>
    <message>
        <source> (this computer has {gb} GB of memory)</source>
        <translation>（此计算机有 {gb} GB 内存）</translation>
    </message>
    <message>
        <source>the best that fits this computer</source>
        <translation>最适合此计算机的模型</translation>
    </message>
    <message>
        <source>a safe start on most computers</source>
        <translation>在大多数计算机上都稳妥的起点</translation>
    </message>
    <message>
        <source>Preselected: &lt;b&gt;{title}&lt;/b&gt;, {why}.</source>
        <translation>已预选：&lt;b&gt;{title}&lt;/b&gt;，{why}。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>✓ {model} is ready.</source>
        <translation>✓ {model} 已就绪。</translation>
    </message>
</context>
<context>
    <name>ChecklistEditor</name>
    <message>
        <source>Checklist</source>
        <translation>检查清单</translation>
    </message>
    <message>
        <source>New check</source>
        <translation>新检查</translation>
    </message>
    <message>
        <source>Add a check: “at most 120 words”, “must mention the deposit”</source>
        <translation>添加检查：“不超过120个字”、“必须提到押金”</translation>
    </message>
    <message>
        <source>Add check</source>
        <translation>添加检查</translation>
    </message>
    <message>
        <source>No checks: the audit judges the deliverable as a whole.</source>
        <translation>没有检查项：审核将整体评判交付成果。</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove check {id}</source>
        <translation>移除检查 {id}</translation>
    </message>
    <message>
        <source>Take “{text}” off the checklist</source>
        <translation>将“{text}”从检查清单中移除</translation>
    </message>
    <message>
        <source>Added: {checks}</source>
        <translation>已添加：{checks}</translation>
    </message>
    <message>
        <source>Already on the checklist.</source>
        <translation>已在检查清单中。</translation>
    </message>
    <message>
        <source>Removed: {id}</source>
        <translation>已移除：{id}</translation>
    </message>
    <message>
        <source>The checklist could not be changed: {error}</source>
        <translation>无法更改检查清单：{error}</translation>
    </message>
    <message>
        <source>A check added here is measured on the revision Edit… asks for</source>
        <translation>在此添加的检查会在“编辑…”所请求的修订稿上测量</translation>
    </message>
</context>
<context>
    <name>ClarifyDialog</name>
    <message>
        <source>The team has questions</source>
        <translation>团队有问题</translation>
    </message>
    <message>
        <source>Before briefing the team, the Chief of Staff needs a few details.</source>
        <translation>在向团队布置任务之前，参谋长需要了解一些细节。</translation>
    </message>
    <message>
        <source>Your answer (leave empty for “use your judgment”; Ctrl+Enter sends)</source>
        <translation>您的回答（留空表示“请自行判断”；Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <source>Send answers</source>
        <translation>发送回答</translation>
    </message>
    <message>
        <source>Send the answers (Ctrl+Enter)</source>
        <translation>发送回答（Ctrl+Enter）</translation>
    </message>
</context>
<context>
    <name>CloudPage</name>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Check and save key</source>
        <translation>检查并保存密钥</translation>
    </message>
    <message>
        <source>Checking the keyring…</source>
        <translation>正在检查密钥环…</translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: local ones need no key.</source>
        <translation>任何支持 OpenAI API 的服务器：本地服务器不需要密钥。</translation>
    </message>
    <message>
        <source>{kind} models in the cloud. Your key is stored in the OS keyring only.</source>
        <translation>云端的 {kind} 模型。您的密钥只保存在系统密钥环中。</translation>
    </message>
    <message>
        <source>Custom server</source>
        <translation>自定义服务器</translation>
    </message>
    <message>
        <source>API key (local servers need none)</source>
        <translation>API 密钥（本地服务器不需要）</translation>
    </message>
    <message>
        <source>paste your API key here</source>
        <translation>在此粘贴您的 API 密钥</translation>
    </message>
    <message>
        <source>Check the connection</source>
        <translation>检查连接</translation>
    </message>
    <message>
        <source>{server} runs on this computer and needs no key: start it, then check the connection.</source>
        <translation>{server} 在本机运行，不需要密钥：启动它，然后检查连接。</translation>
    </message>
    <message>
        <source>Get a key at {link}.</source>
        <translation>在 {link} 获取密钥。</translation>
    </message>
    <message>
        <source>Never a plaintext file.</source>
        <translation>绝不使用明文文件。</translation>
    </message>
    <message>
        <source>a key is set: paste a new one to replace it</source>
        <translation>已设置密钥：粘贴新密钥即可替换</translation>
    </message>
    <message>
        <source>no key set (this server needs none)</source>
        <translation>未设置密钥（此服务器不需要）</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare revisions</source>
        <translation>比较修订版</translation>
    </message>
    <message>
        <source>Older revision</source>
        <translation>较早的修订版</translation>
    </message>
    <message>
        <source>Newer revision</source>
        <translation>较新的修订版</translation>
    </message>
    <message>
        <source>&amp;Left:</source>
        <translation>左侧(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Right:</source>
        <translation>右侧(&amp;R)：</translation>
    </message>
    <message>
        <source>Left: words the right one no longer has, struck through. Right: words it added, underlined.</source>
        <translation>左侧：右侧已不再包含的词，带删除线。右侧：新增的词，带下划线。</translation>
    </message>
    <message>
        <source>Revision {n} of {total}</source>
        <translation>第 {n} 个修订版，共 {total} 个</translation>
    </message>
    <message>
        <source>The two deliverables are the same.</source>
        <translation>两份交付成果相同。</translation>
    </message>
    <message>
        <source>{removed} words removed, {added} words added.</source>
        <translation>删除了 {removed} 个词，新增了 {added} 个词。</translation>
    </message>
    <message>
        <source>Deliverable of {which}, removed words struck through</source>
        <translation>{which}的交付成果，删除的词带删除线</translation>
    </message>
    <message>
        <source>Deliverable of {which}, added words underlined</source>
        <translation>{which}的交付成果，新增的词带下划线</translation>
    </message>
    <message>
        <source>Removed: {words}</source>
        <translation>已删除：{words}</translation>
    </message>
    <message>
        <source>Added: {words}</source>
        <translation>已新增：{words}</translation>
    </message>
</context>
<context>
    <name>DataPage</name>
    <message>
        <source>Last backup</source>
        <translation>上次备份</translation>
    </message>
    <message>
        <source>Back up now</source>
        <translation>立即备份</translation>
    </message>
    <message>
        <source>Restore…</source>
        <translation>恢复…</translation>
    </message>
    <message>
        <source>Export all…</source>
        <translation>全部导出…</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Backups</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>A verified backup is made by itself once a day, and before every upgrade, restore, import and emptying of the Trash. Backups hold your sessions, settings and agents, never a key.</source>
        <translation>每天自动创建一次经过校验的备份，并在每次升级、恢复、导入和清空回收站之前创建。备份包含您的会话、设置和代理，从不包含密钥。</translation>
    </message>
    <message>
        <source>{when} · {kind} · {sessions} sessions, {runs} runs · verified</source>
        <translation>{when} · {kind} · {sessions} 个会话，{runs} 次运行 · 已校验</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>尚无</translation>
    </message>
    <message>
        <source>Backing up…</source>
        <translation>正在备份…</translation>
    </message>
    <message>
        <source>Backed up {sessions} sessions and {runs} runs: {path}</source>
        <translation>已备份 {sessions} 个会话和 {runs} 次运行：{path}</translation>
    </message>
    <message>
        <source>Exporting everything…</source>
        <translation>正在全部导出…</translation>
    </message>
    <message>
        <source>Exported {sessions} sessions and {runs} runs to {path}</source>
        <translation>已将 {sessions} 个会话和 {runs} 次运行导出到 {path}</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>Export everything to</source>
        <translation>全部导出到</translation>
    </message>
    <message>
        <source>Archives (*.zip)</source>
        <translation>归档 (*.zip)</translation>
    </message>
    <message>
        <source>Import an archive</source>
        <translation>导入归档</translation>
    </message>
    <message>
        <source>Restore a backup</source>
        <translation>恢复备份</translation>
    </message>
    <message>
        <source>Backups (*.db)</source>
        <translation>备份 (*.db)</translation>
    </message>
    <message>
        <source>Replace your data with {path}? Your data as it is now is backed up first. AIPA closes, restores and opens again.</source>
        <translation>用 {path} 替换您的数据？当前的数据会先被备份。AIPA 将关闭、恢复并重新打开。</translation>
    </message>
    <message>
        <source>Restore and restart</source>
        <translation>恢复并重新启动</translation>
    </message>
</context>
<context>
    <name>GateDialog</name>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>Leave the run waiting; answer it when you are ready</source>
        <translation>让运行先等待；准备好后再回答</translation>
    </message>
</context>
<context>
    <name>Kinds</name>
    <message>
        <source>Ollama (local)</source>
        <translation>Ollama（本地）</translation>
    </message>
    <message>
        <source>Built-in llama.cpp engine</source>
        <translation>内置 llama.cpp 引擎</translation>
    </message>
    <message>
        <source>Built-in engine</source>
        <translation>内置引擎</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI 兼容服务器</translation>
    </message>
    <message>
        <source>Scripted (dry run, no network)</source>
        <translation>脚本模拟（试运行，无网络）</translation>
    </message>
    <message>
        <source>Scripted</source>
        <translation>脚本模拟</translation>
    </message>
    <message>
        <source>Open models on this computer: private, free, offline once pulled.</source>
        <translation>在本机运行开放模型：私密、免费，拉取后可离线使用。</translation>
    </message>
    <message>
        <source>AIPA runs a GGUF model file itself: nothing to install.</source>
        <translation>AIPA 自行运行 GGUF 模型文件：无需安装。</translation>
    </message>
    <message>
        <source>GPT models in the cloud; needs an API key.</source>
        <translation>云端的 GPT 模型；需要 API 密钥。</translation>
    </message>
    <message>
        <source>Claude models in the cloud; needs an API key.</source>
        <translation>云端的 Claude 模型；需要 API 密钥。</translation>
    </message>
    <message>
        <source>LM Studio, llama.cpp server, vLLM, Groq, Together, Mistral, OpenRouter…</source>
        <translation>LM Studio、llama.cpp 服务器、vLLM、Groq、Together、Mistral、OpenRouter…</translation>
    </message>
    <message>
        <source>Canned answers, no model: a dry run.</source>
        <translation>预设回答，不使用模型：试运行。</translation>
    </message>
    <message>
        <source>llama.cpp server</source>
        <translation>llama.cpp 服务器</translation>
    </message>
</context>
<context>
    <name>McpPage</name>
    <message>
        <source>MCP servers give the team more tools. A lead may use a server&apos;s tools when its agent lists them (&lt;code&gt;server.tool&lt;/code&gt; or &lt;code&gt;server.*&lt;/code&gt;). Every call asks you first, unless the tool is checked below &lt;i&gt;and&lt;/i&gt; the server marks it read-only.</source>
        <translation>MCP 服务器为团队提供更多工具。当负责人的智能体列出某服务器的工具时（&lt;code&gt;server.tool&lt;/code&gt; 或 &lt;code&gt;server.*&lt;/code&gt;），负责人即可使用它们。每次调用都会先询问您，除非该工具已在下方勾选&lt;i&gt;且&lt;/i&gt;服务器将其标记为只读。</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>notes (letters, digits, - or _)</source>
        <translation>notes（字母、数字、- 或 _）</translation>
    </message>
    <message>
        <source>A command (stdio)</source>
        <translation>命令（stdio）</translation>
    </message>
    <message>
        <source>A URL (streamable HTTP)</source>
        <translation>URL（可流式 HTTP）</translation>
    </message>
    <message>
        <source>e.g. npx -y @modelcontextprotocol/server-filesystem ~/notes</source>
        <translation>例如 npx -y @modelcontextprotocol/server-filesystem ~/notes</translation>
    </message>
    <message>
        <source>NAME=value, one per line</source>
        <translation>NAME=值，每行一个</translation>
    </message>
    <message>
        <source> s per call</source>
        <translation> 秒/次调用</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>时间限制</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>测试(&amp;T)</translation>
    </message>
    <message>
        <source>Start the server and list its tools</source>
        <translation>启动服务器并列出其工具</translation>
    </message>
    <message>
        <source>Tools allowed without asking</source>
        <translation>无需询问即允许的工具</translation>
    </message>
    <message>
        <source>Allowed without asking</source>
        <translation>无需询问即允许</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>two servers are named &apos;{name}&apos;</source>
        <translation>有两个服务器都叫“{name}”</translation>
    </message>
    <message>
        <source>MCP server: {problem}</source>
        <translation>MCP 服务器：{problem}</translation>
    </message>
    <message>
        <source> — read-only</source>
        <translation> — 只读</translation>
    </message>
    <message>
        <source> — may change things</source>
        <translation> — 可能做出更改</translation>
    </message>
    <message>
        <source>Checked: runs without asking if the server marks it read-only; otherwise it asks</source>
        <translation>勾选：若服务器将其标记为只读则无需询问直接运行；否则会询问</translation>
    </message>
    <message>
        <source>Starting the server…</source>
        <translation>正在启动服务器…</translation>
    </message>
    <message>
        <source>Started: 1 tool.</source>
        <translation>已启动：1 个工具。</translation>
    </message>
    <message numerus="yes">
        <source>Started: %n tools.</source>
        <translation>
            <numerusform>已启动：%n 个工具。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MessageDialog</name>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>ModelPage</name>
    <message>
        <source>The team&apos;s model</source>
        <translation>团队的模型</translation>
    </message>
    <message>
        <source>Miranda (orchestrator), the leads and Vera (auditor) all use this model, unless an agent has its own (Settings → Agents).</source>
        <translation>Miranda（编排者）、各负责人和 Vera（审核员）都使用此模型，除非某个智能体有自己的模型（设置 → 智能体）。</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>the provider&apos;s default</source>
        <translation>提供方默认</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>{agent} ({role}) keeps its own: {model}</source>
        <translation>{agent}（{role}）保留自己的：{model}</translation>
    </message>
    <message>
        <source>{agent} ({role}): {model}</source>
        <translation>{agent}（{role}）：{model}</translation>
    </message>
</context>
<context>
    <name>OllamaPage</name>
    <message>
        <source>Ollama runs open models on this computer: private, free, offline once a model is pulled.</source>
        <translation>Ollama 在本机运行开放模型：私密、免费，模型拉取后可离线使用。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>{variable}, else {url}</source>
        <translation>{variable}，否则 {url}</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>重新检查</translation>
    </message>
    <message>
        <source>Looking for Ollama…</source>
        <translation>正在查找 Ollama…</translation>
    </message>
    <message>
        <source>Use the built-in engine instead (nothing to install)</source>
        <translation>改用内置引擎（无需安装）</translation>
    </message>
    <message>
        <source>This computer has {gb} GB of memory: the suggestions below fit it.</source>
        <translation>本机内存为 {gb} GB：下方的推荐适合它。</translation>
    </message>
    <message>
        <source>Suggested models:</source>
        <translation>推荐的模型：</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>a name from ollama.com/library, e.g. qwen3:8b</source>
        <translation>ollama.com/library 中的名称，例如 qwen3:8b</translation>
    </message>
    <message>
        <source>Pull</source>
        <translation>拉取</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>pulled</source>
        <translation>已拉取</translation>
    </message>
    <message>
        <source>not pulled</source>
        <translation>未拉取</translation>
    </message>
    <message>
        <source>runs well with {memory} of memory or more</source>
        <translation>内存 {memory} 或以上时运行良好</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>pulling…</source>
        <translation>正在拉取…</translation>
    </message>
    <message>
        <source>paused (resumable)</source>
        <translation>已暂停（可继续）</translation>
    </message>
    <message>
        <source>stalled (resumable)</source>
        <translation>已停滞（可继续）</translation>
    </message>
</context>
<context>
    <name>PlanController</name>
    <message>
        <source>Describe the project, then press Start.</source>
        <translation>描述项目，然后按“开始”。</translation>
    </message>
    <message>
        <source>Working on {stage}…</source>
        <translation>正在处理{stage}…</translation>
    </message>
    <message>
        <source>the plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>Waiting for you at {stage}: press Resume to continue.</source>
        <translation>在 {stage} 等待您：按“继续”以继续。</translation>
    </message>
    <message>
        <source>a gate</source>
        <translation>审批关口</translation>
    </message>
    <message>
        <source>Stopped at {stage}: press Resume to continue.</source>
        <translation>已在 {stage} 停止：按“继续”以继续。</translation>
    </message>
    <message>
        <source>a stage</source>
        <translation>某个阶段</translation>
    </message>
    <message>
        <source>Failed at {stage}: {error}. Resume retries it.</source>
        <translation>在 {stage} 失败：{error}。“继续”会重试。</translation>
    </message>
    <message>
        <source>see the log</source>
        <translation>请查看日志</translation>
    </message>
    <message>
        <source>The plan is complete.</source>
        <translation>规划已完成。</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>{agent} is writing {stage}… {count} chars</source>
        <translation>{agent} 正在撰写{stage}… {count} 个字符</translation>
    </message>
    <message>
        <source>Waiting: {reason}. Resume when you are ready.</source>
        <translation>等待中：{reason}。准备好后请继续。</translation>
    </message>
    <message>
        <source>The plan was rejected.</source>
        <translation>规划已被驳回。</translation>
    </message>
    <message>
        <source>The plan is running: stop it first.</source>
        <translation>规划正在运行：请先停止它。</translation>
    </message>
    <message>
        <source>Describe the project first.</source>
        <translation>请先描述项目。</translation>
    </message>
    <message>
        <source>Nothing to resume.</source>
        <translation>没有可继续的内容。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Nothing to export yet.</source>
        <translation>还没有可导出的内容。</translation>
    </message>
    <message>
        <source>Could not write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>已导出到 {path}</translation>
    </message>
</context>
<context>
    <name>PlanRunsDialog</name>
    <message>
        <source>Open a plan run</source>
        <translation>打开规划运行</translation>
    </message>
    <message>
        <source>Plans you started, newest first. Waiting or stopped ones can be resumed.</source>
        <translation>您开始的规划，最新的在前。等待中或已停止的可以继续。</translation>
    </message>
    <message>
        <source>{status} at {stage}</source>
        <translation>{status}（{stage}）</translation>
    </message>
    <message>
        <source>No plans yet: Session → Plan a project…</source>
        <translation>还没有规划：会话 → 规划项目…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>PlanStages</name>
    <message>
        <source>intake</source>
        <translation>接收</translation>
    </message>
    <message>
        <source>clarify</source>
        <translation>澄清</translation>
    </message>
    <message>
        <source>analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>features</source>
        <translation>功能</translation>
    </message>
    <message>
        <source>stories</source>
        <translation>用户故事</translation>
    </message>
    <message>
        <source>tasks</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>sprints</source>
        <translation>冲刺</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>已挂起</translation>
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
</context>
<context>
    <name>PlanTree</name>
    <message>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>点数</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>(no feature)</source>
        <translation>（无功能）</translation>
    </message>
    <message>
        <source>criterion</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>test: {plan}</source>
        <translation>测试：{plan}</translation>
    </message>
    <message>
        <source>Test plan: {plan}</source>
        <translation>测试计划：{plan}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>1 pt</source>
        <translation>1 点</translation>
    </message>
    <message>
        <source>{points} pts</source>
        <translation>{points} 点</translation>
    </message>
    <message>
        <source>Acceptance criteria:</source>
        <translation>验收标准：</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>Capacity {points} points per {weeks}-week sprint</source>
        <translation>每个 {weeks} 周冲刺容量 {points} 点</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Goals: {goals}</source>
        <translation>目标：{goals}</translation>
    </message>
    <message>
        <source>Risks: {risks}</source>
        <translation>风险：{risks}</translation>
    </message>
</context>
<context>
    <name>PlanWindow</name>
    <message>
        <source>Plan a project</source>
        <translation>规划项目</translation>
    </message>
    <message>
        <source>Describe the project</source>
        <translation>描述项目</translation>
    </message>
    <message>
        <source>goal, users, team size, sprint length, deadline (what you leave out, the team asks or assumes)</source>
        <translation>目标、用户、团队规模、冲刺长度、截止日期（您未写的部分，团队会询问或自行假设）</translation>
    </message>
    <message>
        <source>e.g. A habit-tracking mobile app for busy parents, 4 developers, 2-week sprints, first release by June</source>
        <translation>例如：一款面向忙碌父母的习惯追踪手机应用，4 名开发者，2 周一个冲刺，6 月前首次发布</translation>
    </message>
    <message>
        <source>Attach context file…</source>
        <translation>附加上下文文件…</translation>
    </message>
    <message>
        <source>Notes, a brief or requirements (text or markdown) the planners read too</source>
        <translation>规划者也会阅读的笔记、简报或需求（文本或 Markdown）</translation>
    </message>
    <message>
        <source>Start ▶</source>
        <translation>开始 ▶</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <source>Stop the plan; Resume continues from the last finished stage</source>
        <translation>停止规划；“继续”会从最后完成的阶段接着进行</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Continue this plan from where it stopped or waits</source>
        <translation>从停止或等待处继续此规划</translation>
    </message>
    <message>
        <source>Describe the project, then press Start.</source>
        <translation>描述项目，然后按“开始”。</translation>
    </message>
    <message>
        <source>Export:</source>
        <translation>导出：</translation>
    </message>
    <message>
        <source>Save the plan as {format}</source>
        <translation>将规划保存为 {format}</translation>
    </message>
    <message>
        <source>Plan: {directive}</source>
        <translation>规划：{directive}</translation>
    </message>
    <message>
        <source>Review the plan: {stage}</source>
        <translation>审阅规划：{stage}</translation>
    </message>
    <message>
        <source>Review the {stage} in the dialog: Accept, Edit (with feedback), Reject, or Later to leave the plan waiting.</source>
        <translation>请在对话框中审阅{stage}：接受、修改（附反馈）、驳回，或选“稍后”让规划等待。</translation>
    </message>
    <message>
        <source>Could not read {path}: {error}</source>
        <translation>无法读取 {path}：{error}</translation>
    </message>
    <message>
        <source>{count} chars</source>
        <translation>{count} 个字符</translation>
    </message>
    <message>
        <source>Attach a context file</source>
        <translation>附加上下文文件</translation>
    </message>
    <message>
        <source>Text and markdown (*.txt *.md *.markdown *.rst);;All files (*)</source>
        <translation>文本和 Markdown (*.txt *.md *.markdown *.rst);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export the plan</source>
        <translation>导出规划</translation>
    </message>
    <message>
        <source>AIPA: plan</source>
        <translation>AIPA：规划</translation>
    </message>
    <message>
        <source>Details are in the log: {file}</source>
        <translation>详情见日志：{file}</translation>
    </message>
</context>
<context>
    <name>PlanWindows</name>
    <message>
        <source>&amp;Plan a project…</source>
        <translation>规划项目(&amp;P)…</translation>
    </message>
    <message>
        <source>Plan a project: analysis, features, user stories, tasks and sprints, each stage reviewed</source>
        <translation>规划项目：分析、功能、用户故事、任务和冲刺，每个阶段都经审阅</translation>
    </message>
    <message>
        <source>&amp;Open plan run…</source>
        <translation>打开规划运行(&amp;O)…</translation>
    </message>
    <message>
        <source>Open, resume or export a plan you started</source>
        <translation>打开、继续或导出您开始的规划</translation>
    </message>
</context>
<context>
    <name>ProfilesBox</name>
    <message>
        <source>stored</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source>this session</source>
        <translation>本次会话</translation>
    </message>
    <message>
        <source>environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Provider profiles (several servers of one kind, each with its own key)</source>
        <translation>提供方配置（同一类型的多个服务器，各有自己的密钥）</translation>
    </message>
    <message>
        <source>Provider profiles</source>
        <translation>提供方配置</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>密钥</translation>
    </message>
    <message>
        <source>e.g. team-vllm</source>
        <translation>例如 team-vllm</translation>
    </message>
    <message>
        <source>ask the server</source>
        <translation>询问服务器</translation>
    </message>
    <message>
        <source>Context size in tokens</source>
        <translation>上下文大小（token 数）</translation>
    </message>
    <message>
        <source>optional: its API key (kept in the OS keyring, sent to this server only)</source>
        <translation>可选：其 API 密钥（保存在系统密钥环中，只发送给此服务器）</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>服务器 URL</translation>
    </message>
    <message>
        <source>Context (tokens)</source>
        <translation>上下文（token）</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation>保存配置</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source> (default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <source>none needed</source>
        <translation>无需密钥</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>不使用</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>已保存 {name}。</translation>
    </message>
    <message>
        <source>Its key was {where}.</source>
        <translation>其密钥：{where}。</translation>
    </message>
    <message>
        <source>Removed {name}; its key stays ({error}).</source>
        <translation>已移除 {name}；其密钥仍保留（{error}）。</translation>
    </message>
    <message>
        <source>Removed {name}.</source>
        <translation>已移除 {name}。</translation>
    </message>
</context>
<context>
    <name>ProviderPage</name>
    <message>
        <source>{kind} — recommended</source>
        <translation>{kind} — 推荐</translation>
    </message>
    <message>
        <source>Welcome to AIPA</source>
        <translation>欢迎使用 AIPA</translation>
    </message>
    <message>
        <source>Your agents need a model. Choose where it runs; you can change it any time (Settings → Setup wizard…).</source>
        <translation>您的智能体需要一个模型。请选择它在哪里运行；您可以随时更改（设置 → 设置向导…）。</translation>
    </message>
    <message>
        <source>Your data folder: {folder}</source>
        <translation>您的数据文件夹：{folder}</translation>
    </message>
    <message>
        <source>{kind} (not installed on this computer)</source>
        <translation>{kind}（本机未安装）</translation>
    </message>
</context>
<context>
    <name>RawDialog</name>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>输入 {input} / 输出 {output} 令牌</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>{count} characters</source>
        <translation>{count} 个字符</translation>
    </message>
    <message>
        <source>stored reply (this run predates the raw record)</source>
        <translation>已保存的回复（此运行早于原始记录功能）</translation>
    </message>
    <message>
        <source>(empty reply)</source>
        <translation>（空回复）</translation>
    </message>
    <message>
        <source>──── its thinking, before the reply ────</source>
        <translation>──── 回复之前的思考 ────</translation>
    </message>
    <message>
        <source>Replies</source>
        <translation>回复</translation>
    </message>
    <message>
        <source>Raw text</source>
        <translation>原始文本</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the text shown</source>
        <translation>复制显示的文本</translation>
    </message>
</context>
<context>
    <name>RecruiterCard</name>
    <message>
        <source>Change the team?</source>
        <translation>要更改团队吗？</translation>
    </message>
    <message>
        <source>The recruiter proposes:</source>
        <translation>招聘官提议：</translation>
    </message>
    <message>
        <source>{added} lines added, {removed} removed. Nothing is written unless you accept.</source>
        <translation>新增 {added} 行，删除 {removed} 行。除非您接受，否则不会写入任何内容。</translation>
    </message>
    <message>
        <source>The recruiter proposes: {title}. {added} lines added, {removed} removed.</source>
        <translation>招聘官提议：{title}。新增 {added} 行，删除 {removed} 行。</translation>
    </message>
    <message>
        <source>The proposed agent file: + added lines, - removed lines</source>
        <translation>建议的智能体文件：+ 新增的行，- 删除的行</translation>
    </message>
    <message>
        <source>What should the recruiter change?</source>
        <translation>招聘官应当修改什么？</translation>
    </message>
    <message>
        <source>Feedback for the recruiter</source>
        <translation>给招聘官的反馈</translation>
    </message>
    <message>
        <source>e.g. “Call it Forecasting, and give it the web search tool.” (Ctrl+Enter sends)</source>
        <translation>例如：“将其命名为预测，并为其提供网页搜索工具。”（Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Write the agent file as shown</source>
        <translation>按所示内容写入智能体文件</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Tell the recruiter what to change; it proposes again</source>
        <translation>告诉招聘官要修改什么；它会重新提议</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Write nothing; the recruiter is told you declined</source>
        <translation>不写入任何内容；招聘官会得知您已拒绝</translation>
    </message>
    <message>
        <source>Send feedback</source>
        <translation>发送反馈</translation>
    </message>
</context>
<context>
    <name>RenameDialog</name>
    <message>
        <source>Rename session</source>
        <translation>重命名会话</translation>
    </message>
    <message>
        <source>New title for this session:</source>
        <translation>此会话的新标题：</translation>
    </message>
    <message>
        <source>Session title</source>
        <translation>会话标题</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
</context>
<context>
    <name>RerunDialog</name>
    <message>
        <source>Re-run {what}</source>
        <translation>重新运行 {what}</translation>
    </message>
    <message>
        <source>Feedback for the re-run (optional)</source>
        <translation>重新运行的反馈（可选）</translation>
    </message>
    <message>
        <source>What to do differently (optional)</source>
        <translation>需要改进之处（可选）</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>重新运行</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>Review the task briefs</source>
        <translation>审阅任务简报</translation>
    </message>
    <message>
        <source>Review the deliverable</source>
        <translation>审阅交付成果</translation>
    </message>
    <message>
        <source>Review the task briefs above</source>
        <translation>审阅上方的任务简报</translation>
    </message>
    <message>
        <source>Review the deliverable above</source>
        <translation>审阅上方的交付成果</translation>
    </message>
    <message>
        <source>revision {number}</source>
        <translation>第 {number} 次修订</translation>
    </message>
    <message>
        <source>VERDICT: {verdict}</source>
        <translation>结论：{verdict}</translation>
    </message>
    <message>
        <source>The audit&apos;s verdict: {verdict}</source>
        <translation>审核结论：{verdict}</translation>
    </message>
    <message>
        <source>Feedback for a revision (used by Edit):</source>
        <translation>修改意见（供“修改”使用）：</translation>
    </message>
    <message>
        <source>Feedback for a revision</source>
        <translation>修改意见</translation>
    </message>
    <message>
        <source>What should change? e.g. “Cut the budget to 5,000 €, add a rain plan.”</source>
        <translation>需要修改什么？例如“把预算削减到 5,000 欧元，加上雨天预案。”</translation>
    </message>
    <message>
        <source>Why reject it? (optional: kept with your decision)</source>
        <translation>为什么拒绝？（可选：与您的决定一起保存）</translation>
    </message>
    <message>
        <source>Why reject it (optional)</source>
        <translation>拒绝原因（可选）</translation>
    </message>
    <message>
        <source>A reason, if you like. Ctrl+Enter or Reject now rejects; Esc cancels.</source>
        <translation>可填写原因。按 Ctrl+Enter 或“立即拒绝”即拒绝；Esc 取消。</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>修改…</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>驳回</translation>
    </message>
    <message>
        <source>Accept the result: the run ends with it</source>
        <translation>接受结果：运行以此结束</translation>
    </message>
    <message>
        <source>Ask for a revision with your feedback</source>
        <translation>附上您的反馈，要求修改</translation>
    </message>
    <message>
        <source>Reject the result: the run ends without it</source>
        <translation>驳回结果：运行结束且不采用它</translation>
    </message>
    <message>
        <source>Send feedback</source>
        <translation>发送反馈</translation>
    </message>
    <message>
        <source>Type your feedback here, then press Send feedback (Ctrl+Enter).</source>
        <translation>在此输入您的反馈，然后按“发送反馈”（Ctrl+Enter）。</translation>
    </message>
    <message>
        <source>Reject now</source>
        <translation>立即拒绝</translation>
    </message>
</context>
<context>
    <name>Roles</name>
    <message>
        <source>orchestrator</source>
        <translation>编排者</translation>
    </message>
    <message>
        <source>auditor</source>
        <translation>审核员</translation>
    </message>
    <message>
        <source>recruiter</source>
        <translation>招聘官</translation>
    </message>
    <message>
        <source>lead</source>
        <translation>负责人</translation>
    </message>
</context>
<context>
    <name>RosterDialog</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供方</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Recruited</source>
        <translation>招募时间</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>Team roster</source>
        <translation>团队名册</translation>
    </message>
    <message>
        <source>1 agent, kept by the recruiter and the agent editor in {path}</source>
        <translation>1 个智能体，由招聘官和智能体编辑器维护，位于 {path}</translation>
    </message>
    <message numerus="yes">
        <source>%n agents, kept by the recruiter and the agent editor in {path}</source>
        <translation>
            <numerusform>%n 个智能体，由招聘官和智能体编辑器维护，位于 {path}</numerusform>
        </translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>名册</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <source>(provider default)</source>
        <translation>（提供方默认）</translation>
    </message>
    <message>
        <source>Latest changes</source>
        <translation>最近的更改</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Providers &amp;&amp; keys</source>
        <translation>提供方与密钥</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Appearance &amp;&amp; data</source>
        <translation>外观与数据</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>本地 API</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>默认提供方</translation>
    </message>
    <message>
        <source>the provider&apos;s default</source>
        <translation>提供方默认</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>Run the setup wizard…</source>
        <translation>运行设置向导…</translation>
    </message>
    <message>
        <source>API keys (stored in the OS keyring only)</source>
        <translation>API 密钥（仅保存在系统密钥环中）</translation>
    </message>
    <message>
        <source>Checking the keyring…</source>
        <translation>正在检查密钥环…</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <source>An agent with no provider or model uses the defaults. A change here saves your own copy of the agent (in the data folder&apos;s agents/).</source>
        <translation>未设置提供方或模型的智能体使用默认值。在此处更改会保存您自己的智能体副本（在数据文件夹的 agents/ 中）。</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供方</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>不使用</translation>
    </message>
    <message>
        <source>Could not list the models of {profile} ({why}). Type a model name.</source>
        <translation>无法列出 {profile} 的模型（{why}）。请输入模型名称。</translation>
    </message>
    <message>
        <source>stored in the keyring</source>
        <translation>已保存在密钥环中</translation>
    </message>
    <message>
        <source>kept for this session only</source>
        <translation>仅在本次会话中保留</translation>
    </message>
    <message>
        <source>from the environment variable</source>
        <translation>来自环境变量</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>无密钥</translation>
    </message>
    <message>
        <source>paste a new key to store or replace it</source>
        <translation>粘贴新密钥以保存或替换</translation>
    </message>
    <message>
        <source>API key of {name}</source>
        <translation>{name} 的 API 密钥</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>保存密钥</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>✓ Keys are stored in {keyring}.</source>
        <translation>✓ 密钥保存在 {keyring} 中。</translation>
    </message>
    <message>
        <source>⚠ No usable keyring on this computer: keys are kept for this session only.</source>
        <translation>⚠ 本机没有可用的密钥环：密钥仅在本次会话中保留。</translation>
    </message>
    <message>
        <source>Never a plaintext file.</source>
        <translation>绝不使用明文文件。</translation>
    </message>
    <message>
        <source>paste a key first</source>
        <translation>请先粘贴密钥</translation>
    </message>
    <message>
        <source>could not delete: {error}</source>
        <translation>无法删除：{error}</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>AIPA keeps everything (database, settings, your agents, logs, models) in this folder. To use another one, quit AIPA, move the folder&apos;s contents there if you want to keep them, and start AIPA with the environment variable &lt;code&gt;AIPA_HOME&lt;/code&gt; set to the new folder, e.g. &lt;code&gt;AIPA_HOME=~/Documents/aipa aipa&lt;/code&gt;. The change applies after a restart.</source>
        <translation>AIPA 把所有内容（数据库、设置、您的智能体、日志、模型）都保存在此文件夹中。要使用另一个文件夹，请退出 AIPA，如需保留可将此文件夹的内容移过去，然后在启动 AIPA 时把环境变量 &lt;code&gt;AIPA_HOME&lt;/code&gt; 设为新文件夹，例如 &lt;code&gt;AIPA_HOME=~/Documents/aipa aipa&lt;/code&gt;。更改在重新启动后生效。</translation>
    </message>
    <message>
        <source>Vera audits every deliverable</source>
        <translation>Vera 审核每一份交付成果</translation>
    </message>
    <message>
        <source>Ask me to review the task briefs before the leads start</source>
        <translation>在负责人开始前请我审阅任务简报</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source> entries</source>
        <translation> 条</translation>
    </message>
    <message>
        <source>each agent&apos;s own limit</source>
        <translation>各智能体自己的上限</translation>
    </message>
    <message>
        <source>Automatic audit</source>
        <translation>自动审核</translation>
    </message>
    <message>
        <source>Plan review</source>
        <translation>规划审阅</translation>
    </message>
    <message>
        <source>Lead timeout</source>
        <translation>负责人超时</translation>
    </message>
    <message>
        <source>Standing brief keeps</source>
        <translation>常设简报保留</translation>
    </message>
    <message>
        <source>Output tokens per call</source>
        <translation>每次调用的输出令牌数</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>AIPA starts in the language chosen here the next time it opens.</source>
        <translation>AIPA 下次启动时将使用此处选择的语言。</translation>
    </message>
    <message>
        <source>System size</source>
        <translation>系统大小</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> 磅</translation>
    </message>
    <message>
        <source>Text size</source>
        <translation>文字大小</translation>
    </message>
    <message>
        <source>Enter sends, Shift+Enter adds a line</source>
        <translation>Enter 发送，Shift+Enter 换行</translation>
    </message>
    <message>
        <source>Ctrl+Enter sends, Enter adds a line</source>
        <translation>Ctrl+Enter 发送，Enter 换行</translation>
    </message>
    <message>
        <source>Sending</source>
        <translation>发送方式</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>更改…</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message>
        <source>Set up AIPA</source>
        <translation>设置 AIPA</translation>
    </message>
</context>
<context>
    <name>SprintBoard</name>
    <message>
        <source>Sprints appear here once the sprints stage has run.</source>
        <translation>冲刺阶段运行后，冲刺会显示在这里。</translation>
    </message>
</context>
<context>
    <name>SprintColumn</name>
    <message>
        <source>1 week</source>
        <translation>1 周</translation>
    </message>
    <message numerus="yes">
        <source>%n weeks</source>
        <translation>
            <numerusform>%n 周</numerusform>
        </translation>
    </message>
    <message>
        <source>Sprint {number}</source>
        <translation>冲刺 {number}</translation>
    </message>
    <message>
        <source>{points} / {capacity} points</source>
        <translation>{points} / {capacity} 点</translation>
    </message>
    <message>
        <source>over capacity!</source>
        <translation>超出容量！</translation>
    </message>
    <message>
        <source>{points} of {capacity} points per sprint</source>
        <translation>每个冲刺 {capacity} 点中的 {points} 点</translation>
    </message>
</context>
<context>
    <name>StageStrip</name>
    <message>
        <source>pending</source>
        <translation>待处理</translation>
    </message>
    <message>
        <source>working</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>awaiting your review</source>
        <translation>等待您审阅</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>fell back to the deterministic plan</source>
        <translation>已回退到确定性规划</translation>
    </message>
</context>
<context>
    <name>TestPage</name>
    <message>
        <source>Try it</source>
        <translation>试一试</translation>
    </message>
    <message>
        <source>Optional: send a short test directive through the whole team (route, leads, synthesis, audit) with your choice. Finish saves the settings.</source>
        <translation>可选：用您的选择让整个团队（路由、负责人、综合、审核）处理一条简短的测试指令。“完成”会保存设置。</translation>
    </message>
    <message>
        <source>Run the test directive</source>
        <translation>运行测试指令</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Provider {provider} at {url} · model {model}</source>
        <translation>提供方 {provider}，地址 {url} · 模型 {model}</translation>
    </message>
    <message>
        <source>Provider {provider} · model {model}</source>
        <translation>提供方 {provider} · 模型 {model}</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>The test run did not get an answer.</source>
        <translation>测试运行没有得到回答。</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>{minutes} min {seconds} s</source>
        <translation>{minutes} 分 {seconds} 秒</translation>
    </message>
    <message>
        <source>{who} answered in {seconds}: {words} words</source>
        <translation>{who} 在 {seconds} 内作答：{words} 个词</translation>
    </message>
    <message>
        <source>, {rate} tokens/s</source>
        <translation>，{rate} token/秒</translation>
    </message>
    <message>
        <source>{auditor}&apos;s verdict: {verdict}</source>
        <translation>{auditor} 的结论：{verdict}</translation>
    </message>
    <message>
        <source>Hint: {hint}</source>
        <translation>提示：{hint}</translation>
    </message>
</context>
<context>
    <name>TimelineChart</name>
    <message>
        <source>Run timeline</source>
        <translation>运行时间线</translation>
    </message>
</context>
<context>
    <name>TimelineDialog</name>
    <message>
        <source>input tokens</source>
        <translation>输入令牌</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>输出令牌</translation>
    </message>
    <message>
        <source>cached input tokens</source>
        <translation>缓存的输入令牌</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>令牌/秒</translation>
    </message>
    <message>
        <source>tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>re-asks</source>
        <translation>重新询问次数</translation>
    </message>
    <message>
        <source>fell back because</source>
        <translation>回退原因</translation>
    </message>
    <message>
        <source>answered via</source>
        <translation>回答途径</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>purpose</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>提供方</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>revision</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>re-ask</source>
        <translation>重新询问</translation>
    </message>
    <message>
        <source>yes: the reply before could not be parsed</source>
        <translation>是：上一次回复无法解析</translation>
    </message>
    <message>
        <source>fallback</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>fell back</source>
        <translation>已回退</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Timeline · {run}</source>
        <translation>时间线 · {run}</translation>
    </message>
    <message>
        <source>Raw reply…</source>
        <translation>原始回复…</translation>
    </message>
    <message>
        <source>What the model sent for the selected span, before parsing (as /debug shows)</source>
        <translation>模型为所选区段发送的内容，解析之前的原样（与 /debug 显示的相同）</translation>
    </message>
    <message>
        <source>No run {run}.</source>
        <translation>没有运行 {run}。</translation>
    </message>
    <message>
        <source>revision {number}</source>
        <translation>第 {number} 次修订</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>1 call</source>
        <translation>1 次调用</translation>
    </message>
    <message numerus="yes">
        <source>%n calls</source>
        <translation>
            <numerusform>%n 次调用</numerusform>
        </translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>输入 {input} / 输出 {output} 令牌</translation>
    </message>
    <message>
        <source>Up/Down select a span, Enter opens its raw reply</source>
        <translation>上/下键选择区段，Enter 打开其原始回复</translation>
    </message>
    <message>
        <source>No raw reply is stored for this span.</source>
        <translation>此区段没有保存原始回复。</translation>
    </message>
    <message>
        <source>Raw reply · {span}</source>
        <translation>原始回复 · {span}</translation>
    </message>
</context>
<context>
    <name>ToolCallCard</name>
    <message>
        <source>Allow this tool call?</source>
        <translation>允许此工具调用吗？</translation>
    </message>
    <message>
        <source>Allow the tool {tool} of the MCP server {server}?</source>
        <translation>允许 MCP 服务器 {server} 的工具 {tool} 吗？</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>The tool call&apos;s arguments</source>
        <translation>工具调用的参数</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>本次会话内允许</translation>
    </message>
    <message>
        <source>Allow this tool without asking again until the app is closed</source>
        <translation>在应用关闭前允许此工具且不再询问</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>The lead is told the Principal declined; the run goes on</source>
        <translation>会告知负责人委托人已拒绝；运行继续</translation>
    </message>
</context>
<context>
    <name>TrashDialog</name>
    <message>
        <source>Trash</source>
        <translation>回收站</translation>
    </message>
    <message numerus="yes">
        <source>Deleted sessions stay here for %n days, then they are deleted for good with their messages and runs. Restore puts a session back in the list.</source>
        <translation>
            <numerusform>已删除的会话会在此保留 %n 天，之后连同其消息和运行一起被永久删除。“恢复”会把会话放回列表。</numerusform>
        </translation>
    </message>
    <message>
        <source>Sessions in the Trash</source>
        <translation>回收站中的会话</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>删除时间</translation>
    </message>
    <message>
        <source>Deleted for good on</source>
        <translation>永久删除于</translation>
    </message>
    <message>
        <source>The Trash is empty.</source>
        <translation>回收站是空的。</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete for good</source>
        <translation>永久删除(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Empty Trash…</source>
        <translation>清空回收站(&amp;E)…</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>未命名会话</translation>
    </message>
    <message>
        <source>Empty Trash</source>
        <translation>清空回收站</translation>
    </message>
    <message>
        <source>Delete 1 session for good? This cannot be undone.</source>
        <translation>永久删除 1 个会话？此操作无法撤销。</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n sessions for good? This cannot be undone.</source>
        <translation>
            <numerusform>永久删除 %n 个会话？此操作无法撤销。</numerusform>
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
