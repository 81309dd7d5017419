// The table page: four seats, a record built event by event (or pasted as JSON), its settlement
// as a ledger, and a running total over several hands kept in localStorage.
import {
  api, clearErrors, el, expand, fillRulesets, header, lang, overlayBox, rulesetDetail, showError, t, tileGroup, translate,
} from "./common.js";

const $ = (id) => document.getElementById(id);
const KEYS = { names: "mahjong.seats", record: "mahjong.record", running: "mahjong.running" };
const FLAGS = ["last_tile", "after_kong", "robbing_kong", "discard_after_kong", "fourth_tile", "first_turn"];

const load = (key, fallback) => {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
};
const save = (key, value) => localStorage.setItem(key, JSON.stringify(value));

let names = load(KEYS.names, ["", "", "", ""]);
let record = load(KEYS.record, { seats: 4, dealer: 0, round_wind: "E", events: [] });
let running = load(KEYS.running, { hands: [] });
let settled = null;      // the last settlement, until it is added to the running total
let detail = null;       // the chosen ruleset's /api/rulesets/{name}: its settlement's event types
let adding = Promise.resolve();   // the builder's adds still on their way (a win's notation is parsed first)
let recordNo = 0;        // which record is on the page: an add clicked for an earlier one is dropped
// the event types with a builder of their own; every other type is built from its declared fields
const OWN_BUILDER = ["win", "end"];

const seatName = (i) => names[i]?.trim() || t("seat.n", { n: i });

