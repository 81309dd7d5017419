// The score page: the picker builds a situation, the notation box mirrors it both ways, and
// the server scores it (or lists the waits of a hand one tile short).
import {
  KINDS, amount, api, clearErrors, debounce, el, expand, fanNames, fillRulesets, format, header, overlayBox,
  rulesetDetail, showError, sortTiles, t, tileEl, tileGroup, tileName, translate,
} from "./common.js";

const FLAG_NAMES = ["self_drawn", "last_tile", "robbing_kong", "discard_after_kong", "fourth_tile", "dealer",
  "first_turn", "ready_at_start", "declared_ready"];
const SOURCES = { left: "1", across: "2", right: "3" };
const $ = (id) => document.getElementById(id);
// where an error without a field name belongs
const BY_CODE = { wrong_tile_count: "hand", too_many_copies: "hand", not_winning: "hand",
  unknown_ruleset: "ruleset", ruleset_error: "overlay" };

const state = { hand: [], melds: [], win: null, flowers: [], wilds: [], mode: "hand" };
let detail = null;          // the chosen ruleset's /api/rulesets/{name}
let lastAnswer = null;      // what the result panel shows, redrawn on a language switch

const handSize = () => detail?.table?.hand_size ?? 13;
const wildName = () => detail?.table?.wild_name || "混";
const narrow = () => window.matchMedia("(max-width: 899px)").matches;
const needed = () => handSize() - 3 * state.melds.length;
const allowed = () => new Set(detail?.table?.tiles ?? KINDS);
// the bonus tiles (flowers; Fuzhou's honours, 莲花's 红中) and how many copies of each exist
const FLOWERS = Object.fromEntries(KINDS.filter((k) => k[1] === "f").map((k) => [k, 1]));
const bonusTiles = () => detail?.table?.bonus ?? (detail?.table?.flowers === false ? {} : FLOWERS);
const held = (k) => state.flowers.filter((x) => x === k).length;

function used(tile) {
  return state.hand.filter((x) => x === tile).length + (state.win === tile ? 1 : 0)
    + state.melds.reduce((n, m) => n + m.tiles.filter((x) => x === tile).length, 0);
}

// ------------------------------------------------------------------ state → notation
function notation() {
  const melds = state.melds.map((m) => {
    const body = format(m.tiles);
    const src = m.concealed ? "" : (m.from ? `,${SOURCES[m.from]}` : "");
    return `[${body}${src}]`;
  }).join("");
  const hand = format(state.hand);
  return melds + hand + (state.win ? ` ${state.win}` : "");
}

function situationTiles() {
  return {
    hand: format(state.hand),
    melds: state.melds.map((m) => {
      const out = { type: m.type, tiles: format(m.tiles) };
      if (m.concealed) out.concealed = true;
      else if (m.from) out.from = m.from;
      return out;
    }),
  };
}

function flags() {
  const out = {};
  for (const input of document.querySelectorAll("[data-flag]")) if (input.checked) out[input.dataset.flag] = true;
  for (const wind of ["seat_wind", "round_wind"]) if ($(wind).value !== "E") out[wind] = $(wind).value;
  const kongs = Number($("after_kong").value || 0);
  if (kongs) out.after_kong = kongs;
  if (state.flowers.length) out.flowers = format(state.flowers);
  if (state.wilds.length) out.wilds = format(state.wilds);
  if ($("void_suit").value) out.void_suit = $("void_suit").value;
  const extras = {};
  for (const input of document.querySelectorAll("#extras [data-extra]")) if (input.checked) extras[input.dataset.extra] = true;
  if (Object.keys(extras).length) out.extras = extras;
  return out;
}

function request(extra) {
  const body = { ruleset: $("ruleset").value, ...extra };
  const overlay = $("overlay").value.trim();
  if (overlay) body.overlay = overlay;
  return body;
}

// ------------------------------------------------------------------ drawing the picker and the hand
function drawPicker() {
  const ok = allowed();
  const bonus = bonusTiles();
  const rows = ["m", "p", "s", "z", "f"].map((suit) => {
    // the last row holds every bonus tile, honours set aside like flowers included
    const kinds = KINDS.filter((k) => (suit === "f" ? k in bonus : k[1] === suit && ok.has(k)));
    if (!kinds.length) return null;
    return el("div", { class: `picker-row suit-${suit}` }, kinds.map((k) => {
      const full = k in bonus ? held(k) >= bonus[k] : used(k) >= 4;
      const b = tileEl(k, { onClick: act(() => pick(k)), extra: full ? "used-up" : null });
      if (state.wilds.includes(k)) b.classList.add("wild");
      return b;
    }));
  });
  $("picker").replaceChildren(...rows.filter(Boolean));
}

