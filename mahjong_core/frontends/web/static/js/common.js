// What every page shares: the header (navigation, language switch), calls to the JSON API,
// tiles drawn from the packaged SVGs, notation helpers, the ruleset selector and error placement.
import { lang, setLang, t, translate } from "./i18n.js";

export { t, translate, lang };

const SUIT_SIZE = { m: 9, p: 9, s: 9, z: 7, f: 8 };
export const SUITS = "mpszf";
export const KINDS = [...SUITS].flatMap((s) => Array.from({ length: SUIT_SIZE[s] }, (_, i) => `${i + 1}${s}`));
const ORDER = Object.fromEntries(KINDS.map((k, i) => [k, i]));
const HONOURS_ZH = ["东", "南", "西", "北", "白", "发", "中"];
const HONOURS_EN = ["East", "South", "West", "North", "White", "Green", "Red"];
const FLOWERS_ZH = ["春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"];
const FLOWERS_EN = ["Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum"];

// the Unicode mahjong tiles 🀀 … 🀩, as the notation reads them
const UNICODE = Object.fromEntries(["1z", "2z", "3z", "4z", "7z", "6z", "5z",
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}m`), ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}s`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}p`), "5f", "6f", "7f", "8f", "1f", "2f", "3f", "4f"]
  .map((name, i) => [String.fromCodePoint(0x1F000 + i), name]));

/** "123m55z" (notation the server has read) → ["1m","2m","3m","5z","5z"]. */
export function expand(text) {
  const out = [];
  let digits = "";
  for (const ch of String(text || "")) {
    if (UNICODE[ch]) out.push(UNICODE[ch]);
    else if (/[0-9]/.test(ch)) digits += ch;
    else if (SUITS.includes(ch.toLowerCase())) {
      for (const d of digits) out.push(d + ch.toLowerCase());
      digits = "";
    }
  }
  return out;
}

export const sortTiles = (tiles) => [...tiles].sort((a, b) => ORDER[a] - ORDER[b]);

/** ["1m","2m","5z"] → "12m5z", sorted m p s z f. */
export function format(tiles) {
  let out = "";
  let digits = "";
  let suit = null;
  for (const tile of sortTiles(tiles)) {
    if (tile[1] !== suit && digits) { out += digits + suit; digits = ""; }
    suit = tile[1];
    digits += tile[0];
  }
  return digits ? out + digits + suit : out;
}

/** A tile's name for people: 5万 / 5 characters, 东 / East. */
export function tileName(tile) {
  const n = Number(tile[0]);
  const s = tile[1];
  const zh = lang() === "zh";
  if (s === "z") return zh ? HONOURS_ZH[n - 1] : HONOURS_EN[n - 1];
  if (s === "f") return zh ? FLOWERS_ZH[n - 1] : FLOWERS_EN[n - 1];
  return zh ? `${n}${{ m: "万", p: "筒", s: "条" }[s]}` : `${n} ${t(`suit.${s}`)}`;
}

/** One tile image; a button when onClick is given. */
export function tileEl(tile, { onClick, small, title, extra } = {}) {
  const el = document.createElement(onClick ? "button" : "span");
  el.className = "tile" + (small ? " small" : "") + (extra ? ` ${extra}` : "");
  el.dataset.tile = tile;
  if (onClick) { el.type = "button"; el.addEventListener("click", onClick); }
  const img = document.createElement("img");
  img.src = `tiles/${tile}.svg`;
  img.alt = tile;
  img.width = 60;     // the pictures' own size, so rows keep their height before they load
  img.height = 80;
  img.draggable = false;
  el.title = title || `${tile} ${tileName(tile)}`;
  el.append(img);
  return el;
}

/** A row of tiles, e.g. one set of a reading. */
export function tileGroup(tiles, { small, label, extra } = {}) {
  const g = document.createElement("span");
  g.className = "group" + (extra ? ` ${extra}` : "");
  for (const tile of tiles) g.append(tileEl(tile, { small }));
  if (label) {
    const l = document.createElement("span");
    l.className = "group-label";
    l.textContent = label;
    g.append(l);
  }
  return g;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** Call the JSON API; always resolves to the contract's object (ok true, or ok false + error). */
export async function api(path, body) {
  try {
    const res = await fetch(`api/${path}`, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await res.json().catch(() => null);
    if (data && typeof data === "object") return data;
    return { ok: false, error: { code: `http_${res.status}`, message: res.statusText || t("error.network") } };
  } catch (e) {
    return { ok: false, error: { code: "network", message: t("error.network") } };
  }
}

/** The header on every page: title, navigation and the language switch. */
export function header(page, rerender) {
  const h = document.querySelector("header");
  h.replaceChildren(
    el("a", { class: "brand", href: "./", dataset: { i18n: "app.title" } }),
    el("nav", {},
      ...[["index.html", "score"], ["play.html", "play"], ["table.html", "table"], ["rules.html", "rules"]].map(([href, key]) =>
        el("a", { href, class: key === page ? "active" : null, dataset: { i18n: `nav.${key}` }, id: `nav-${key}` }))),
    el("button", {
      type: "button", id: "lang", class: "lang", dataset: { i18n: "lang.switch" },
      onclick: () => { setLang(lang() === "zh" ? "en" : "zh"); translate(); rerender(); },
    }),
  );
  translate();
}

let rulesetList = null;
/** Every installed ruleset: [{name, title}]. */
export async function rulesets() {
  if (!rulesetList) {
    const data = await api("rulesets");
    rulesetList = Array.isArray(data) ? data : (data.rulesets || []);
  }
  return rulesetList;
}

const details = {};
/** A ruleset's fans, options, title and fingerprint (cached per name). */
export async function rulesetDetail(name) {
  if (!details[name]) details[name] = await api(`rulesets/${encodeURIComponent(name)}`);
  return details[name];
}

/** A fan's amount as its unit adds it: 8 (points), ×2^3 (doublings), +10 (a bonus). */
export function amount(f) {
  return f.unit === "doublings" ? `×2^${f.points}` : f.unit === "bonus" ? `+${f.points}` : `${f.points}`;
}

/** Fill a <select> with the installed rulesets, keeping the choice in localStorage under key. */
export async function fillRulesets(select, key, fallback = "guobiao") {
  const list = await rulesets();
  select.replaceChildren(...list.map((r) => el("option", { value: r.name, text: r.name, title: r.title })));
  const saved = localStorage.getItem(key);
  const names = list.map((r) => r.name);
  select.value = names.includes(saved) ? saved : (names.includes(fallback) ? fallback : names[0]);
  select.addEventListener("change", () => localStorage.setItem(key, select.value));
}

/** The overlay box: paste YAML or load a file the user picks (read in the browser). */
export function overlayBox(textarea, fileInput, clearButton, onChange) {
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files[0];
    if (file) { textarea.value = await file.text(); onChange(); }
    fileInput.value = "";
  });
  clearButton.addEventListener("click", () => { textarea.value = ""; onChange(); });
  textarea.addEventListener("change", onChange);
}

/** Which field an error names: "field 'hand': …", "melds[1]: …", "overlay:3: …", "… in 'ruleset'",
 * else the field its code points at (byCode), else null. */
export function errorField(error, known, byCode = {}) {
  const m = String(error.message);
  const isKnown = (name) => known.includes(name);
  let hit = m.match(/field '([a-z_]+)'/);
  if (hit && isKnown(hit[1])) return hit[1];
  hit = m.match(/^([a-z_]+)(?:\[\d+\])?[: ]/);
  if (hit && isKnown(hit[1])) return hit[1];
  hit = m.match(/ in '([a-z_]+)'/);
  if (hit && isKnown(hit[1])) return hit[1];
  return byCode[error.code] && isKnown(byCode[error.code]) ? byCode[error.code] : null;
}

/** Show an error beside the element with data-error-for=<its field> (or the fallback slot). */
export function showError(error, fallback = "general", byCode = {}) {
  const known = [...document.querySelectorAll("[data-error-for]")].map((n) => n.dataset.errorFor);
  const field = errorField(error, known, byCode);
  const slot = document.querySelector(`[data-error-for="${field}"]`)
    || document.querySelector(`[data-error-for="${fallback}"]`);
  if (!slot) return null;
  slot.replaceChildren(el("span", { class: "code", text: error.code }), " ", error.message);
  slot.hidden = false;
  slot.closest(".field")?.classList.add("has-error");
  return slot;
}

/** Hide the error slots under root, except the one for field `keep`. */
export function clearErrors(root = document, keep = null) {
  for (const slot of root.querySelectorAll("[data-error-for]")) {
    if (slot.dataset.errorFor === keep) continue;
    slot.hidden = true;
    slot.textContent = "";
    slot.closest(".has-error")?.classList.remove("has-error");
  }
  for (const m of root.querySelectorAll(".bad")) m.classList.remove("bad");
}

export function debounce(fn, ms) {
  let timer;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

/** A fan's name in the chosen language, the other language beside it. */
export function fanNames(fan) {
  const zh = lang() === "zh";
  return el("span", { class: "fan-name" },
    el("span", { class: "primary", text: zh ? fan.zh : fan.en }),
    el("span", { class: "secondary", text: zh ? fan.en : fan.zh }));
}