function seatOptions(select, { self = false, none = false } = {}) {
  const keep = select.value;
  const opts = [];
  if (self) opts.push(el("option", { value: "", text: t("self_drawn.short") }));
  if (none) opts.push(el("option", { value: "", text: t("field.none") }));
  for (let i = 0; i < record.seats; i++) opts.push(el("option", { value: String(i), text: seatName(i) }));
  select.replaceChildren(...opts);
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

// ------------------------------------------------------------------ seats
function drawSeats() {
  $("seats").replaceChildren(...Array.from({ length: record.seats }, (_, i) => el("label", { class: "field" },
    el("span", { text: `${t("seat.n", { n: i })} · ${t(`wind.${"ESWN"[(i - record.dealer + 4) % 4]}`)}` }),
    el("input", { type: "text", value: names[i] || "", id: `seat-${i}`, placeholder: t("seat.n", { n: i }),
      oninput: (e) => { names[i] = e.target.value; save(KEYS.names, names); drawSeatLists(); } }))));
  drawSeatLists();
}

function drawSeatLists() {
  seatOptions($("dealer"));
  $("dealer").value = String(record.dealer);
  seatOptions($("ev-seat"));
  seatOptions($("ev-from"), { self: true });
  for (const select of document.querySelectorAll("#ev-fields select[data-seat]")) {
    seatOptions(select, { none: select.dataset.seat === "optional" });
  }
  $("ev-end").replaceChildren(...Array.from({ length: record.seats }, (_, i) => el("label", { class: "field" },
    el("span", { text: seatName(i) }),
    el("input", { type: "text", id: `end-${i}`, autocomplete: "off", spellcheck: "false", placeholder: "1112345678999p" }))));
  drawEvents();
  drawRunning();
}

// ------------------------------------------------------------------ the event builder
const wildName = () => detail?.table?.wild_name || "混";
const events = () => detail?.settlement?.events || [];
const fieldsOf = (type) => events().find((e) => e.type === type)?.fields || {};
const eventLabel = (type) => {
  const text = t(`event.${type}`, { name: wildName() });
  return text === `event.${type}` ? type : text;
};

/** The event types the ruleset's settlement accepts, a win first: nothing else is offered. */
function drawEventTypes() {
  const select = $("ev-type");
  const keep = select.value;
  const types = events().map((e) => e.type);
  types.sort((a, b) => (b === "win") - (a === "win"));
  select.replaceChildren(...types.map((type) => el("option", {
    value: type, text: eventLabel(type), title: t(`event.${type}.doc`) === `event.${type}.doc` ? null : t(`event.${type}.doc`),
  })));
  if (types.includes(keep)) select.value = keep;
  $("ev-add").disabled = !types.length;
  showBuilderFields();
}

function choiceLabel(name, choice) {
  for (const key of [`${name}.${choice}`, `kong.${choice}`, `suit.${choice}`]) {
    if (t(key) !== key) return t(key);
  }
  return choice;
}

/** One input per declared field of the event type (seat, tile, tiles, bool, count, choice,
 * object), labelled short with the field's doc as its tooltip. */
function fieldInput(type, name, f) {
  const id = `ev-${type}-${name}`;
  const label = t(`field.${name}`) === `field.${name}` ? name.replaceAll("_", " ") : t(`field.${name}`);
  const title = f.doc || null;
  const mark = f.required ? " *" : "";
  if (f.kind === "bool") {
    return el("label", { class: "check", title }, el("input", { type: "checkbox", id, dataset: { field: name, kind: f.kind } }),
      el("span", { text: label }));
  }
  let input;
  if (f.kind === "seat") {
    input = el("select", { id, dataset: { field: name, kind: f.kind, seat: f.required ? "required" : "optional" } });
    seatOptions(input, { none: !f.required });
  } else if (f.kind === "choice") {
    input = el("select", { id, dataset: { field: name, kind: f.kind } },
      f.required ? null : el("option", { value: "", text: t("field.none") }),
      f.choices.map((c) => el("option", { value: c, text: choiceLabel(name, c) })));
  } else if (f.kind === "count") {
    input = el("input", { type: "number", min: "0", id, dataset: { field: name, kind: f.kind } });
  } else if (f.kind === "object") {
    input = el("textarea", { rows: "2", id, spellcheck: "false", dataset: { field: name, kind: f.kind } });
  } else {
    input = el("input", { type: "text", id, size: f.kind === "tile" ? "4" : "12", autocomplete: "off",
      autocapitalize: "off", spellcheck: "false", placeholder: f.kind === "tile" ? "5m" : "1m5p9s",
      dataset: { field: name, kind: f.kind } });
  }
  return el("label", { class: "field", title }, el("span", { text: label + mark }), input);
}

function showBuilderFields() {
  const type = $("ev-type").value;
  for (const node of document.querySelectorAll("#builder [data-for]")) {
    node.hidden = !node.dataset.for.split(" ").includes(type);
  }
  const own = OWN_BUILDER.includes(type);
  $("ev-fields").hidden = own;
  if (!own && $("ev-fields").dataset.type !== type) {
    $("ev-fields").dataset.type = type;
    $("ev-fields").replaceChildren(...Object.entries(fieldsOf(type)).map(([name, f]) => fieldInput(type, name, f)));
  }
}

/** A generic event from its declared fields; a blank optional field is left out. */
function readFields(type) {
  const event = { type };
  for (const input of document.querySelectorAll("#ev-fields [data-field]")) {
    const { field, kind } = input.dataset;
    if (kind === "bool") {
      if (input.checked) event[field] = true;
      continue;
    }
    const value = input.value.trim();
    if (value === "") continue;
    if (kind === "seat" || kind === "count") event[field] = Number(value);
    else if (kind === "object") {
      try { event[field] = JSON.parse(value); } catch (e) {
        return { error: { code: "invalid_situation", message: `field '${field}': not valid JSON: ${e.message}`, field: "builder" } };
      }
    } else event[field] = value;
  }
  return { event };
}

/** "[555p,2][7777s]123m45p" → {hand, melds}: bracketed melds as the command line reads them; the
 * rest is passed on as written, so the server names any bad tile in it. */
function splitMelds(text) {
  const melds = [];
  const sources = { 1: "left", 2: "across", 3: "right", l: "left", a: "across", r: "right" };
  const hand = text.replace(/\[([^\]]*)\]/g, (_, body) => {
    const [tiles, source = ""] = body.split(",");
    const kinds = expand(tiles);
    const type = new Set(kinds).size === 3 ? "chow" : (kinds.length === 4 ? "kong" : "pung");
    const meld = { type, tiles: tiles.trim() };
    const src = source.trim().toLowerCase();
    if (src) meld.from = sources[src] || src;
    if (type === "kong") meld.concealed = !src;
    melds.push(meld);
    return " ";
  });
  return { hand: hand.trim(), melds };
}

/** The builder's event. A win's notation is parsed by the server, so the form is read whole before
 * that request: a field changed while it is on its way belongs to the next event, not this one. */
