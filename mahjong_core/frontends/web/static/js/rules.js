// The rules page: a ruleset's fan table and options, and what one ruleset changes against another.
import {
  amount, api, clearErrors, el, fanNames, fillRulesets, header, lang, rulesetDetail, showError, t, translate,
} from "./common.js";

const $ = (id) => document.getElementById(id);
let lastDiff = null;

const show = (v) => (v === null || v === undefined ? t("unset") : (typeof v === "object" ? JSON.stringify(v) : String(v)));

async function drawRuleset() {
  clearErrors($("ruleset").closest(".panel"));
  const d = await rulesetDetail($("ruleset").value);
  if (d.ok === false) {
    showError(d.error, "ruleset");
    return;
  }
  const names = Object.fromEntries(d.fans.map((f) => [f.id, f]));
  const label = (id) => (names[id] ? (lang() === "zh" ? names[id].zh : names[id].en) : id);
  $("about").replaceChildren(
    el("p", {}, el("strong", { text: d.title })),
    el("p", { class: "muted" }, `${t("fingerprint")}: `, el("code", { id: "fingerprint", text: d.fingerprint }),
      d.minimum !== undefined ? ` · ${t("minimum", { n: d.minimum })}` : "",
      d.extends?.length ? ` · extends ${d.extends.join(" → ")}` : ""));
  $("fan-table").replaceChildren(
    el("thead", {}, el("tr", {}, el("th", { text: t("fan") }), el("th", { class: "num", text: t("points") }))),
    el("tbody", {}, d.fans.map((f) => {
      const excludes = [...f.excludes.map(label), ...Object.entries(f.reduces || {}).map(([id, n]) => `${label(id)} −${n}`)];
      return el("tr", { dataset: { fan: f.id } },
        el("td", {}, fanNames(f), el("div", {}, el("code", { class: "muted", text: f.id })),
          excludes.length ? el("div", { class: "excludes muted" }, `${t("fan.excludes")}: ${excludes.join(", ")}`) : null),
        el("td", { class: "num", text: amount(f) }));
    })));
  $("option-table").replaceChildren(
    el("thead", {}, el("tr", {}, el("th", { text: t("option") }), el("th", { text: t("value") }))),
    el("tbody", {}, Object.entries(d.options || {}).map(([k, o]) => el("tr", { dataset: { option: k } },
      el("td", {}, el("code", { text: k }), o.expected ? el("div", { class: "muted expected", text: o.expected }) : null),
      el("td", {}, el("code", { text: show(o.value) }))))));
}

async function runDiff() {
  clearErrors($("diff-run").closest(".panel"));
  const q = new URLSearchParams({ a: $("diff-a").value, b: $("diff-b").value });
  const d = await api(`diff?${q}`);
  if (d.ok === false) { lastDiff = null; $("diff").replaceChildren(); showError(d.error, "general"); return; }
  lastDiff = d;
  drawDiff();
}

function drawDiff() {
  const d = lastDiff;
  if (!d) return;
  const fanLine = (f) => el("li", {}, fanNames(f), ` ${amount(f)}`);
  const change = ([k, [x, y]]) => el("li", {}, el("code", { text: k }), `: ${show(x)} → ${show(y)}`);
  const parts = [];
  const section = (key, items, draw) => {
    if (items.length) parts.push(el("h3", { text: t(key) }), el("ul", { class: "diff-list", dataset: { part: key } }, items.map(draw)));
  };
  section("diff.added", d.fans.added, fanLine);
  section("diff.removed", d.fans.removed, fanLine);
  section("diff.changed", d.fans.changed, (c) => el("li", {}, el("code", { text: c.id }), ": ",
    Object.entries(c.changes).map(([k, [x, y]]) => `${k} ${show(x)} → ${show(y)}`).join("; ")));
  section("diff.options", Object.entries(d.options), change);
  section("diff.settings", Object.entries(d.settings), change);
  if (!parts.length) parts.push(el("p", { class: "muted", text: t("diff.same") }));
  $("diff").replaceChildren(el("p", { class: "muted", text: `${d.a.name} → ${d.b.name}` }), ...parts);
}

async function main() {
  header("rules", () => { translate(); drawRuleset(); drawDiff(); });
  await fillRulesets($("ruleset"), "mahjong.rules.ruleset");
  await fillRulesets($("diff-a"), "mahjong.diff.a", "guobiao");
  await fillRulesets($("diff-b"), "mahjong.diff.b", "popular");
  $("ruleset").addEventListener("change", drawRuleset);
  $("diff-run").addEventListener("click", runDiff);
  await drawRuleset();
  document.body.dataset.ready = "1";
}

main();
