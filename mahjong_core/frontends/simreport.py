"""A simulation's report as text: a terminal summary, Markdown, and one self-contained HTML page
whose plots (with the ``report`` extra, matplotlib) are inline SVG; without matplotlib the page
has the same tables and says that the plots need the extra (docs/simulate.md "The report")."""
from __future__ import annotations

import html as _html
import io

PLOTS_NEED = "plots need the 'report' extra: pip install 'mahjong-core[report]'"


def _pct(x) -> str:
    return "–" if x is None else f"{100 * x:.2f} %"


def _num(x) -> str:
    return "–" if x is None else f"{x:g}"


def _ci(d: dict) -> str:
    if d["ci95"] is None:
        return "–"
    return f"[{d['ci95'][0]:g}, {d['ci95'][1]:g}]"


def _header(report: dict) -> list[str]:
    names = " vs ".join(f"{r['name']} ({r['fingerprint']})" for r in report["rulesets"])
    return [f"rulesets {names}",
            f"seed {report['seed']}, {report['hands']} walls × {report['seatings']} seatings, "
            f"bots {', '.join(report['bots'])}"]


def _side_rows(r: dict) -> list[tuple[str, str]]:
    rows = [("hands", str(r["hands"])), ("draw rate", _pct(r["draw_rate"])),
            ("self-draw share of wins", _pct(r["self_draw_share"])),
            ("dealer advantage (win rate)", _pct(r["dealer_advantage"]["win_rate"])),
            ("dealer advantage (money per hand)", _num(r["dealer_advantage"]["money_per_hand"]))]
    for s in r["seats"]:
        rows.append((f"seat {s['wind']}: win rate / self-draw share / money per hand",
                     f"{_pct(s['win_rate'])} / {_pct(s['self_draw_share'])} / {_num(s['money_per_hand'])}"))
    v = r["value"]
    rows.append(("hand value: mean / median / p90 / max",
                 f"{_num(v['mean'])} / {_num(v['median'])} / {_num(v['p90'])} / {_num(v['max'])}"))
    for kind, share in r["money_shares"].items():
        rows.append((f"share of money: {MONEY_WORDS.get(kind, kind)}", _pct(share)))
    return rows


MONEY_WORDS = {"kongs": "kongs (杠)", "horses": "horses (马)", "not_ready": "查大叫 (not ready)",
               "liability": "包 (one pays all)"}


def summary(report: dict) -> str:
    lines = _header(report)
    for r in report["rulesets"]:
        lines.append(f"\n{r['name']}")
        lines += [f"  {k:<58} {v}" for k, v in _side_rows(r)]
    if "differences" in report:
        lines.append("\nA − B, paired on the same walls: the differences whose 95 % interval excludes zero")
        marked = [d for d in report["differences"] if d["excludes_zero"]]
        lines += [f"  {d['metric']:<40} {d['difference']:+g}  95 % CI {_ci(d)}" for d in marked] or ["  (none)"]
    return "\n".join(lines) + "\n"


def _md_table(head: list[str], rows: list) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return out


def markdown(report: dict) -> str:
    lines = ["# Simulation report", ""] + [f"* {h}" for h in _header(report)] + [""]
    for r in report["rulesets"]:
        lines += [f"## {r['name']}", ""] + _md_table(["number", "value"], _side_rows(r)) + [""]
        lines += ["Fans, as a share of wins:", ""]
        lines += _md_table(["fan", "share"], [(f"{f['zh']} {f['en']}".strip() or f["id"], _pct(f["share"]))
                                              for f in r["fans"]]) + [""]
    if "differences" in report:
        lines += ["## A − B, paired on the same walls", "",
                  "Marked **\\***: the 95 % interval excludes zero.", ""]
        lines += _md_table(["metric", "A", "B", "A − B", "95 % CI", ""],
                           [(d["metric"], _num(d["a"]), _num(d["b"]), _num(d["difference"]), _ci(d),
                             "**\\***" if d["excludes_zero"] else "") for d in report["differences"]])
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ HTML
def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg"):]