async function buildEvent() {
  const type = $("ev-type").value;
  const seat = Number($("ev-seat").value);
  if (type === "win") {
    const notation = $("ev-hand").value;
    const flags = [...document.querySelectorAll("#ev-flags [data-flag]")].filter((i) => i.checked).map((i) => i.dataset.flag);
    const flowers = $("ev-flowers").value.trim();
    const from = $("ev-from").value;
    const parsed = await api("parse", { notation });
    if (parsed.ok === false) return { error: { ...parsed.error, field: "ev-hand" } };
    const situation = { hand: parsed.hand, win_tile: parsed.win_tile };
    if (parsed.melds?.length) situation.melds = parsed.melds;
    for (const flag of flags) situation[flag] = true;
    if (flowers) situation.flowers = flowers;
    const event = { type, seat };
    if (from !== "") event.from = Number(from);
    event.situation = situation;
    return { event };
  }
  if (type !== "end") return readFields(type);
  const hands = {};
  for (let i = 0; i < record.seats; i++) {
    const text = $(`end-${i}`).value.trim();
    if (!text) continue;
    const { hand, melds } = splitMelds(text);
    hands[String(i)] = melds.length ? { hand, melds } : { hand };
  }
  return { event: { type: "end", hands } };
}

// ------------------------------------------------------------------ the record
function saveRecord() {
  save(KEYS.record, record);
  $("record-json").value = JSON.stringify(record, null, 1);
  settled = null;
  $("running-add").disabled = true;
}

function situationTiles(s) {
  const melds = (s.melds || []).map((m) => tileGroup(expand(m.tiles), { small: true, extra: "declared" }));
  const out = [...melds, tileGroup(expand(s.hand), { small: true })];
  if (s.win_tile) out.push(tileGroup(expand(s.win_tile), { small: true, extra: "win-tile" }));
  return out;
}

function describe(ev) {
  const who = ev.seat !== undefined ? seatName(ev.seat) : "";
  switch (ev.type) {
    case "win":
      return [el("strong", { text: `${t("event.win")}: ${who}` }),
        ` ${ev.from === undefined ? t("self_drawn.short") : `← ${seatName(ev.from)}`} `,
        ...(ev.situation && typeof ev.situation === "object" ? situationTiles(ev.situation) : [])];
    case "kong":
      return [el("strong", { text: `${t("event.kong")}: ${who}` }), ` ${t(`kong.${ev.kind}`)} `,
        ev.tile ? tileGroup(expand(ev.tile), { small: true }) : "", ev.from !== undefined ? ` ← ${seatName(ev.from)}` : "",
        ev.late ? ` ${t("kong.late")}` : ""];
    case "void":
      return [el("strong", { text: `${t("event.void")}: ${who}` }), ` ${t(`suit.${ev.suit}`)}`];
    case "wild":
      return [el("strong", { text: `${eventLabel("wild")}: ` }), ev.indicator ? `${t("indicator")} ` : "",
        tileGroup(expand(ev.indicator || ev.tile), { small: true })];
    case "horses":
      return [el("strong", { text: `${t("event.horses")}: ` }), tileGroup(expand(ev.tiles), { small: true })];
    case "end":
      return [el("strong", { text: `${t("event.end")}: ` }),
        ...Object.entries(ev.hands || {}).map(([seat, h]) => el("span", { class: "end-hand" }, ` ${seatName(Number(seat))} `,
          ...situationTiles(h)))];
    default: {       // an event type of the ruleset's own: its fields, seats by name
      const fields = fieldsOf(ev.type);
      const parts = Object.entries(ev).filter(([k]) => k !== "type").map(([k, v]) => {
        if (fields[k]?.kind === "seat" && typeof v === "number") return ` ${k === "seat" ? "" : `${k} `}${seatName(v)}`;
        if (["tile", "tiles"].includes(fields[k]?.kind) && typeof v === "string") return tileGroup(expand(v), { small: true });
        return ` ${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`;
      });
      return [el("strong", { text: `${eventLabel(ev.type)}:` }), ...parts];
    }
  }
}

function drawEvents() {
  const events = Array.isArray(record.events) ? record.events : [];
  $("events").replaceChildren(...events.map((ev, i) => el("li", { dataset: { event: i } },
    el("span", { class: "what" }, ...describe(ev)),
    el("button", { type: "button", class: "quiet", text: t("event.remove"), onclick: () => {
      record.events.splice(i, 1); saveRecord(); drawEvents();
    } }),
    el("span", { class: "error", hidden: true, dataset: { errorFor: `events.${i}` } }))));
  if (!events.length) $("events").append(el("li", { class: "muted", text: t("events.none") }));
}