function drawHand() {
  const wild = (k) => (state.wilds.includes(k) ? "wild" : null);
  $("hand").replaceChildren(...sortTiles(state.hand).map((k) =>
    tileEl(k, { onClick: act(() => removeHand(k)), extra: wild(k) })));
  if (!state.hand.length) $("hand").append(el("span", { class: "muted", text: t("picker.add") }));
  $("hand-count").textContent = t("hand.count", { n: state.hand.length, max: needed() });
  $("mode-wild").textContent = t("mode.wild", { name: wildName() });
  $("wilds-label").textContent = t("wilds", { name: wildName() });
  $("wilds-help").textContent = t("wilds.help", { name: wildName() });
  $("win").replaceChildren(state.win
    ? tileEl(state.win, { onClick: act(() => { state.win = null; changed(); }), extra: `win ${wild(state.win) || ""}` })
    : el("span", { class: "muted", text: t("win_tile.none", { n: handSize() + 1 }) }));
  $("melds").replaceChildren(...state.melds.map((m, i) => {
    const label = m.concealed ? t("mode.ckong") : t(`mode.${m.type}`) + (m.from ? ` · ${t(`from.${m.from}`)}` : "");
    const g = el("button", { type: "button", class: "meld", dataset: { meld: i }, onclick: act(() => {
      state.melds.splice(i, 1); changed();
    }) }, m.tiles.map((k, j) => tileEl(k, { small: true, extra: m.concealed && (j === 0 || j === 3) ? "back" : null })),
    el("span", { class: "group-label", text: label }));
    return g;
  }));
  if (!state.melds.length) $("melds").append(el("span", { class: "muted", text: t("melds.none") }));
  $("flowers").replaceChildren(...sortTiles(state.flowers).map((k) =>
    tileEl(k, { small: true, onClick: act(() => { state.flowers.splice(state.flowers.indexOf(k), 1); changed(); }) })));
  if (!state.flowers.length) $("flowers").append(el("span", { class: "muted", text: t("flowers.add") }));
  $("wilds").replaceChildren(...state.wilds.map((k) =>
    tileEl(k, { small: true, onClick: act(() => { state.wilds.splice(state.wilds.indexOf(k), 1); changed(); }) })));
  for (const b of document.querySelectorAll("#modes [data-mode]")) b.classList.toggle("active", b.dataset.mode === state.mode);
  $("from-box").hidden = !["pung", "kong"].includes(state.mode);
}

// ------------------------------------------------------------------ picking
function flash(message) {
  $("status").textContent = message;
}

function pick(k) {
  const bonus = bonusTiles();
  if (k in bonus) {
    if (held(k) < bonus[k]) state.flowers.push(k);
    return changed();
  }
  const mode = state.mode;
  if (mode === "wild") {
    const i = state.wilds.indexOf(k);
    if (i >= 0) state.wilds.splice(i, 1); else state.wilds.push(k);
    state.mode = "hand";
    return changed();
  }
  if (mode === "hand") {
    if (used(k) >= 4) return flash(t("copies.used", { tile: tileName(k) }));
    if (state.hand.length < needed()) state.hand.push(k);
    else if (!state.win) { state.win = k; scrollNext = narrow(); }       // the last tile: scored at once
    else return flash(t("hand.full"));
    return changed();
  }
  let tiles;
  if (mode === "chow") {
    const n = Number(k[0]);
    if (k[1] === "z" || n > 7) return flash(t("chow.start"));
    tiles = [k, `${n + 1}${k[1]}`, `${n + 2}${k[1]}`];
  } else tiles = Array(mode === "pung" ? 3 : 4).fill(k);
  const short = tiles.find((x) => used(x) + tiles.filter((y) => y === x).length > 4);
  if (short) return flash(t("copies.used", { tile: tileName(short) }));
  const over = state.hand.length - (needed() - 3);         // a meld takes the place of 3 standing tiles
  if (over > 0) return flash(t("meld.room", { n: over }));
  const meld = { type: mode === "ckong" ? "kong" : mode, tiles };
  if (mode === "ckong") meld.concealed = true;
  else meld.from = mode === "chow" ? "left" : $("from").value;
  state.melds.push(meld);
  state.mode = "hand";
  changed();
}

