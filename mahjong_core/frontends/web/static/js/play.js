// The play page: one seat against three bots through the games API (docs/http.md "Games").
// The buttons are drawn from the legal actions' JSON (type, tile, tiles and any other field), so
// an action kind the page has never seen still gets a button; ACTION_KEYS only adds its letter.
import {
  amount, api, clearErrors, el, expand, fanNames, fillRulesets, header, overlayBox, rulesetDetail, showError,
  sortTiles, t, tileEl, tileName, translate,
} from "./common.js";
import { drawBoard, seatName } from "./board.js";

const $ = (id) => document.getElementById(id);
const BY_CODE = { unknown_ruleset: "ruleset", unsupported_ruleset: "ruleset", ruleset_error: "overlay" };

// the key that takes each kind of action (documented in docs/http.md "The play page")
const ACTION_KEYS = { win: "w", pung: "p", chow: "c", exposed_kong: "k", concealed_kong: "k", added_kong: "k", pass: "s" };

const state = {
  game: null,          // the API's last answer
  overlay: null,       // the overlay text the game was started with
  record: null,        // the record, once the hand is over
  hint: null,          // the hint of the current decision
  selected: null,      // the hand tile chosen by the keyboard (an index into the drawn hand)
  picked: [],          // the hand tiles tapped for a choice of tiles (an opening step's), by index
  review: null,        // {steps, at} while reviewing
  busy: false,
};

// ------------------------------------------------------------------ actions as buttons
/** The tiles an action shows: its `tiles`, a chow's three, a pung's three, a kong's four, the
 * tile a win takes, or its one `tile`; then any other field written as tiles ("123m"). */
function actionTiles(a, obs) {
  return [...ownTiles(a, obs), ...extraFields(a).filter(isTiles).flatMap(([, v]) => expand(v))];
}

const BASIC = ["type", "seat", "tile", "tiles"];
const TILES = /^(\d+[mpszf])+$/;
const SUIT = /^[mps]$/;
/** The fields a kind adds beyond type, seat, tile and tiles (a family's opening choice…). */
const extraFields = (a) => Object.entries(a).filter(([k]) => !BASIC.includes(k));
const isTiles = ([, v]) => typeof v === "string" && TILES.test(v);

function ownTiles(a, obs) {
  if (typeof a.tiles === "string") return expand(a.tiles);
  if (Array.isArray(a.tiles)) return a.tiles.flatMap(expand);
  const tile = a.tile;
  if (a.type === "chow") {
    const n = Number(tile[0]);
    return [0, 1, 2].map((d) => `${n + d}${tile[1]}`);
  }
  if (a.type === "pung") return obs.tile ? [obs.tile, obs.tile, obs.tile] : [];
  if (["exposed_kong", "concealed_kong", "added_kong"].includes(a.type)) return [tile, tile, tile, tile];
  if (a.type === "win") return [obs.phase === "turn" ? obs.drawn : obs.tile].filter(Boolean);
  return tile ? [tile] : [];
}

/** An action's words: its kind's label (or the kind itself), and any field beyond type, seat,
 * tile and tiles that is not tiles (a suit letter is named as a suit). */
function actionLabel(a, obs) {
  const choice = `act.${a.type}.${a.choice}`;           // a choice with words of its own (抢金: take, pass)
  if (typeof a.choice === "string" && t(choice) !== choice) return t(choice);
  const key = a.type === "win" && obs.phase === "turn" ? "act.win.self" : `act.${a.type}`;
  const label = t(key) !== key ? t(key) : a.type.replaceAll("_", " ");
  const more = extraFields(a).filter((f) => !isTiles(f))
    .map(([, v]) => (typeof v === "string" && SUIT.test(v) ? t(`suit.${v}`) : typeof v === "object" ? JSON.stringify(v) : `${v}`));
  return [label, ...more].join(" ");
}

function actionButton(a, obs) {
  const key = ACTION_KEYS[a.type];
  const label = actionLabel(a, obs);
  return el("button", {
    type: "button", class: `action act-${a.type}${a.type === "win" ? " primary" : ""}`,
    dataset: { action: a.type, key: key || "" }, title: key ? `${label} (${key.toUpperCase()})` : label,
    onclick: () => send(a),
  }, el("span", { class: "action-label", text: label }),
  actionTiles(a, obs).map((k) => tileEl(k, { small: true, extra: "mini" })),
  key ? el("kbd", { text: key.toUpperCase() }) : null);
}