function request() {
  const body = { ruleset: $("ruleset").value, record };
  const overlay = $("overlay").value.trim();
  if (overlay) body.overlay = overlay;
  return body;
}

/** A failure beside what caused it: an event's line for "events[2] (win): …", else its field. */
function placeError(error) {
  const m = String(error.message).match(/^events\[(\d+)\]/);
  const slot = m && document.querySelector(`[data-error-for="events.${m[1]}"]`);
  if (slot) {
    slot.replaceChildren(el("span", { class: "code", text: error.code }), " ", error.message);
    slot.hidden = false;
    slot.closest("li").classList.add("has-error");
    return;
  }
  showError(error, "general", { unknown_ruleset: "ruleset", ruleset_error: "overlay" });
}

/** One event from the builder onto the record, or its error beside its field. */
async function addEvent(built, forRecord) {
  const { event, error } = await built;
  if (forRecord !== recordNo) return;      // a new hand was started, or a record loaded, since the click
  clearErrors($("builder"));
  if (error) {
    const slot = document.querySelector(`[data-error-for="${error.field}"]`);
    slot.replaceChildren(el("span", { class: "code", text: error.code }), " ", error.message);
    slot.hidden = false;
    slot.closest(".field")?.classList.add("has-error");       // the builder's own slot stands in no field
    return;
  }
  record.events.push(event);
  saveRecord();
  drawEvents();
}

// each settle request's number: an answer to an older one (a slow phone, a new hand started since)
// is dropped, so it never overwrites what the page shows now
let settleSeq = 0;

async function settle() {
  const seq = ++settleSeq;
  await adding;                     // the events added before this click are part of what it settles
  if (seq !== settleSeq) return;
  clearErrors();
  const data = await api("settle", request());
  if (seq !== settleSeq) return;
  if (data.ok === false) { $("ledger").replaceChildren(); return placeError(data.error); }
  settled = data;
  $("running-add").disabled = false;
  drawLedger();
  if (window.matchMedia("(max-width: 899px)").matches) $("ledger").closest(".panel").scrollIntoView({ block: "start" });
}

function signed(n, extra = {}) {
  return el("strong", { class: n > 0 ? "plus" : (n < 0 ? "minus" : ""), text: n > 0 ? `+${n}` : String(n), ...extra });
}

function deltasView(deltas, id) {
  return el("div", { class: "deltas", id }, deltas.map((d, i) => el("div", { class: "delta", dataset: { seat: i } },
    el("span", { class: "who", text: seatName(i) }), signed(d))));
}

/** A payment's reason in the page's language, players by the names typed in: from its data
 * (``why``: sentences with {role} and {value} placeholders), else its English text. */
function reasonText(p) {
  if (!p.why?.length) return String(p.reason).replace(/\bseat (\d)\b/g, (_, n) => seatName(Number(n)));
  const zh = lang() === "zh";
  return p.why.map((w) => (zh ? w.zh : w.en).replace(/\{([a-z_]+)\}/g, (m, key) => {
    if (key in w.seats) return seatName(w.seats[key]);
    return key in w.values ? String(w.values[key]) : m;
  })).join(zh ? "；" : "; ");
}

function drawLedger() {
  if (!settled) return $("ledger").replaceChildren();
  const payments = settled.payments || [];
  $("ledger").replaceChildren(
    el("h3", { text: t("deltas") }), deltasView(settled.deltas, "deltas"),
    el("h3", { text: t("payments") }),
    payments.length ? el("div", { class: "scroll" }, el("table", { id: "payments" },
      el("thead", {}, el("tr", {}, el("th", { text: t("payer") }), el("th", { text: t("payee") }),
        el("th", { class: "num", text: t("amount") }), el("th", { text: t("reason") }))),
      el("tbody", {}, payments.map((p) => el("tr", {},
        el("td", { text: seatName(p.from) }), el("td", { text: seatName(p.to) }),
        el("td", { class: "num", text: p.amount }), el("td", { class: "reason", text: reasonText(p), title: p.reason }))))))
      : el("p", { class: "muted", text: t("no.payments") }));
}