function removeHand(k) {
  state.hand.splice(state.hand.lastIndexOf(k), 1);
  changed();
}

// ------------------------------------------------------------------ notation → state
let typing = false;         // the box holds text not yet read into the picker
let parsing = null;
let parseSeq = 0;
const parseSoon = debounce(() => flushNotation(), 300);

/** Read what was typed before anything else changes the hand, so a click never undoes typing. */
function flushNotation() {
  if (typing) { typing = false; parsing = fromNotation(); }
  return parsing || Promise.resolve();
}

const act = (fn) => async () => { await flushNotation(); fn(); };

async function fromNotation() {
  const text = $("notation").value.trim();
  clearErrors($("notation").closest(".field"));
  if (!text) { Object.assign(state, { hand: [], melds: [], win: null }); return changed({ keepNotation: true }); }
  const seq = ++parseSeq;
  const data = await api("parse", { notation: text });
  await chosenDetail();                          // the hand size below is the chosen ruleset's
  if (seq !== parseSeq) return;                  // newer typing has been read since
  if (data.ok === false) return placeNotationError(data.error);
  state.melds = (data.melds || []).map((m) => ({
    type: m.type, tiles: expand(m.tiles), concealed: !!m.concealed, from: m.concealed ? null : (m.from || (m.type === "chow" ? "left" : null)),
  }));
  state.hand = expand(data.hand);
  state.win = data.win_tile || null;
  // a hand one tile short has no winning tile: its last tile stands in the hand (waits)
  if (state.win && state.hand.length + 1 === needed()) { state.hand.push(state.win); state.win = null; }
  changed({ keepNotation: true });
}

function placeNotationError(error) {
  clearErrors(document);                     // a new error replaces the old one
  const slot = document.querySelector('[data-error-for="notation"]');
  slot.replaceChildren(el("span", { class: "code", text: error.code }), " ", error.message);
  slot.hidden = false;
  slot.closest(".field").classList.add("has-error");
}

// ------------------------------------------------------------------ results
function changed({ keepNotation = false } = {}) {
  if (!keepNotation && !typing) {           // never over what is typed but not yet read
    $("notation").value = notation();
    clearErrors($("notation").closest(".field"));
  }
  $("status").textContent = "";
  analysing = false;
  drawHand();
  drawPicker();
  autoRun();
}

const autoRun = debounce(() => run(false), 150);

let runId = 0;
let scrollNext = false;      // bring the next result into view (a phone, after Score or the last tile)
let analysing = false;       // Analyse was asked for this hand: it stays until the hand changes

/** The hand as it stands for waits and analysis: the winning tile, if picked, stands with it. */
function standingHand() {
  const hand = { ...situationTiles(), ...flags() };
  if (state.win) hand.hand = format([...state.hand, state.win]);
  delete hand.self_drawn;              // each wait is valued both ways
  return hand;
}

async function analyze() {
  await flushNotation();
  analysing = true;
  const id = ++runId;
  const data = await api("analyze", request({ hand: standingHand() }));
  if (id === runId) show({ kind: "analysis", data });
}

async function run(explicit) {
  await flushNotation();
  if (analysing && !explicit) return analyze();
  analysing = false;
  const id = ++runId;
  clearErrors(document, "notation");
  const short = needed() - state.hand.length;
  if (!state.win && short === 0) {
    const hand = standingHand();
    let data = await api("waits", request({ hand }));
    let kind = "waits";
    if (data.ok !== false && !data.ready) {           // not ready: how far from it, and what helps
      data = await api("analyze", request({ hand }));
      kind = "analysis";
    }
    if (id === runId) show({ kind, data });
    return;
  }
  if (!state.win || short > 0) {
    if (explicit || state.hand.length) show({ kind: "short", n: short + (state.win ? 0 : 1) });
    else show(null);
    return;
  }
  const situation = { ...situationTiles(), win_tile: state.win, ...flags() };
  const data = await api("score", request({ situation, explain: true }));
  if (id === runId) show({ kind: "score", data });
}

/** On a phone the result panel is far below the picker: after Score (or the last tile picked)
 * it is scrolled into view, and a bar fixed at the foot of the screen keeps the total in sight
 * while the result is off-screen. */
