// Every word the pages show, in English and Chinese. Elements name their text with
// data-i18n="key" (text), data-i18n-ph="key" (placeholder) or data-i18n-title="key".
export const STRINGS = {
  "app.title": ["Mahjong scorer", "麻将算番器"],
  "nav.score": ["Score", "算番"],
  "nav.table": ["Table", "牌桌结算"],
  "nav.rules": ["Rules", "规则"],
  "lang.switch": ["中文", "English"],
  "ruleset": ["Ruleset", "规则"],
  "overlay": ["House rules (YAML overlay)", "自定规则（YAML 覆盖）"],
  "overlay.help": ["Paste or load a YAML overlay that extends an installed ruleset. Leave empty to use the ruleset as it is.",
                   "粘贴或载入一个扩展已安装规则的 YAML 覆盖文件；留空则按原规则计算。"],
  "overlay.load": ["Load file…", "载入文件…"],
  "overlay.clear": ["Clear", "清除"],
  "notation": ["Notation", "牌谱记法"],
  "notation.help": ["e.g. [111z,1]123456789m9m 9m — melds in brackets (,1 left ,2 across ,3 right), the last tile wins",
                    "例：[111z,1]123456789m9m 9m —— 方括号为副露（,1 上家 ,2 对家 ,3 下家），最后一张为和牌"],
  "picker": ["Tiles", "选牌"],
  "picker.add": ["Click a tile to add it", "点选牌张加入"],
  "flowers.add": ["Click a flower tile (春 … 菊) to add it", "点选花牌（春 … 菊）加入"],
  "mode.hand": ["Hand", "手牌"],
  "mode.chow": ["Chow", "吃"],
  "mode.pung": ["Pung", "碰"],
  "mode.kong": ["Kong", "明杠"],
  "mode.ckong": ["Concealed kong", "暗杠"],
  "mode.wild": ["Wild", "混牌"],
  "from": ["from", "来自"],
  "from.left": ["left", "上家"],
  "from.across": ["across", "对家"],
  "from.right": ["right", "下家"],
  "hand": ["Concealed hand", "手牌"],
  "hand.count": ["{n} of {max} tiles", "{n} / {max} 张"],
  "melds": ["Melds", "副露"],
  "melds.none": ["no melds", "无副露"],
  "win_tile": ["Winning tile", "和牌张"],
  "win_tile.none": ["pick the 14th tile, or leave it out to see the waits", "再选一张为和牌；不选则显示听牌"],
  "flowers": ["Flowers", "花牌"],
  "wilds": ["Wilds", "混牌"],
  "wilds.help": ["choose Wild, then click a tile kind", "选“混牌”后点选牌种"],
  "clear": ["Clear all", "全部清除"],
  "flags": ["Situation", "和牌情况"],
  "self_drawn": ["Self-drawn (自摸)", "自摸"],
  "seat_wind": ["Seat wind", "门风"],
  "round_wind": ["Round wind", "圈风"],
  "last_tile": ["Last tile of the wall", "海底（妙手回春 / 海底捞月）"],
  "after_kong": ["Kong replacements (杠上开花)", "杠上开花（补牌次数）"],
  "robbing_kong": ["Robbing a kong", "抢杠和"],
  "discard_after_kong": ["Discard after a kong (杠上炮)", "杠上炮"],
  "fourth_tile": ["Last unseen copy (和绝张)", "和绝张"],
  "dealer": ["Dealer", "庄家"],
  "first_turn": ["First go-around (天和 / 地和)", "天和 / 地和 / 人和"],
  "ready_at_start": ["Ready at the deal (天听)", "天听"],
  "declared_ready": ["Declared ready (报听)", "报听 / 立直"],
  "void_suit": ["Void suit (定缺)", "定缺"],
  "void.none": ["none", "无"],
  "wind.E": ["East", "东"], "wind.S": ["South", "南"], "wind.W": ["West", "西"], "wind.N": ["North", "北"],
  "suit.m": ["characters", "万"], "suit.p": ["dots", "筒"], "suit.s": ["bamboo", "条"],
  "score": ["Score", "计算"],
  "result": ["Result", "结果"],
  "total": ["Total", "总计"],
  "value": ["Value", "结算值"],
  "points": ["points", "番"],
  "shape": ["Shape", "牌型"],
  "reading": ["Reading", "拆分"],
  "fans": ["Fans", "番种"],
  "fan": ["Fan", "番种"],
  "count": ["×", "×"],
  "excluded": ["Not counted", "不计"],
  "excluded.by": ["excluded by", "被以下番种排除："],
  "dropped.by": ["the other fans total {others}, more than {limit}", "其余番数 {others} 超过 {limit}"],
  "wilds_as": ["The wilds stood for", "混牌代替"],
  "notes": ["Notes", "说明"],
  "below_minimum": ["Below the minimum — this hand cannot win:", "未达起和番 —— 不能和牌："],
  "minimum": ["minimum {n}", "起和 {n} 番"],
  "waits": ["Waits", "听牌"],
  "waits.none": ["Not ready: no tile completes this hand.", "未听牌：没有能和的牌。"],
  "waits.tile": ["Tile", "听张"],
  "waits.discard": ["On a discard", "点和"],
  "waits.self": ["Self-drawn", "自摸"],
  "waits.below": ["below minimum", "不够起和"],
  "copies.used": ["All four {tile} are already used.", "{tile}四张已用完。"],
  "hand.full": ["The hand is complete: click one of its tiles to take it out.", "手牌已满：点手牌中的牌可移除。"],
  "chow.start": ["Click the lowest tile of the chow: 1–7 of a suit.", "请点顺子的最小一张（1–7 的数牌）。"],
  "meld.room": ["No room for a meld: take {n} tiles out of the hand first.", "没有位置放副露：请先从手牌移除 {n} 张。"],
  "pick.more": ["Pick {n} more tiles.", "还需选 {n} 张。"],
  "error": ["Error", "错误"],
  "error.beside": ["See the error at “{field}”.", "错误见“{field}”处。"],
  "error.network": ["The server did not answer.", "服务器没有响应。"],
  "shape.standard": ["standard", "标准型"], "shape.seven_pairs": ["seven pairs", "七对"],
  "shape.thirteen_orphans": ["thirteen orphans", "十三幺"], "shape.knitted_straight": ["knitted straight", "组合龙"],
  "shape.honors_and_knitted": ["honours and knitted", "全不靠"], "shape.nine_gates": ["nine gates", "九莲宝灯"],
  // table page
  "table.title": ["Table settlement", "牌桌结算"],
  "seats": ["Players", "玩家"],
  "seat": ["Seat", "座位"],
  "seat.n": ["Seat {n}", "{n} 号位"],
  "seats.count": ["Number of players", "人数"],
  "dealer.seat": ["Dealer", "庄家"],
  "events": ["Events of this hand", "本局事件"],
  "events.none": ["No events yet: a hand with no win is a draw.", "尚无事件：无人和牌即流局。"],
  "event.add": ["Add event", "添加事件"],
  "event.type": ["Event", "事件"],
  "event.win": ["Win", "和牌"], "event.kong": ["Kong", "杠"], "event.void": ["Void suit", "定缺"],
  "event.end": ["End of the wall", "荒庄查叫"], "event.wild": ["Wild", "混牌"], "event.horses": ["Horses", "买马"],
  "event.remove": ["Remove", "删除"],
  "winner": ["Winner", "和牌者"],
  "discarder": ["Discarder", "点炮者"],
  "self_drawn.short": ["self-drawn", "自摸"],
  "situation": ["Hand (notation)", "牌（记法）"],
  "kong.kind": ["Kind", "类型"],
  "kong.concealed": ["concealed", "暗杠"], "kong.exposed": ["exposed", "明杠"], "kong.added": ["added", "补杠"],
  "kong.late": ["late (转手杠)", "转手杠"],
  "tile": ["Tile", "牌"],
  "indicator": ["Indicator", "翻牌"],
  "wild.by": ["Given as", "给出方式"],
  "suit": ["Suit", "花色"],
  "end.hands": ["Standing hands at the end (notation, no winning tile)", "荒庄时各家手牌（记法，不含和牌）"],
  "end.out": ["left blank: out of play", "留空：已离场"],
  "horses.tiles": ["Horse tiles", "马牌"],
  "record.json": ["Record (JSON)", "牌局记录（JSON）"],
  "record.load": ["Load this JSON", "载入此 JSON"],
  "settle": ["Settle", "结算"],
  "new.hand": ["Next hand (clear the events)", "下一局（清空事件）"],
  "ledger": ["Ledger", "账目"],
  "payments": ["Payments", "支付明细"],
  "payer": ["Pays", "付"], "payee": ["Receives", "收"], "amount": ["Amount", "金额"], "reason": ["Reason", "原因"],
  "deltas": ["This hand", "本局输赢"],
  "running": ["Running total", "累计"],
  "running.add": ["Add this hand to the running total", "计入累计"],
  "running.added": ["Added to the running total.", "已计入累计。"],
  "running.clear": ["Clear running total", "清空累计"],
  "running.hands": ["Hands counted: {n}", "已计 {n} 局"],
  "no.payments": ["Nothing is paid.", "无需支付。"],
  // rules page
  "rules.title": ["Rules", "规则"],
  "fingerprint": ["Fingerprint", "指纹"],
  "fan.id": ["id", "代号"], "fan.zh": ["Chinese", "中文名"], "fan.en": ["English", "英文名"],
  "fan.excludes": ["Excludes", "不计"],
  "options": ["Options", "选项"],
  "option": ["Option", "选项"],
  "diff": ["Compare two rulesets", "比较两个规则"],
  "diff.a": ["From", "原规则"], "diff.b": ["To", "新规则"],
  "diff.run": ["Compare", "比较"],
  "diff.added": ["Fans added", "新增番种"], "diff.removed": ["Fans removed", "删除番种"],
  "diff.changed": ["Fans changed", "改动番种"], "diff.options": ["Options changed", "改动选项"],
  "diff.settings": ["Other settings changed", "其他改动"],
  "diff.same": ["No difference.", "没有区别。"],
  "unset": ["(unset)", "（未设）"],
};

const KEY = "mahjong.lang";

export function lang() {
  const saved = localStorage.getItem(KEY);
  if (saved === "en" || saved === "zh") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
}

export function setLang(value) {
  localStorage.setItem(KEY, value);
  document.documentElement.lang = value === "zh" ? "zh-CN" : "en";
}

/** The text for key in the chosen language, with {name} filled from vars. */
export function t(key, vars = {}) {
  const pair = STRINGS[key];
  let s = pair ? pair[lang() === "zh" ? 1 : 0] : key;
  for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, v);
  return s;
}

/** Fill every data-i18n* element under root. */
export function translate(root = document) {
  document.documentElement.lang = lang() === "zh" ? "zh-CN" : "en";
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-ph]")) el.placeholder = t(el.dataset.i18nPh);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}