function drawRunning() {
  const seats = Math.max(record.seats, ...running.hands.map((h) => h.deltas.length));
  const sums = Array.from({ length: seats }, (_, i) => running.hands.reduce((n, h) => n + (h.deltas[i] || 0), 0));
  $("running").replaceChildren(el("p", { class: "muted", text: t("running.hands", { n: running.hands.length }) }),
    deltasView(sums, "running-total"));
}

// ------------------------------------------------------------------ wiring
let rulesetSeq = 0;
async function rulesetChanged() {
  clearErrors($("ruleset-field"));
  const seq = ++rulesetSeq;
  const name = $("ruleset").value;
  const got = await rulesetDetail(name);
  if (seq !== rulesetSeq) return;            // another ruleset was chosen meanwhile
  detail = got;
  if (detail.ok === false) { showError(detail.error, "ruleset"); detail = null; }
  $("ev-type").dataset.ruleset = name;
  document.documentElement.style.setProperty("--wild-name", JSON.stringify(wildName()));
  $("ev-fields").dataset.type = "";
  // a win's flags: only those the ruleset's fans read
  const usable = detail?.table?.situation_flags;
  for (const input of document.querySelectorAll("#ev-flags [data-flag]")) {
    const off = !!usable && !usable.includes(input.dataset.flag);
    input.closest("label").hidden = off;
    if (off) input.checked = false;
  }
  drawEventTypes();
  drawEvents();
}

function rerender() {
  translate();
  $("ev-fields").dataset.type = "";
  drawEventTypes();
  drawSeats();
  drawLedger();
}

async function main() {
  header("table", rerender);
  $("seats-count").value = String(record.seats);
  $("round_wind").value = record.round_wind || "E";
  await fillRulesets($("ruleset"), "mahjong.table.ruleset");
  overlayBox($("overlay"), $("overlay-file"), $("overlay-clear"), () => {});
  $("seats-count").addEventListener("change", () => {
    record.seats = Number($("seats-count").value);
    if (record.dealer >= record.seats) record.dealer = 0;
    saveRecord(); drawSeats();
  });
  $("dealer").addEventListener("change", () => { record.dealer = Number($("dealer").value); saveRecord(); drawSeats(); });
  $("round_wind").addEventListener("change", () => { record.round_wind = $("round_wind").value; saveRecord(); });
  $("ev-type").addEventListener("change", showBuilderFields);
  $("ruleset").addEventListener("change", rulesetChanged);
  $("ev-add").addEventListener("click", () => {
    const built = buildEvent();                    // the form as it is at this click
    const forRecord = recordNo;
    // onto the record in the order clicked; a page fault in one add is reported and the next still runs
    adding = adding.then(() => addEvent(built, forRecord))
      .catch((e) => showError({ code: "page_error", message: String(e) }, "general"));
  });
  $("record-load").addEventListener("click", () => {
    recordNo += 1;
    clearErrors();
    let data;
    try { data = JSON.parse($("record-json").value); } catch (e) {
      return showError({ code: "invalid_situation", message: `record: not valid JSON: ${e.message}` }, "record");
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) {
      return showError({ code: "invalid_situation", message: "record: a record is a JSON object" }, "record");
    }
    record = data;
    if (!Array.isArray(record.events)) record.events = record.events === undefined ? [] : record.events;
    record.seats ??= 4;
    record.dealer ??= 0;
    $("seats-count").value = String(record.seats);
    $("round_wind").value = record.round_wind || "E";
    saveRecord();
    drawSeats();
  });
  $("settle").addEventListener("click", settle);
  $("new-hand").addEventListener("click", () => {
    settleSeq += 1;
    recordNo += 1;
    clearErrors();
    record.events = [];
    saveRecord();
    settled = null;
    drawLedger();
    drawSeatLists();
  });
  $("running-add").addEventListener("click", () => {
    if (!settled) return;
    running.hands.push({ deltas: settled.deltas, ruleset: settled.ruleset, at: new Date().toISOString() });
    save(KEYS.running, running);
    settled = { ...settled };
    $("running-add").disabled = true;
    drawRunning();
  });
  $("running-clear").addEventListener("click", () => { running = { hands: [] }; save(KEYS.running, running); drawRunning(); });
  saveRecord();
  drawSeats();
  await rulesetChanged();
  document.body.dataset.ready = "1";
}

main();