function bringIntoView(answer) {
  const bar = $("total-bar");
  const scored = answer?.kind === "score" && answer.data && answer.data.total !== undefined;
  bar.hidden = !scored;
  if (scored) bar.textContent = t("total.bar", { total: answer.data.total, value: answer.data.value });
  if (scrollNext && answer && narrow()) $("result-panel").scrollIntoView({ block: "start" });
  scrollNext = false;
  watchResult();
}

let observer = null;
function watchResult() {
  if (observer || !("IntersectionObserver" in window)) return;
  observer = new IntersectionObserver((entries) => {
    for (const e of entries) document.body.classList.toggle("result-in-view", e.isIntersecting);
  });
  observer.observe($("result"));
}

function show(answer) {
  lastAnswer = answer;
  render(answer);
  bringIntoView(answer);          // once the page above has settled (errors cleared)
}

function render(answer) {
  const box = $("result");
  clearErrors(document, "notation");
  if (!answer) return box.replaceChildren();
  if (answer.kind === "short") {
    return box.replaceChildren(el("p", { class: "muted", id: "short", text: t("pick.more", { n: answer.n }) }));
  }
  const { data } = answer;
  if (data.ok === false && data.error?.code !== "below_minimum") {
    box.replaceChildren();
    clearErrors(document);                   // a new error replaces the old one, the notation's too
    const slot = showError(data.error, "general", BY_CODE);
    if (slot && slot.dataset.errorFor === "melds") markMeld(data.error.message);
    if (slot && slot.dataset.errorFor !== "general") {         // on a phone the field may be far above
      const where = slot.closest(".field")?.querySelector("[data-i18n]")?.textContent || "";
      box.append(el("p", { class: "error pointer", id: "error-pointer",
        onclick: () => slot.scrollIntoView({ block: "center" }) }, t("error.beside", { field: where.trim() })));
    }
    return;
  }
  if (answer.kind === "waits") return box.replaceChildren(waitsView(data));
  if (answer.kind === "analysis") return box.replaceChildren(analysisView(data));
  box.replaceChildren(scoreView(data));
}

function markMeld(message) {
  const m = message.match(/melds\[(\d+)\]/);
  if (m) document.querySelector(`[data-meld="${m[1]}"]`)?.classList.add("bad");
}

function fanLabel(id) {
  const fan = detail?.fans?.find((f) => f.id === id);
  return fan ? fanNames(fan) : el("span", { class: "fan-name", text: id });
}

function readingGroups(decomposition) {
  return el("div", { class: "reading", id: "reading" }, (decomposition || []).map((set) => {
    const declared = set.startsWith("[");
    return tileGroup(expand(set), { small: true, extra: declared ? "declared" : null });
  }));
}

function scoreView(data) {
  const below = data.ok === false;
  const parts = [];
  if (below) parts.push(el("p", { class: "warning", id: "below" }, t("below_minimum"), " ", data.error.message));
  parts.push(el("div", { class: "totals" },
    el("div", { class: "big" }, el("span", { class: "label", text: t("total") }), el("strong", { id: "total", text: data.total })),
    el("div", { class: "big" }, el("span", { class: "label", text: t("value") }), el("strong", { id: "value", text: data.value })),
    data.shape ? el("div", { class: "shape" }, `${t("shape")}: `, t(`shape.${data.shape}`) === `shape.${data.shape}` ? data.shape : t(`shape.${data.shape}`)) : null,
    data.minimum !== undefined ? el("div", { class: "muted", text: t("minimum", { n: data.minimum }) }) : null));
  parts.push(el("h3", { text: t("reading") }), readingGroups(data.decomposition));
  if (data.wilds_as) {
    parts.push(el("div", { class: "wilds-as", id: "wilds-as" }, el("h3", { text: t("wilds_as") }),
      tileGroup(expand(data.wilds_as), { small: true })));
  }
  parts.push(el("h3", { text: t("fans") }), el("table", { class: "fans", id: "fans" },
    el("thead", {}, el("tr", {}, el("th", { text: t("fan") }), el("th", { class: "num", text: t("points") }),
      el("th", { class: "num", text: t("count") }))),
    el("tbody", {}, (data.fans || []).map((f) => el("tr", { dataset: { fan: f.id } },
      el("td", {}, fanNames(f)), el("td", { class: "num", text: amount(f) }), el("td", { class: "num", text: f.count }))))));
  const excluded = [...(data.excluded || []).map((x) => ({ id: x.id, why: [t("excluded.by"), " ", ...x.by.flatMap((b, i) => [i ? ", " : "", fanLabel(b)])] })),
    ...(data.dropped || []).map((x) => ({ id: x.id, why: [t("dropped.by", { others: x.others, limit: x.limit })] }))];
  if (excluded.length) {
    parts.push(el("h3", { text: t("excluded") }), el("ul", { class: "excluded", id: "excluded" },
      excluded.map((x) => el("li", { dataset: { fan: x.id } }, fanLabel(x.id), el("span", { class: "muted" }, " — ", ...x.why)))));
  }
  if (data.notes?.length) parts.push(el("h3", { text: t("notes") }), el("ul", { class: "notes" }, data.notes.map((n) => el("li", { text: n }))));
  return el("div", { class: "score-result" + (below ? " below" : "") }, parts);
}