/** Kinds offered as many choices of tiles from the hand (换三张: every three of a suit): the
 * person taps the tiles in the hand instead of reading a button per choice. Each such kind's
 * choices: {kind: {size, byTiles: {"259m": action}}}. */
const PICK_AT = 5;           // more choices than this: picked in the hand
function pickKinds(legal) {
  const out = {};
  for (const a of legal) {
    const fields = extraFields(a).filter(isTiles);
    if (fields.length !== 1 || a.tile || a.tiles) continue;
    const tiles = sortTiles(expand(fields[0][1]));
    const kind = (out[a.type] ||= { size: tiles.length, byTiles: {}, count: 0 });
    kind.byTiles[tiles.join("")] = a;
    kind.count += 1;
  }
  for (const [k, v] of Object.entries(out)) if (v.count <= PICK_AT) delete out[k];
  return out;
}

function pickButton(kind, pick, obs) {
  const tiles = shownHand(obs);
  const chosen = sortTiles(state.picked.map((i) => tiles[i]));
  const action = chosen.length === pick.size ? pick.byTiles[chosen.join("")] : undefined;
  return el("button", {
    type: "button", class: `action act-${kind} primary`, dataset: { action: kind, pick: pick.size },
    disabled: !action, onclick: () => action && send(action),
  }, el("span", { class: "action-label", text: actionLabel({ type: kind }, obs) }),
  chosen.map((k) => tileEl(k, { small: true, extra: "mini" })),
  el("small", { class: "muted", text: t("play.pick", { n: pick.size - chosen.length }) }));
}

function togglePick(i) {
  const at = state.picked.indexOf(i);
  if (at >= 0) state.picked.splice(at, 1);
  else state.picked.push(i);
  draw();
}

// ------------------------------------------------------------------ the hand
/** The hand as shown: sorted, the tile just drawn apart at its end. */
function shownHand(obs) {
  const tiles = sortTiles(expand(obs.hand));
  if (obs.drawn) {
    const i = tiles.lastIndexOf(obs.drawn);
    if (i >= 0) tiles.splice(i, 1);
    tiles.push(obs.drawn);
  }
  return tiles;
}

function drawHand(obs, legal) {
  const wilds = new Set(expand(obs.wilds));
  const discards = new Map(legal.filter((a) => a.type === "discard").map((a) => [a.tile, a]));
  const best = state.hint?.discards?.[0]?.discard;
  const tiles = shownHand(obs);
  const picking = !state.review && Object.keys(pickKinds(legal)).length > 0;
  if (state.selected !== null && state.selected >= tiles.length) state.selected = tiles.length - 1;
  $("hand").style.setProperty("--hand-n", Math.max(14, tiles.length));     // 16-tile hands (Fuzhou) fit too
  $("hand").replaceChildren(...tiles.map((k, i) => {
    const action = discards.get(k);
    const extra = [wilds.has(k) ? "wild" : "", obs.drawn && i === tiles.length - 1 ? "drawn" : "",
      i === state.selected ? "selected" : "", best === k ? "hinted" : "", state.picked.includes(i) ? "picked" : "",
      action || picking ? "" : "fixed"].join(" ").trim();
    const title = action ? t("play.discard.tile", { tile: tileName(k) }) : tileName(k);
    const onClick = state.review ? undefined : picking ? () => togglePick(i) : action ? () => send(action) : undefined;
    return tileEl(k, { onClick, extra, title });
  }));
}