def plots(report: dict) -> list[tuple[str, str]]:
    """(title, inline SVG) per plot; empty without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    out = []
    fig, ax = plt.subplots(figsize=(7, 3.2))
    for r in report["rulesets"]:
        h = r["value"]["histogram"]
        ax.step([b["value"] for b in h], [b["count"] for b in h], where="mid", label=r["name"])
    ax.set_xlabel("hand value")
    ax.set_ylabel("wins")
    ax.legend()
    out.append(("Hand values", _svg(fig)))
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / len(report["rulesets"])
    for i, r in enumerate(report["rulesets"]):
        xs = [s["seat"] + i * width for s in r["seats"]]
        ax.bar(xs, [s["win_rate"] or 0 for s in r["seats"]], width, label=r["name"])
    ax.set_xticks([s["seat"] + 0.4 - width / 2 for s in report["rulesets"][0]["seats"]],
                  [s["wind"] for s in report["rulesets"][0]["seats"]])
    ax.set_ylabel("win rate")
    ax.legend()
    out.append(("Win rate per seat", _svg(fig)))
    plt.close(fig)
    diffs = [d for d in report.get("differences", []) if d["ci95"] is not None and not d["metric"].startswith("fan.")]
    if diffs:
        fig, ax = plt.subplots(figsize=(7, 0.25 * len(diffs) + 1))
        for y, d in enumerate(diffs):
            ax.plot(d["ci95"], [y, y], color="C3" if d["excludes_zero"] else "C0")
            ax.plot([d["difference"]], [y], "o", color="C3" if d["excludes_zero"] else "C0")
        ax.axvline(0, color="grey", lw=0.8)
        ax.set_yticks(range(len(diffs)), [d["metric"] for d in diffs], fontsize=7)
        ax.set_xlabel("A − B (95 % CI)")
        out.append(("Differences A − B", _svg(fig)))
        plt.close(fig)
    return out


def _html_table(head: list[str], rows: list, marks: list | None = None) -> str:
    e = _html.escape
    body = "".join("<tr{}>{}</tr>".format(' class="significant"' if marks and marks[i] else "",
                                          "".join(f"<td>{e(str(c))}</td>" for c in row))
                   for i, row in enumerate(rows))
    return f"<table><thead><tr>{''.join(f'<th>{e(h)}</th>' for h in head)}</tr></thead><tbody>{body}</tbody></table>"


def html(report: dict) -> str:
    e = _html.escape
    parts = ["<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Simulation report</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:auto}table{border-collapse:collapse;"
             "margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px}.significant{background:#fde}"
             "figure{margin:1em 0}</style></head><body><h1>Simulation report</h1><ul>"]
    parts += [f"<li>{e(h)}</li>" for h in _header(report)] + ["</ul>"]
    figures = plots(report)
    if figures:
        parts += [f"<figure class='plot'><figcaption>{e(t)}</figcaption>{svg}</figure>" for t, svg in figures]
    else:
        parts.append(f"<p class='no-plots'>{e(PLOTS_NEED)}</p>")
    for r in report["rulesets"]:
        parts.append(f"<h2>{e(r['name'])}</h2>" + _html_table(["number", "value"], _side_rows(r)))
        parts.append("<h3>Fans, as a share of wins</h3>" + _html_table(
            ["fan", "share"], [(f"{f['zh']} {f['en']}".strip() or f["id"], _pct(f["share"])) for f in r["fans"]]))
    if "differences" in report:
        ds = report["differences"]
        parts.append("<h2>A − B, paired on the same walls</h2><p>Highlighted: the 95 % interval excludes zero.</p>")
        parts.append(_html_table(["metric", "A", "B", "A − B", "95 % CI"],
                                 [(d["metric"], _num(d["a"]), _num(d["b"]), _num(d["difference"]), _ci(d)) for d in ds],
                                 [d["excludes_zero"] for d in ds]))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