function waitCell(w) {
  if (w.error) return el("td", { class: "num muted", text: w.error });
  return el("td", { class: "num" + (w.below_minimum ? " below" : "") },
    el("strong", { text: w.value }), w.value !== w.total ? el("span", { class: "muted", text: ` (${w.total})` }) : null,
    w.below_minimum ? el("small", { class: "muted", text: ` ${t("waits.below")}` }) : null);
}

function waitsView(data) {
  if (!data.ready || !data.waits?.length) return el("p", { class: "warning", id: "waits", text: t("waits.none") });
  return el("div", {}, el("h3", { text: t("waits") }), el("table", { class: "waits", id: "waits" },
    el("thead", {}, el("tr", {}, el("th", { text: t("waits.tile") }), el("th", { class: "num", text: t("waits.discard") }),
      el("th", { class: "num", text: t("waits.self") }))),
    el("tbody", {}, data.waits.map((w) => el("tr", { dataset: { tile: w.tile } },
      el("td", {}, tileEl(w.tile, { small: true, onClick: act(() => { state.win = w.tile; changed(); }) })),
      waitCell(w.discard), waitCell(w.self_drawn))))));
}

function shantenText(n) {
  return n < 0 ? t("shanten.-1") : n === 0 ? t("shanten.0") : t("shanten.n", { n });
}

function usefulTiles(useful) {
  return el("span", { class: "useful" }, useful.map((u) => el("span", { class: "useful-tile", dataset: { tile: u.tile } },
    tileEl(u.tile, { small: true }), el("small", { class: "muted", text: `×${u.left}` }))));
}

function waitsLine(waits) {
  if (!waits?.length) return null;
  const value = (w) => (w.error ? "–" : String(w.value));
  return el("div", { class: "analysis-waits" }, el("small", { class: "muted", text: `${t("analysis.waits")}: ` }),
    waits.map((w) => el("span", { class: "wait", dataset: { tile: w.tile } }, tileEl(w.tile, { small: true }),
      el("small", { text: ` ${value(w.discard)} / ${value(w.self_drawn)}` }))));
}

function analysisView(data) {
  const head = el("p", { class: "analysis-head" }, el("strong", { id: "shanten", dataset: { shanten: data.shanten } },
    `${t("shanten")}: ${shantenText(data.shanten)}`), " ",
  el("small", { class: "muted", text: t("analysis.standing", { n: data.standing }) }));
  const parts = [el("h3", { text: t("analysis") }), head];
  if (data.discards) {
    parts.push(el("div", { class: "scroll" }, el("table", { class: "analysis", id: "analysis" },
      el("thead", {}, el("tr", {}, el("th", { text: t("analysis.discard") }), el("th", { class: "num", text: t("shanten") }),
        el("th", { class: "num", text: t("analysis.left") }), el("th", { text: t("analysis.useful") }))),
      el("tbody", {}, data.discards.map((o, i) => el("tr", { class: i === 0 ? "best" : null, dataset: { discard: o.discard } },
        el("td", {}, tileEl(o.discard, { small: true }), i === 0 ? el("small", { class: "badge", text: t("analysis.best") }) : null),
        el("td", { class: "num", text: o.shanten }), el("td", { class: "num", text: o.useful_left }),
        el("td", {}, usefulTiles(o.useful), waitsLine(o.waits))))))));
  } else {
    parts.push(el("div", { id: "analysis", class: "analysis-one" },
      el("p", {}, el("span", { class: "muted", text: `${t("analysis.useful")} (${data.useful_left}): ` }), usefulTiles(data.useful)),
      waitsLine(data.waits)));
  }
  return el("div", { class: "analysis-result" }, parts);
}