function prompt(obs, legal) {
  const box = $("prompt");
  if (obs.phase === "over") return box.replaceChildren(t("play.over"));
  if (obs.phase === "claim" || obs.phase === "rob") {
    return box.replaceChildren(t(obs.phase === "rob" ? "play.rob" : "play.claim", { seat: seatName(obs.turn, obs.seat) }),
      " ", tileEl(obs.tile, { small: true, extra: "mini claim-tile" }));
  }
  if (Object.keys(pickKinds(legal)).length) return box.replaceChildren(t("play.turn.pick"));
  const opening = `play.opening.${obs.opening}`;          // an opening step with words of its own
  if (obs.phase === "opening" && t(opening) !== opening) return box.replaceChildren(t(opening));
  return box.replaceChildren(t(legal.some((a) => a.type === "discard") ? "play.turn.discard" : "play.turn.other"));
}

// ------------------------------------------------------------------ drawing
function draw() {
  const g = state.game;
  $("board").hidden = !g;
  if (!g) return;
  const seed = `${t("play.seed")} ${g.seed}`;
  $("game-info").textContent = `${g.ruleset} · ${seed}`;
  const review = state.review;
  const obs = review ? review.steps[review.at].observation : g.observation;
  const legal = review || g.status === "over" ? [] : g.legal;
  drawBoard(obs, { opponents: $("opponents"), info: $("table-info"), mine: $("me") });
  drawHand(obs, legal);
  $("review-bar").hidden = !review;
  if (review) {
    drawReviewStep();
  } else {
    prompt(obs, legal);
  }
  const picks = pickKinds(legal);
  $("actions").replaceChildren(...Object.entries(picks).map(([kind, pick]) => pickButton(kind, pick, obs)),
    ...legal.filter((a) => a.type !== "discard" && !picks[a.type]).map((a) => actionButton(a, obs)),
    ...(legal.length ? [el("button", { type: "button", id: "hint-button", class: "quiet", onclick: hint,
      title: `${t("hint")} (H)` }, t("hint"), el("kbd", { text: "H" }))] : []));
  drawHint();
  drawEnd();
}

function drawHint() {
  const h = state.hint;
  $("hint").hidden = !h || !!state.review;
  if (!h) return;
  const shanten = h.shanten < 0 ? t("shanten.-1") : h.shanten === 0 ? t("shanten.0") : t("shanten.n", { n: h.shanten });
  const useful = (o) => el("span", { class: "useful" }, o.useful.map((u) =>
    el("span", { class: "useful-tile" }, tileEl(u.tile, { small: true, extra: "mini" }), `×${u.left}`)));
  const rows = h.discards
    ? h.discards.slice(0, 3).map((o, i) => el("div", { class: `hint-row${i === 0 ? " best" : ""}`, dataset: { discard: o.discard } },
      el("span", {}, `${t("analysis.discard")} `), tileEl(o.discard, { small: true, extra: "mini" }),
      el("span", { class: "muted", text: ` ${t("play.hint.useful", { n: o.useful_left })} ` }), useful(o)))
    : [el("div", { class: "hint-row" }, el("span", { class: "muted", text: `${t("play.hint.useful", { n: h.useful_left })} ` }), useful(h))];
  $("hint").replaceChildren(el("div", { class: "hint-head" }, el("strong", { id: "hint-shanten", text: shanten })), ...rows);
}

// ------------------------------------------------------------------ talking to the server
function startBody() {
  const body = { ruleset: $("ruleset").value };
  const overlay = $("overlay").value.trim();
  if (overlay) body.overlay = overlay;
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
  return body;
}

async function newGame() {
  if (state.busy) return;
  clearErrors();
  state.busy = true;
  const body = startBody();
  const data = await api("games", body);
  state.busy = false;
  if (data.ok === false) { showError(data.error, "ruleset", BY_CODE); return; }
  Object.assign(state, { game: data, overlay: body.overlay || null, record: null, hint: null, selected: null, picked: [],
    review: null });
  $("overlay-box").open = false;                // the table needs the screen; the overlay stays in its box
  const detail = await rulesetDetail($("ruleset").value);
  document.documentElement.style.setProperty("--wild-name", JSON.stringify(detail?.table?.wild_name || "混"));
  await arrived();
}

async function send(action) {
  if (state.busy || !state.game || state.review) return;
  clearErrors();
  state.busy = true;
  const data = await api(`games/${state.game.game}/actions`, { action });
  state.busy = false;
  if (data.ok === false) { showError(data.error); return; }
  Object.assign(state, { game: data, hint: null, selected: null, picked: [] });
  await arrived();
}

/** A new answer: drawn; at the hand's end the record is fetched for the result and its download. */
async function arrived() {
  if (state.game.status === "over" && !state.record) {
    const record = await api(`games/${state.game.game}/record`);
    if (record.ok === false) showError(record.error);
    else state.record = record;
  }
  draw();
  if (state.game.status === "over") $("end").scrollIntoView({ block: "start" });
  document.body.dataset.answers = String(Number(document.body.dataset.answers || 0) + 1);    // drawn: tests wait on it
}

async function hint() {
  if (!state.game || state.game.status === "over" || state.review) return;
  const data = await api(`games/${state.game.game}/hint`);
  if (data.ok === false) { showError(data.error); return; }
  state.hint = data;
  draw();
}

// ------------------------------------------------------------------ the end of the hand
function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function winHand(situation) {
  const melds = (situation.melds || []).map((m) => el("span", { class: "group declared" },
    expand(m.tiles).map((k) => tileEl(k, { small: true }))));
  const hand = sortTiles(expand(situation.hand));
  return el("div", { class: "tiles reading" }, el("span", { class: "group" }, hand.map((k) => tileEl(k, { small: true }))),
    ...melds, el("span", { class: "group" }, tileEl(situation.win_tile, { small: true, extra: "win" })));
}

function drawEnd() {
  const g = state.game;
  const box = $("end");
  box.hidden = !g || g.status !== "over";
  if (box.hidden) return;
  const result = g.result;
  const me = g.seat;
  const events = (state.record?.events || []).filter((e) => e.type === "win");
  const parts = [el("h2", { id: "end-title", text: result.wins.length ? t("play.end") : t("play.drawn") })];
  result.wins.forEach((w, i) => {
    const how = w.from === undefined ? t("play.won.self", { seat: seatName(w.seat, me) })
      : t("play.won.on", { seat: seatName(w.seat, me), from: seatName(w.from, me) });
    const score = w.score;
    parts.push(el("div", { class: "win-box", dataset: { winner: w.seat } },
      el("h3", { text: how }),
      events[i] ? winHand(events[i].situation) : null,
      el("table", { class: "fans" }, el("tbody", {}, score.fans.map((f) => el("tr", { dataset: { fan: f.id } },
        el("td", {}, fanNames(f)), el("td", { class: "num", text: `${amount(f)}${f.count > 1 ? ` ×${f.count}` : ""}` }))))),
      el("p", { class: "totals" }, `${t("total")} `, el("strong", { class: "win-total", text: score.total }),
        ` · ${t("value")} `, el("strong", { text: score.value }))));
  });
  parts.push(el("h3", { text: t("deltas") }), el("div", { class: "deltas", id: "deltas" }, result.deltas.map((d, s) =>
    el("div", { class: "delta", dataset: { seat: s } }, el("span", { class: "who", text: seatName(s, me) }),
      el("strong", { class: d > 0 ? "plus" : d < 0 ? "minus" : "", id: `delta-${s}`, text: d > 0 ? `+${d}` : `${d}` })))));
  const stem = `mahjong-${g.ruleset}-${g.seed}`;
  parts.push(el("div", { class: "row end-actions" },
    el("button", { type: "button", id: "review", onclick: review }, t("review")),
    state.record ? el("button", { type: "button", id: "download-record",
      onclick: () => download(`${stem}.json`, `${JSON.stringify(state.record, null, 1)}\n`, "application/json") },
    t("play.download")) : null,
    state.overlay ? el("button", { type: "button", id: "download-overlay",
      onclick: () => download("overlay.yaml", `${state.overlay}\n`, "text/yaml") }, t("play.download.overlay")) : null,
    el("button", { type: "button", id: "again", class: "primary", onclick: newGame }, t("play.new"))),
  el("p", { class: "muted small-text", text: state.overlay ? t("play.settle.overlay") : t("play.settle") }));
  box.replaceChildren(...parts);
}

// ------------------------------------------------------------------ the review
async function review() {
  const data = await api(`games/${state.game.game}/review`);
  if (data.ok === false) { showError(data.error); return; }
  state.review = { steps: data.steps, at: 0 };
  draw();
  $("board").scrollIntoView({ block: "start" });
}