// ------------------------------------------------------------------ ruleset-dependent parts
let rulesetSeq = 0;
let detailReady = Promise.resolve();   // settles once `detail` holds the ruleset chosen last

/** Wait until `detail` is the chosen ruleset's: typed notation is read with its hand size. */
async function chosenDetail() {
  for (let p = detailReady; ; p = detailReady) {
    await p;
    if (p === detailReady) return;
  }
}

async function rulesetChanged() {
  clearErrors(document.getElementById("ruleset-field"));
  const seq = ++rulesetSeq;
  let settle;
  detailReady = new Promise((r) => { settle = r; });
  try {
    const got = await rulesetDetail($("ruleset").value);
    if (seq !== rulesetSeq) return;            // another ruleset was chosen meanwhile
    detail = got;
    if (detail.ok === false) {
      showError(detail.error, "ruleset");
      detail = null;
    }
  } finally {
    settle();
  }
  $("ruleset-title").textContent = detail?.title || "";
  const table = detail?.table || {};
  $("wilds-field").hidden = !table.max_wild_kinds;
  $("mode-wild").hidden = !table.max_wild_kinds;
  $("void-box").hidden = !table.void_suit;
  $("flowers-field").hidden = table.flowers === false;
  document.documentElement.style.setProperty("--wild-name", JSON.stringify(wildName()));
  // only the facts this ruleset can use: the flags its fans read (situation_flags), and winds
  // where the tile set stands winds in a hand
  const tiles = new Set(table.tiles || KINDS);
  const usable = table.situation_flags;
  const offered = { seat_wind: ["1z", "2z", "3z", "4z"].some((k) => tiles.has(k)) };
  offered.round_wind = offered.seat_wind;
  for (const flag of ["last_tile", "after_kong", "robbing_kong", "discard_after_kong", "fourth_tile", "dealer",
    "first_turn", "ready_at_start", "declared_ready"]) offered[flag] = !usable || usable.includes(flag);
  for (const [flag, on] of Object.entries(offered)) {
    const box = document.querySelector(`[data-flag-box="${flag}"]`);
    box.hidden = !on;
    if (!on) {
      const input = box.querySelector("input, select");
      if (input.type === "checkbox") input.checked = false;
      else input.value = input.type === "number" ? "0" : "E";
    }
  }
  document.querySelector('[data-mode="chow"]').hidden = table.chows === false;
  // facts only this ruleset reads (situation.extras): a checkbox each for the yes/no ones
  $("extras").replaceChildren(...(table.extras || []).filter((x) => x.type === "bool").map((x) =>
    el("label", { class: "check", title: x.doc || x.name },
      el("input", { type: "checkbox", dataset: { extra: x.name }, onchange: autoRun }),
      el("span", { text: x.name.replaceAll("_", " ") }))));
  if (!table.max_wild_kinds) state.wilds = [];
  if (!table.void_suit) $("void_suit").value = "";
  state.flowers = state.flowers.filter((k) => k in bonusTiles());
  await flushNotation();
  changed();
}

function rerender() {
  translate();
  drawHand();
  drawPicker();
  show(lastAnswer);
}

async function main() {
  header("score", rerender);
  for (const b of document.querySelectorAll("#modes [data-mode]")) {
    b.addEventListener("click", () => { state.mode = state.mode === b.dataset.mode ? "hand" : b.dataset.mode; drawHand(); });
  }
  $("clear").addEventListener("click", act(() => {
    Object.assign(state, { hand: [], melds: [], win: null, flowers: [], wilds: [], mode: "hand" });
    changed();
  }));
  $("score").addEventListener("click", () => { scrollNext = narrow(); run(true); });
  $("analyze").addEventListener("click", () => { scrollNext = narrow(); analyze(); });
  $("total-bar").addEventListener("click", () => $("result-panel").scrollIntoView({ block: "start" }));
  $("notation").addEventListener("input", () => { typing = true; parseSoon(); });
  $("notation").addEventListener("keydown", (e) => { if (e.key === "Enter") flushNotation(); });
  for (const input of document.querySelectorAll("#flags input, #flags select")) input.addEventListener("change", autoRun);
  overlayBox($("overlay"), $("overlay-file"), $("overlay-clear"), autoRun);
  await fillRulesets($("ruleset"), "mahjong.ruleset");
  $("ruleset").addEventListener("change", rulesetChanged);
  await rulesetChanged();
  document.body.dataset.ready = "1";
}

main();