function stepTo(at) {
  const r = state.review;
  if (!r) return;
  r.at = Math.max(0, Math.min(r.steps.length - 1, at));
  draw();
}

function drawReviewStep() {
  const r = state.review;
  const step = r.steps[r.at];
  const obs = step.observation;
  $("review-step").textContent = t("review.step", { n: r.at, of: r.steps.length - 1 });
  $("review-back").disabled = r.at === 0;
  $("review-forward").disabled = r.at === r.steps.length - 1;
  if (!step.action) return $("prompt").replaceChildren(t("review.deal"));
  const a = step.action;
  const words = events(step.events);
  const shown = r.steps[r.at - 1].observation;        // what the seat saw as the action was taken
  $("prompt").replaceChildren(el("strong", { text: `${seatName(a.seat, obs.seat)}: ` }), actionLabel(a, shown), " ",
    ...actionTiles(a, shown).map((k) => tileEl(k, { small: true, extra: "mini" })),
    ...(words ? [el("span", { class: "muted", text: ` — ${words}` })] : []));
}

function events(list) {
  return list.map((e) => {
    const key = `event.${e.type}`;
    return t(key) !== key ? t(key, { name: t("play.wilds") }) : e.type;
  }).join(", ");
}

// ------------------------------------------------------------------ keyboard
function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.("textarea, input, select, summary")) return;
  const key = e.key.toLowerCase();
  if (state.review) {
    if (key === "arrowleft") stepTo(state.review.at - 1);
    else if (key === "arrowright") stepTo(state.review.at + 1);
    else if (key === "escape") { state.review = null; draw(); } else return;
    e.preventDefault();
    return;
  }
  const g = state.game;
  if (!g || g.status === "over") {
    if (key === "n" && !state.busy) { e.preventDefault(); newGame(); }
    return;
  }
  const tiles = shownHand(g.observation);
  const discards = g.legal.filter((a) => a.type === "discard");
  if (key === "arrowleft" || key === "arrowright") {
    const step = key === "arrowleft" ? -1 : 1;
    state.selected = state.selected === null ? (step > 0 ? 0 : tiles.length - 1)
      : (state.selected + step + tiles.length) % tiles.length;
  } else if (/^[0-9]$/.test(key)) {
    state.selected = Math.min(tiles.length - 1, key === "0" ? 9 : Number(key) - 1);
  } else if (key === "enter") {
    if (document.activeElement?.closest?.("#actions")) return;     // a focused action (a chow variant) takes Enter
    const tile = state.selected !== null ? tiles[state.selected] : null;
    const action = discards.find((a) => a.tile === tile);
    if (!action) return;                                            // else Enter does what it does on the page
    send(action);
  } else if (key === "escape") {
    state.selected = null;
  } else if (key === "h") {
    hint();
  } else if (key === " " && document.activeElement?.matches?.("button")) {
    return;                                                         // Space presses the focused button
  } else {
    const letter = key === " " ? "s" : key;
    const buttons = [...document.querySelectorAll(`#actions button[data-key="${letter}"]`)];
    if (!buttons.length) return;
    if (buttons.length === 1) buttons[0].click();
    else buttons[(buttons.indexOf(document.activeElement) + 1) % buttons.length].focus();   // chow variants: cycle, Enter takes
  }
  e.preventDefault();
  if (state.game === g) drawHand(g.observation, g.legal);
}

// ------------------------------------------------------------------ start
function rerender() {
  translate();
  draw();
}

async function main() {
  header("play", rerender);
  overlayBox($("overlay"), $("overlay-file"), $("overlay-clear"), () => {});
  await fillRulesets($("ruleset"), "mahjong.play.ruleset");
  $("new-game").addEventListener("click", newGame);
  $("review-back").addEventListener("click", () => stepTo(state.review.at - 1));
  $("review-forward").addEventListener("click", () => stepTo(state.review.at + 1));
  $("review-close").addEventListener("click", () => { state.review = null; draw(); });
  document.addEventListener("keydown", onKey);
  document.body.dataset.ready = "1";
}

main();
